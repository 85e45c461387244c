// @vitest-environment happy-dom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { StrictMode } from 'react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { REORDER_REMINDER_MESSAGES } from '../../../shared/schemas/reorder-reminders';
import { cartStore } from '../../lib/cart/cart-store';
import { testConfig, testPricingCatalog, testProducts, testUser } from '../../test-support/api-fixtures';
import { registerCartTestHooks } from '../../test-support/component-test-hooks';
import { buildReorderResponse } from '../../test-support/order-fixtures';
import { renderApp } from '../../test-support/render-app';
import { countCalls, jsonResponse, requestBody, requestUrl, stubFetch } from '../../test-support/stub-fetch';
import { reorderLinkDestination } from './reorder-link';

registerCartTestHooks();

const TOKEN = 'rl_0123456789abcdefghijKLMN';
const PATH = `/reorder-link?token=${TOKEN}`;

beforeEach(() => {
  // The "address bar": the memory history does not touch window.location; the page takes the token out of it.
  window.history.replaceState(null, '', PATH);
});
afterEach(() => window.history.replaceState(null, '', '/'));

const linkInvalid = () =>
  jsonResponse(
    { code: 'LINK_INVALID', message: REORDER_REMINDER_MESSAGES.linkUsed, requestId: 'req-1' },
    { status: 400 },
  );

describe('/reorder-link', () => {
  it('asks nothing until the click, then signs in, reads the session again and opens the prefilled order form', async () => {
    let signedIn = false;
    const fetchMock = stubFetch({
      '/api/config': () => jsonResponse(testConfig),
      '/api/session': () => jsonResponse({ user: signedIn ? testUser : null }),
      '/api/products': () => jsonResponse(testProducts),
      '/api/pricing-catalog': () => jsonResponse(testPricingCatalog),
      '/api/reorder-link': () => {
        signedIn = true;
        return jsonResponse({ orderId: 1, redirectTo: '/orders/1/reorder' });
      },
      '/api/orders/1/reorder': () => jsonResponse(buildReorderResponse()),
    });
    const { history } = renderApp(PATH, { wrapper: StrictMode });

    const button = await screen.findByRole('button', { name: 'Continue to your order' });
    expect(screen.getByRole('heading', { level: 1, name: 'Time to reorder?' })).toBeInTheDocument();
    // The token has left the address bar, and opening the page spent nothing: a scanner stops here.
    expect(window.location.search).not.toContain(TOKEN);
    expect(countCalls(fetchMock, '/api/reorder-link')).toBe(0);
    expect(countCalls(fetchMock, '/api/orders')).toBe(0);

    fireEvent.click(button);

    await waitFor(() => expect(history.location.pathname).toBe('/'));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Wholesale Order Form' }),
    ).toBeInTheDocument();
    const calls = fetchMock.mock.calls.filter(([input]) => requestUrl(input) === '/api/reorder-link');
    expect(calls).toHaveLength(1);
    expect(calls[0]?.[1]?.method).toBe('POST');
    expect(JSON.parse(requestBody(calls[0]?.[1]))).toEqual({ token: TOKEN });
    // Through the reorder page, signed in (not sent to /auth): the last order's lines are in the cart.
    expect(countCalls(fetchMock, '/api/orders/1/reorder')).toBe(1);
    expect(cartStore.getSnapshot().items).toEqual(
      expect.arrayContaining([
        { productId: 1, quantity: 24 },
        { productId: 21, quantity: 12 },
      ]),
    );
  });

  it("shows the server's message and 'Sign in' when the link was used or has expired", async () => {
    stubFetch({
      '/api/config': () => jsonResponse(testConfig),
      '/api/session': () => jsonResponse({ user: null }),
      '/api/reorder-link': linkInvalid,
    });
    const { history } = renderApp(PATH);

    fireEvent.click(await screen.findByRole('button', { name: 'Continue to your order' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(REORDER_REMINDER_MESSAGES.linkUsed);
    expect(screen.getByRole('heading', { level: 1, name: 'Reorder link not valid' })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('link', { name: 'Sign in' }));
    await waitFor(() => expect(history.location.pathname).toBe('/auth'));
    // After signing in, the person lands on the order history, where Reorder is.
    expect(history.location.state).toEqual({ next: '/orders' });
  });

  it.each([
    ['no token', '/reorder-link'],
    ['a token that cannot be one', '/reorder-link?token=short'],
  ])('says the link is invalid for %s, without a request', async (_case, path) => {
    window.history.replaceState(null, '', path);
    const fetchMock = stubFetch({
      '/api/config': () => jsonResponse(testConfig),
      '/api/session': () => jsonResponse({ user: null }),
    });
    renderApp(path);

    expect(await screen.findByRole('alert')).toHaveTextContent(REORDER_REMINDER_MESSAGES.linkInvalid);
    expect(screen.queryByRole('button', { name: 'Continue to your order' })).toBeNull();
    expect(countCalls(fetchMock, '/api/reorder-link')).toBe(0);
  });
});

describe('reorderLinkDestination', () => {
  it('follows the reorder page the server names, and nothing outside the portal', () => {
    expect(reorderLinkDestination('/orders/42/reorder')).toBe('/orders/42/reorder');
    expect(reorderLinkDestination('/orders')).toBe('/orders');
    expect(reorderLinkDestination('//evil.test/orders/1/reorder')).toBe('/');
    expect(reorderLinkDestination('https://evil.test/x')).toBe('/');
    expect(reorderLinkDestination('/orders/1/reorder/../../../auth/verify?token=x')).toBe('/');
  });
});
