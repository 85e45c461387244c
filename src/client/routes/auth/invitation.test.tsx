// @vitest-environment happy-dom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { StrictMode } from 'react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { CurrentUser } from '../../../shared/schemas/auth';
import {
  INVITATION_ACCEPTED_MESSAGE,
  INVITATION_EXPIRED_MESSAGE,
  INVITATION_INVALID_MESSAGE,
  INVITATION_REVOKED_MESSAGE,
  type InvitationInfo,
} from '../../../shared/schemas/team';
import { toast } from '../../lib/toast';
import { testConfig, testPricingCatalog, testProducts, testUser } from '../../test-support/api-fixtures';
import { registerCartTestHooks } from '../../test-support/component-test-hooks';
import { expectFieldProblem } from '../../test-support/field-problem';
import { renderApp } from '../../test-support/render-app';
import {
  countCalls,
  errorResponse,
  jsonResponse,
  requestBody,
  requestUrl,
  stubFetch,
} from '../../test-support/stub-fetch';

registerCartTestHooks();

type Handlers = Parameters<typeof stubFetch>[0];
type FetchMock = ReturnType<typeof stubFetch>;

const TOKEN = 'inv_tok_456';
const PATH = `/invitation?token=${TOKEN}`;

beforeEach(() => {
  // The "address bar": the memory history does not touch window.location; the page takes the token out of it.
  window.history.replaceState(null, '', PATH);
});
afterEach(() => window.history.replaceState(null, '', '/'));

const openInfo: InvitationInfo = {
  state: 'open',
  companyName: 'Doe Botanicals',
  email: 'sam@shop.test',
  role: 'buyer',
  invitedBy: 'Jane Doe',
  signedInAs: null,
};

const newMember: CurrentUser = {
  ...testUser,
  id: 12,
  username: 'sam@shop.test',
  email: 'sam@shop.test',
  firstName: 'Sam',
  lastName: 'Buyer',
  company: { id: 3, name: 'Doe Botanicals', role: 'buyer' },
};

function stubApi(info: InvitationInfo | (() => Response), overrides: Handlers = {}) {
  return stubFetch({
    '/api/config': () => jsonResponse(testConfig),
    '/api/session': () => jsonResponse({ user: null }),
    '/api/invitations/info': typeof info === 'function' ? info : () => jsonResponse(info),
    ...overrides,
  });
}

function bodiesTo(fetchMock: FetchMock, path: string): unknown[] {
  return fetchMock.mock.calls
    .filter(([input]) => requestUrl(input) === path)
    .map(([, init]) => JSON.parse(requestBody(init)) as unknown);
}

describe('/invitation', () => {
  it('takes the token out of the address bar, shows the invitation, and spends nothing on opening', async () => {
    const fetchMock = stubApi(openInfo);
    renderApp(PATH, { wrapper: StrictMode });

    expect(await screen.findByRole('heading', { level: 1, name: 'Join Doe Botanicals' })).toBeInTheDocument();
    expect(window.location.href).not.toContain(TOKEN);
    expect(window.location.pathname).toBe('/invitation');
    expect(
      screen.getByText(
        (_content, element) =>
          element?.tagName === 'P' &&
          element.textContent ===
            'Jane Doe invited sam@shop.test to order with Doe Botanicals as Buyer: places and reorders orders, and sees the orders they placed.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Accept' })).toBeInTheDocument();
    expect(bodiesTo(fetchMock, '/api/invitations/info')[0]).toEqual({ token: TOKEN });
    // A mail scanner that opens the link stops here: nothing was accepted.
    expect(countCalls(fetchMock, '/api/invitations/accept')).toBe(0);
  });

  it("says 'An owner' when the inviter is not known, and a viewer's role as it reads inside the sentence", async () => {
    stubApi({ ...openInfo, invitedBy: null, role: 'viewer' });
    renderApp(PATH);

    expect(await screen.findByRole('heading', { level: 1, name: 'Join Doe Botanicals' })).toBeInTheDocument();
    // Only the description's first letter is lower-cased: 'PDFs' keeps its capitals.
    expect(
      screen.getByText(
        (_content, element) =>
          element?.tagName === 'P' &&
          element.textContent ===
            "An owner invited sam@shop.test to order with Doe Botanicals as Viewer: sees the company's orders, PDFs and payment status, but cannot order.",
      ),
    ).toBeInTheDocument();
    expect(screen.getByText('Viewer').tagName).toBe('STRONG');
  });

  it('shows a problem under each empty name and sends nothing', async () => {
    const fetchMock = stubApi(openInfo);
    renderApp(PATH);

    fireEvent.change(await screen.findByLabelText('Last name'), { target: { value: '   ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Accept' }));

    await waitFor(() => expectFieldProblem('First name', 'First name is required'));
    expectFieldProblem('Last name', 'Last name is required');
    expect(countCalls(fetchMock, '/api/invitations/accept')).toBe(0);
  });

  it('accepts once with the token and the names, and lands signed in on the shop', async () => {
    let signedIn = false;
    const fetchMock = stubApi(openInfo, {
      '/api/session': () => jsonResponse({ user: signedIn ? newMember : null }),
      '/api/products': () => jsonResponse(testProducts),
      '/api/pricing-catalog': () => jsonResponse(testPricingCatalog),
      '/api/invitations/accept': () => {
        signedIn = true;
        return jsonResponse({ user: newMember });
      },
    });
    const { history } = renderApp(PATH);

    fireEvent.change(await screen.findByLabelText('First name'), { target: { value: ' Sam ' } });
    fireEvent.change(screen.getByLabelText('Last name'), { target: { value: 'Buyer' } });
    fireEvent.click(screen.getByRole('button', { name: 'Accept' }));

    await waitFor(() => expect(history.location.pathname).toBe('/'));
    expect(bodiesTo(fetchMock, '/api/invitations/accept')).toEqual([
      { token: TOKEN, firstName: 'Sam', lastName: 'Buyer' },
    ]);
    const [, init] =
      fetchMock.mock.calls.find(([input]) => requestUrl(input) === '/api/invitations/accept') ?? [];
    expect(init?.method).toBe('POST');
    expect(await screen.findByRole('button', { name: 'Account menu for Sam Buyer' })).toBeInTheDocument();
    // The spent link is not asked about again on the way out.
    expect(countCalls(fetchMock, '/api/invitations/info')).toBe(1);
  });

  it('shows a refused accept in an alert and stays on the page', async () => {
    const message = 'This invitation expired a moment ago. Ask an owner of the company to send it again.';
    const fetchMock = stubApi(openInfo, {
      '/api/invitations/accept': () =>
        jsonResponse({ code: 'GONE', message, requestId: 'req-test' }, { status: 410 }),
    });
    const { history } = renderApp(PATH);

    fireEvent.change(await screen.findByLabelText('First name'), { target: { value: 'Sam' } });
    fireEvent.change(screen.getByLabelText('Last name'), { target: { value: 'Buyer' } });
    fireEvent.click(screen.getByRole('button', { name: 'Accept' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(history.location.pathname).toBe('/invitation');
    expect(countCalls(fetchMock, '/api/invitations/accept')).toBe(1);
    expect(screen.getByLabelText<HTMLInputElement>('First name').value).toBe('Sam');
    expect(screen.getByRole('button', { name: 'Accept' })).toBeEnabled();
  });

  it('an invitation already accepted says so, with a way to sign in and no Accept', async () => {
    const fetchMock = stubApi({ ...openInfo, state: 'accepted' });
    renderApp(PATH);

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Invitation Already Accepted' }),
    ).toBeInTheDocument();
    expect(screen.getByText(INVITATION_ACCEPTED_MESSAGE)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to sign in' }).getAttribute('href')).toBe('/auth');
    expect(screen.queryByRole('button', { name: 'Accept' })).toBeNull();
    expect(screen.queryByLabelText('First name')).toBeNull();
    expect(countCalls(fetchMock, '/api/invitations/accept')).toBe(0);
  });

  it.each([
    ['expired', 'Invitation Expired', INVITATION_EXPIRED_MESSAGE],
    ['revoked', 'Invitation Withdrawn', INVITATION_REVOKED_MESSAGE],
  ] as const)(
    'an invitation %s shows %j and its message, with neither Accept nor a way to sign in',
    async (state, title, message) => {
      const fetchMock = stubApi({ ...openInfo, state });
      renderApp(PATH);

      expect(await screen.findByRole('heading', { level: 1, name: title })).toBeInTheDocument();
      expect(screen.getByText(message)).toBeInTheDocument();
      // The invited person has no account yet: signing in is no way forward.
      expect(screen.queryByRole('link', { name: 'Go to sign in' })).toBeNull();
      expect(screen.queryByRole('button', { name: 'Accept' })).toBeNull();
      expect(screen.queryByLabelText('First name')).toBeNull();
      expect(countCalls(fetchMock, '/api/invitations/accept')).toBe(0);
    },
  );

  it("says 'Invitation Link Invalid' for a token the server does not know", async () => {
    const fetchMock = stubApi(() =>
      jsonResponse(
        { code: 'LINK_INVALID', message: 'This link is invalid.', requestId: 'req-test' },
        { status: 400 },
      ),
    );
    renderApp(PATH);

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Invitation Link Invalid' }),
    ).toBeInTheDocument();
    expect(screen.getByText(INVITATION_INVALID_MESSAGE)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to sign in' }).getAttribute('href')).toBe('/auth');
    expect(screen.queryByRole('button', { name: 'Retry' })).toBeNull();
    expect(window.location.href).not.toContain(TOKEN);
    expect(countCalls(fetchMock, '/api/invitations/info')).toBe(1);
    expect(countCalls(fetchMock, '/api/invitations/accept')).toBe(0);
  });

  it.each([
    ['a 500', () => errorResponse(500, 'Something went wrong')],
    [
      'a network error',
      () => {
        throw new TypeError('Failed to fetch');
      },
    ],
  ] as const)(
    'says the invitation could not be checked after %s, not that the link is invalid, and Retry asks again',
    async (_case, failure) => {
      let fail = true;
      const fetchMock = stubApi(() => (fail ? failure() : jsonResponse(openInfo)));
      renderApp(PATH);

      const alert = await screen.findByRole('alert');
      expect(alert).toHaveTextContent('Your invitation could not be checked. Please try again.');
      expect(screen.queryByRole('heading', { name: 'Invitation Link Invalid' })).toBeNull();
      expect(screen.queryByText(INVITATION_INVALID_MESSAGE)).toBeNull();
      expect(screen.queryByRole('button', { name: 'Accept' })).toBeNull();
      expect(countCalls(fetchMock, '/api/invitations/info')).toBe(1);

      fail = false;
      fireEvent.click(within(alert).getByRole('button', { name: 'Retry' }));

      expect(
        await screen.findByRole('heading', { level: 1, name: 'Join Doe Botanicals' }),
      ).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Accept' })).toBeInTheDocument();
      expect(screen.queryByText('Your invitation could not be checked. Please try again.')).toBeNull();
      // Asked again with the same token, which has left the address bar by now.
      expect(bodiesTo(fetchMock, '/api/invitations/info')).toEqual([{ token: TOKEN }, { token: TOKEN }]);
    },
  );

  it("says 'Invitation Link Invalid' without asking the server when the address has no token", async () => {
    window.history.replaceState(null, '', '/invitation');
    const fetchMock = stubApi(openInfo);
    renderApp('/invitation');

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Invitation Link Invalid' }),
    ).toBeInTheDocument();
    expect(countCalls(fetchMock, '/api/invitations/info')).toBe(0);
  });

  it('signed in as someone else: names both addresses, and after Sign Out stays and offers Accept', async () => {
    let signedIn = true;
    const fetchMock = stubApi(
      () => jsonResponse({ ...openInfo, signedInAs: signedIn ? 'jane@shop.test' : null }),
      {
        '/api/session': () => jsonResponse({ user: signedIn ? testUser : null }),
        '/api/logout': () => {
          signedIn = false;
          return jsonResponse({ message: 'Logged out' });
        },
      },
    );
    const { history } = renderApp(PATH);

    expect(await screen.findByRole('heading', { level: 1, name: 'Join Doe Botanicals' })).toBeInTheDocument();
    expect(
      screen.getByText(
        'You are signed in as jane@shop.test, but this invitation is for sam@shop.test. Sign out first to accept it.',
        { exact: false },
      ),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Accept' })).toBeNull();
    expect(screen.queryByLabelText('First name')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Sign Out' }));

    expect(await screen.findByRole('button', { name: 'Accept' })).toBeInTheDocument();
    expect(countCalls(fetchMock, '/api/logout')).toBe(1);
    const [, logoutInit] = fetchMock.mock.calls.find(([input]) => requestUrl(input) === '/api/logout') ?? [];
    expect(logoutInit?.method).toBe('POST');
    expect(toast.success).toHaveBeenCalledWith('Logged out');
    expect(history.location.pathname).toBe('/invitation');
    expect(screen.getByLabelText('First name')).toBeInTheDocument();
    expect(screen.queryByText(/You are signed in as/)).toBeNull();
    // Asked again with the same token, which the page kept though the address bar no longer has it.
    expect(bodiesTo(fetchMock, '/api/invitations/info')).toEqual([{ token: TOKEN }, { token: TOKEN }]);
    expect(countCalls(fetchMock, '/api/invitations/accept')).toBe(0);
  });
});
