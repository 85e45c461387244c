// @vitest-environment happy-dom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { REORDER_REMINDER_MESSAGES } from '../../../shared/schemas/reorder-reminders';
import { testConfig } from '../../test-support/api-fixtures';
import { registerCartTestHooks } from '../../test-support/component-test-hooks';
import { renderApp } from '../../test-support/render-app';
import {
  countCalls,
  errorResponse,
  jsonResponse,
  requestUrl,
  stubFetch,
} from '../../test-support/stub-fetch';

registerCartTestHooks();

const TOKEN = 'un_0123456789abcdefghijKLMN';
const PATH = `/unsubscribe?token=${TOKEN}`;
const TITLE = 'Unsubscribe from reorder reminders';

afterEach(() => window.history.replaceState(null, '', '/'));

function stubSignedOut(unsubscribe: () => Response) {
  return stubFetch({
    '/api/config': () => jsonResponse(testConfig),
    '/api/session': () => jsonResponse({ user: null }),
    '/api/reorder-reminders/unsubscribe': unsubscribe,
  });
}

describe('/unsubscribe', () => {
  it("works signed out: nothing until 'Unsubscribe', then one POST and the server's words with a link to My Account", async () => {
    window.history.replaceState(null, '', PATH);
    const fetchMock = stubSignedOut(() => jsonResponse({ message: REORDER_REMINDER_MESSAGES.unsubscribed }));
    renderApp(PATH);

    expect(await screen.findByRole('heading', { level: 1, name: TITLE })).toBeInTheDocument();
    expect(window.location.search).not.toContain(TOKEN);
    expect(countCalls(fetchMock, '/api/reorder-reminders/unsubscribe')).toBe(0);

    fireEvent.click(screen.getByRole('button', { name: 'Unsubscribe' }));

    expect(await screen.findByRole('status')).toHaveTextContent(REORDER_REMINDER_MESSAGES.unsubscribed);
    expect(screen.getByRole('link', { name: 'Go to My Account' }).getAttribute('href')).toBe('/account');
    expect(screen.queryByRole('button', { name: 'Unsubscribe' })).toBeNull();
    const calls = fetchMock.mock.calls.filter(([input]) =>
      requestUrl(input).startsWith('/api/reorder-reminders/unsubscribe'),
    );
    expect(calls).toHaveLength(1);
    expect(requestUrl(calls[0]?.[0] ?? '')).toBe(`/api/reorder-reminders/unsubscribe?token=${TOKEN}`);
    expect(calls[0]?.[1]?.method).toBe('POST');
    expect(calls[0]?.[1]?.body).toBeUndefined();
  });

  it("shows the server's message for a link it does not know, with no button to try again", async () => {
    stubSignedOut(() =>
      jsonResponse(
        { code: 'LINK_INVALID', message: REORDER_REMINDER_MESSAGES.unsubscribeInvalid, requestId: 'r' },
        { status: 400 },
      ),
    );
    renderApp(PATH);

    fireEvent.click(await screen.findByRole('button', { name: 'Unsubscribe' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(REORDER_REMINDER_MESSAGES.unsubscribeInvalid);
    expect(screen.queryByRole('button', { name: 'Unsubscribe' })).toBeNull();
  });

  it('shows another failure and lets the person try again', async () => {
    let fail = true;
    const fetchMock = stubSignedOut(() =>
      fail
        ? errorResponse(503, 'Please try again in a moment')
        : jsonResponse({ message: REORDER_REMINDER_MESSAGES.unsubscribed }),
    );
    renderApp(PATH);

    fireEvent.click(await screen.findByRole('button', { name: 'Unsubscribe' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Please try again in a moment');

    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Unsubscribe' }));
    expect(await screen.findByRole('status')).toHaveTextContent(REORDER_REMINDER_MESSAGES.unsubscribed);
    await waitFor(() => expect(countCalls(fetchMock, '/api/reorder-reminders/unsubscribe')).toBe(2));
  });

  it('says the link is not valid when it has no token, without a request', async () => {
    const fetchMock = stubSignedOut(() => jsonResponse({ message: 'no' }));
    renderApp('/unsubscribe');

    expect(await screen.findByRole('heading', { level: 1, name: TITLE })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent(REORDER_REMINDER_MESSAGES.unsubscribeInvalid);
    expect(screen.queryByRole('button', { name: 'Unsubscribe' })).toBeNull();
    expect(countCalls(fetchMock, '/api/reorder-reminders/unsubscribe')).toBe(0);
  });
});
