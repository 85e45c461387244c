// @vitest-environment happy-dom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { StrictMode } from 'react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cartStore, setCartItemQuantity } from '../../lib/cart/cart-store';
import { testConfig, testPricingCatalog, testProducts, testUser } from '../../test-support/api-fixtures';
import { registerCartTestHooks } from '../../test-support/component-test-hooks';
import { renderApp } from '../../test-support/render-app';
import { countCalls, jsonResponse, requestBody, requestUrl, stubFetch } from '../../test-support/stub-fetch';

registerCartTestHooks();

const TOKEN = 'tok_abc123';

beforeEach(() => {
  // The "address bar": the memory history does not touch window.location; the page takes the token out of it.
  window.history.replaceState(null, '', `/auth/verify?token=${TOKEN}&next=%2Forders`);
});
afterEach(() => window.history.replaceState(null, '', '/'));

const linkInfo = () => jsonResponse({ maskedEmail: 'd…@example.com' });
const linkInvalid = () =>
  jsonResponse({ code: 'LINK_INVALID', message: 'This link is invalid or has expired.' }, { status: 400 });

describe('/auth/verify', () => {
  it('removes the token from the address bar, asks whose link it is, and signs in once on the click', async () => {
    let signedIn = false;
    const fetchMock = stubFetch({
      '/api/config': () => jsonResponse(testConfig),
      '/api/session': () => jsonResponse({ user: signedIn ? testUser : null }),
      '/api/auth/link-info': linkInfo,
      '/api/auth/verify': () => {
        signedIn = true;
        return jsonResponse({ user: testUser, redirectTo: '/orders' });
      },
    });
    const { history } = renderApp(`/auth/verify?token=${TOKEN}&next=%2Forders`, { wrapper: StrictMode });

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Sign in as d…@example.com?' }),
    ).toBeInTheDocument();
    expect(window.location.search).not.toContain(TOKEN);
    // Opening the page spends nothing: a scanner that renders it stops here.
    expect(countCalls(fetchMock, '/api/auth/verify')).toBe(0);
    const [, infoInit] =
      fetchMock.mock.calls.find(([input]) => requestUrl(input) === '/api/auth/link-info') ?? [];
    expect(JSON.parse(requestBody(infoInit))).toEqual({ token: TOKEN });

    fireEvent.click(screen.getByRole('button', { name: 'Sign In' }));

    await waitFor(() => expect(history.location.pathname).toBe('/orders'));
    expect(countCalls(fetchMock, '/api/auth/verify')).toBe(1);
    const [, init] = fetchMock.mock.calls.find(([input]) => requestUrl(input) === '/api/auth/verify') ?? [];
    expect(init?.method).toBe('POST');
    expect(JSON.parse(requestBody(init))).toEqual({ token: TOKEN, next: '/orders' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Order History' })).toBeInTheDocument();
  });

  it('strips the token before the link is even checked', async () => {
    stubFetch({
      '/api/config': () => jsonResponse(testConfig),
      '/api/auth/link-info': () => new Promise<Response>(() => undefined),
    });
    renderApp(`/auth/verify?token=${TOKEN}`);

    expect(await screen.findByText('Checking your link…')).toBeInTheDocument();
    expect(window.location.href).not.toContain(TOKEN);
    expect(window.location.pathname).toBe('/auth/verify');
  });

  it("shows one 'link invalid or expired' screen with a way to request a new link", async () => {
    const fetchMock = stubFetch({
      '/api/config': () => jsonResponse(testConfig),
      '/api/auth/link-info': linkInvalid,
    });
    renderApp(`/auth/verify?token=${TOKEN}`);

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Link Invalid or Expired' }),
    ).toBeInTheDocument();
    expect(screen.getByText('This link is invalid or has expired.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Request a new login link' }).getAttribute('href')).toBe('/auth');
    expect(window.location.href).not.toContain(TOKEN);
    expect(countCalls(fetchMock, '/api/auth/verify')).toBe(0);
  });

  it('says the link is invalid when it was spent between the check and the click', async () => {
    stubFetch({
      '/api/config': () => jsonResponse(testConfig),
      '/api/auth/link-info': linkInfo,
      '/api/auth/verify': linkInvalid,
    });
    renderApp(`/auth/verify?token=${TOKEN}`);

    fireEvent.click(await screen.findByRole('button', { name: 'Sign In' }));

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Link Invalid or Expired' }),
    ).toBeInTheDocument();
  });

  it.each(['//evil.test/x', '/%2F%2Fevil.test/x', '/..//evil.test/x', 'https://evil.test/x'])(
    'never follows the redirect target %j',
    async (redirectTo) => {
      stubFetch({
        '/api/config': () => jsonResponse(testConfig),
        '/api/session': () => jsonResponse({ user: testUser }),
        '/api/products': () => jsonResponse([]),
        '/api/auth/link-info': linkInfo,
        '/api/auth/verify': () => jsonResponse({ user: testUser, redirectTo }),
      });
      const { history } = renderApp(`/auth/verify?token=${TOKEN}`);
      fireEvent.click(await screen.findByRole('button', { name: 'Sign In' }));

      await waitFor(() => expect(history.location.pathname).toBe('/'));
      expect(history.location.search).toBe('');
    },
  );

  it("the link of 'Review Your Order' signs in and opens the review with the cart that was built", async () => {
    window.history.replaceState(null, '', `/auth/verify?token=${TOKEN}&next=%2Fconfirm`);
    setCartItemQuantity(1, 12);
    let signedIn = false;
    const fetchMock = stubFetch({
      '/api/config': () => jsonResponse(testConfig),
      '/api/session': () => jsonResponse({ user: signedIn ? testUser : null }),
      '/api/products': () => jsonResponse(testProducts),
      '/api/pricing-catalog': () => jsonResponse(testPricingCatalog),
      '/api/auth/link-info': linkInfo,
      '/api/auth/verify': () => {
        signedIn = true;
        return jsonResponse({ user: testUser, redirectTo: '/confirm' });
      },
    });
    const { history } = renderApp(`/auth/verify?token=${TOKEN}&next=%2Fconfirm`);

    fireEvent.click(await screen.findByRole('button', { name: 'Sign In' }));

    await waitFor(() => expect(history.location.pathname).toBe('/confirm'));
    const [, init] = fetchMock.mock.calls.find(([input]) => requestUrl(input) === '/api/auth/verify') ?? [];
    expect(JSON.parse(requestBody(init))).toEqual({ token: TOKEN, next: '/confirm' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Review Your Order' })).toBeInTheDocument();
    expect(cartStore.getSnapshot().items).toEqual([{ productId: 1, quantity: 12 }]);
  });
});
