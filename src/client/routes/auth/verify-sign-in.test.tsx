// @vitest-environment happy-dom
import { screen, waitFor } from '@testing-library/react';
import { StrictMode } from 'react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { testConfig, testUser } from '../../test-support/api-fixtures';
import { registerCartTestHooks } from '../../test-support/component-test-hooks';
import { renderApp } from '../../test-support/render-app';
import { countCalls, jsonResponse, requestBody, requestUrl, stubFetch } from '../../test-support/stub-fetch';

registerCartTestHooks();

const TOKEN = 'tok_abc123';

beforeEach(() => {
  // The "address bar": the memory router does not touch window.location, the page's loader does.
  window.history.replaceState(null, '', `/auth/verify?token=${TOKEN}&next=%2Forders`);
});
afterEach(() => window.history.replaceState(null, '', '/'));

describe('/auth/verify', () => {
  it('removes the token from the address bar, signs in once and goes to the redirect target', async () => {
    let signedIn = false;
    const fetchMock = stubFetch({
      '/api/config': () => jsonResponse(testConfig),
      '/api/session': () => jsonResponse({ user: signedIn ? testUser : null }),
      '/api/auth/verify': () => {
        signedIn = true;
        return jsonResponse({ user: testUser, redirectTo: '/orders' });
      },
    });
    const { router } = renderApp(`/auth/verify?token=${TOKEN}&next=%2Forders`, { wrapper: StrictMode });

    await waitFor(() => expect(router.state.location.pathname).toBe('/orders'));
    expect(window.location.search).not.toContain(TOKEN);
    expect(countCalls(fetchMock, '/api/auth/verify')).toBe(1);
    const [, init] = fetchMock.mock.calls.find(([input]) => requestUrl(input) === '/api/auth/verify') ?? [];
    expect(init?.method).toBe('POST');
    expect(JSON.parse(requestBody(init))).toEqual({ token: TOKEN, next: '/orders' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Order History' })).toBeInTheDocument();
  });

  it('strips the token before the sign-in request is even answered', async () => {
    stubFetch({
      '/api/config': () => jsonResponse(testConfig),
      '/api/auth/verify': () => new Promise<Response>(() => undefined),
    });
    renderApp(`/auth/verify?token=${TOKEN}`);

    expect(await screen.findByText('Signing you in…')).toBeInTheDocument();
    expect(window.location.href).not.toContain(TOKEN);
    expect(window.location.pathname).toBe('/auth/verify');
  });

  it("shows one 'link invalid or expired' screen with a way to request a new link", async () => {
    stubFetch({
      '/api/config': () => jsonResponse(testConfig),
      '/api/auth/verify': () =>
        jsonResponse(
          { code: 'LINK_INVALID', message: 'This link is invalid or has expired.' },
          { status: 400 },
        ),
    });
    renderApp(`/auth/verify?token=${TOKEN}`);

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Link Invalid or Expired' }),
    ).toBeInTheDocument();
    expect(screen.getByText('This link is invalid or has expired.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Request a new login link' }).getAttribute('href')).toBe('/auth');
    expect(window.location.href).not.toContain(TOKEN);
  });

  it('never follows a redirect target on another origin', async () => {
    stubFetch({
      '/api/config': () => jsonResponse(testConfig),
      '/api/session': () => jsonResponse({ user: testUser }),
      '/api/products': () => jsonResponse([]),
      '/api/auth/verify': () => jsonResponse({ user: testUser, redirectTo: '//evil.test/x' }),
    });
    const { router } = renderApp(`/auth/verify?token=${TOKEN}`);

    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });
});
