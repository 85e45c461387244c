// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PublicPolicy } from '../../../shared/schemas/policies';
import { testConfig, testUser } from '../../test-support/api-fixtures';
import { renderApp } from '../../test-support/render-app';
import { countCalls, errorResponse, jsonResponse, stubFetch } from '../../test-support/stub-fetch';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const TERMS: PublicPolicy = {
  kind: 'terms',
  title: 'Terms & Conditions',
  body: [
    'These terms apply to every order.',
    '',
    '## Orders',
    '- Full cases of 12',
    '- One free tester',
    '',
    'Questions? Write to help@dewdrop.test or see https://dewdrop.test/help.',
    '',
    '<img src=x onerror="alert(1)"> is only text.',
  ].join('\n'),
  updatedAt: '2031-03-05T12:00:00.000Z',
};

function stubApi(policy: () => Response | Promise<Response>, user: typeof testUser | null = null) {
  return stubFetch({
    '/api/config': () => jsonResponse({ ...testConfig, termsUrl: '/terms', privacyUrl: '/privacy' }),
    '/api/session': () => jsonResponse({ user }),
    '/api/products': () => jsonResponse([]),
    '/api/policies/terms': policy,
    '/api/policies/privacy': policy,
  });
}

describe('the public policy pages (/terms, /privacy)', () => {
  it('shows a signed-out visitor the terms with their title, date, sections, lists and links, as text', async () => {
    stubApi(() => jsonResponse(TERMS));
    renderApp('/terms');

    expect(await screen.findByRole('heading', { level: 1, name: 'Terms & Conditions' })).toBeInTheDocument();
    expect(await screen.findByText('Last updated Mar 5, 2031')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Orders' })).toBeInTheDocument();
    const list = within(screen.getByRole('article')).getByRole('list');
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Full cases of 12', 'One free tester']);
    expect(screen.getByRole('link', { name: 'help@dewdrop.test' }).getAttribute('href')).toBe(
      'mailto:help@dewdrop.test',
    );
    expect(screen.getByRole('link', { name: 'https://dewdrop.test/help' }).getAttribute('href')).toBe(
      'https://dewdrop.test/help',
    );
    // Whatever staff type stays text: no element is made of it.
    expect(screen.getByText('<img src=x onerror="alert(1)"> is only text.')).toBeInTheDocument();
    expect(document.querySelector('main img')).toBeNull();
    await waitFor(() => expect(document.title).toBe(`Terms & Conditions | ${testConfig.storeName}`));
    // Not the sign-in page: a visitor stays here.
    expect(screen.queryByRole('button', { name: 'Send Login Link' })).toBeNull();
  });

  it('shows the privacy policy to a signed-in customer under the title staff gave it', async () => {
    stubApi(
      () =>
        jsonResponse({ ...TERMS, kind: 'privacy', title: 'Our Privacy Promise', body: 'We keep little.' }),
      testUser,
    );
    renderApp('/privacy');

    expect(await screen.findByRole('heading', { level: 1, name: 'Our Privacy Promise' })).toBeInTheDocument();
    expect(screen.getByText('We keep little.')).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe(`Our Privacy Promise | ${testConfig.storeName}`));
  });

  it('has its heading and a loading status while the text is on its way', async () => {
    stubApi(() => new Promise<Response>(() => undefined));
    renderApp('/privacy');

    expect(await screen.findByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Loading Privacy Policy…');
  });

  it('says plainly when the text could not be loaded, and Retry loads it', async () => {
    let fail = true;
    const fetchMock = stubApi(() =>
      fail ? errorResponse(500, 'The database is not reachable.') : jsonResponse(TERMS),
    );
    renderApp('/terms');

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The Terms & Conditions could not be loaded. Please try again.');
    fail = false;
    fireEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Orders' })).toBeInTheDocument();
    expect(countCalls(fetchMock, '/api/policies/terms')).toBe(2);
  });

  it.each([
    ['missing (404)', () => errorResponse(404, 'This policy has not been published yet.')],
    ['empty', () => jsonResponse({ ...TERMS, body: '' })],
  ])('says a policy that is %s has not been published, with a way back', async (_case, answer) => {
    stubApi(answer);
    renderApp('/terms');

    expect(await screen.findByText('This page has not been published yet.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Terms & Conditions' })).toBeInTheDocument();
    expect(screen.queryByText(/Last updated/)).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByRole('link', { name: 'Back to the order form' }).getAttribute('href')).toBe('/');
  });
});
