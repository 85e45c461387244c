// @vitest-environment happy-dom
import { act, cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { testConfig, testUser } from './test-support/api-fixtures';
import { renderApp } from './test-support/render-app';
import { jsonResponse, stubFetch } from './test-support/stub-fetch';

function stubApi(signedIn: boolean) {
  stubFetch({
    '/api/config': () => jsonResponse(testConfig),
    '/api/products': () => jsonResponse([]),
    '/api/session': () => jsonResponse({ user: signedIn ? testUser : null }),
    // The reorder page waits for its answer, so its heading stays on screen.
    '/api/orders/7/reorder': () => new Promise<Response>(() => undefined),
  });
}

beforeEach(() => stubApi(false));

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const CUSTOMER_ROUTES = [
  // With nothing in the cart there is nothing to review: the order form
  // (docs/storefront.md#routes-and-access).
  ['/confirm', 'Wholesale Order Form'],
  ['/order-success?orderNumber=WO-1001&orderId=7', 'Order Submitted Successfully!'],
  // Shown only for a tester-only order of the buyer; the unstubbed API answers 404, so the order's own page.
  ['/tester-confirmation?orderId=7', 'Order Not Found'],
  ['/account', 'My Account'],
  ['/account/support', 'Customer Support'],
  ['/support?order=7&type=order_issue', 'Customer Support'],
  ['/orders', 'Order History'],
  // The unstubbed API answers 404.
  ['/orders/7', 'Order Not Found'],
  ['/orders/7/reorder', 'Recreating Your Order'],
] as const;

describe('route table', () => {
  it('shows the not-found screen with a way back for an unknown path', async () => {
    renderApp('/no-such-page');

    expect(await screen.findByRole('heading', { level: 1, name: '404 Page Not Found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to the order form' }).getAttribute('href')).toBe('/');
  });

  it('matches paths case-insensitively, so /ORDERS is the order history and not a 404', async () => {
    stubApi(true);
    renderApp('/ORDERS');

    expect(await screen.findByRole('heading', { level: 1, name: 'Order History' })).toBeInTheDocument();
    expect(screen.queryByText('404 Page Not Found')).toBeNull();
  });

  it.each(CUSTOMER_ROUTES)('routes %s to the %s page for a signed-in customer', async (path, heading) => {
    stubApi(true);
    renderApp(path);

    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
  });

  it.each(CUSTOMER_ROUTES)('sends a signed-out visitor from %s to /auth', async (path) => {
    const { history } = renderApp(path);

    await waitFor(() => expect(history.location.pathname).toBe('/auth'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign In / Register' })).toBeInTheDocument();
  });

  it('also sends a visitor to /auth when the server has no session API (any non-OK /api/user)', async () => {
    stubFetch({ '/api/config': () => jsonResponse(testConfig) });
    const { history } = renderApp('/orders');

    await waitFor(() => expect(history.location.pathname).toBe('/auth'));
  });

  it('shows a spinner while the session loads', async () => {
    stubFetch({
      '/api/config': () => jsonResponse(testConfig),
      '/api/session': () => new Promise<Response>(() => undefined),
    });
    renderApp('/account');

    expect(await screen.findByRole('status')).toBeInTheDocument();
    expect(screen.getByText('Loading your account…')).toBeInTheDocument();
  });

  it.each([
    ['/', 'Wholesale Order Form'],
    ['/auth', 'Sign In / Register'],
    ['/auth/verify', 'Link Invalid or Expired'],
    ['/auth/forgot-password', 'Forgot Password'],
    ['/reset-password', 'Invalid or Expired Token'],
    // A visitor at /admin is sent to the admin sign-in (docs/storefront.md#routes-and-access).
    ['/admin', 'Admin Portal'],
    ['/admin/login', 'Admin Portal'],
  ])('routes %s to the %s page for a visitor', async (path, heading) => {
    renderApp(path);

    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
  });

  it('sends a signed-in customer from /auth to the shop', async () => {
    stubApi(true);
    const { history } = renderApp('/auth');

    await waitFor(() => expect(history.location.pathname).toBe('/'));
  });

  it('wraps customer pages in the storefront header and footer', async () => {
    renderApp('/auth/forgot-password');

    await screen.findByRole('heading', { level: 1, name: 'Forgot Password' });
    expect(screen.getByRole('link', { name: 'Sign In / Register' }).getAttribute('href')).toBe('/auth');
    expect(screen.getByRole('contentinfo')).toBeInTheDocument();
  });

  it('gives admin pages their own layout without the storefront header and footer', async () => {
    renderApp('/admin/login');

    await screen.findByRole('heading', { level: 1, name: 'Admin Portal' });
    expect(screen.queryByRole('link', { name: 'Sign In / Register' })).toBeNull();
    expect(screen.queryByRole('contentinfo')).toBeNull();
  });
});

describe('focus after a client-side navigation', () => {
  it("moves the focus to the new page's main heading, not on the first load", async () => {
    stubApi(true);
    const { history } = renderApp('/');
    await screen.findByRole('heading', { level: 1, name: 'Wholesale Order Form' });
    expect(document.activeElement).toBe(document.body);

    act(() => history.push('/account'));
    const heading = await screen.findByRole('heading', { level: 1, name: 'My Account' });
    await waitFor(() => expect(document.activeElement).toBe(heading));
    expect(heading.getAttribute('tabindex')).toBe('-1');
  });

  it('leaves the focus alone when only the query changes', async () => {
    stubApi(true);
    const { history } = renderApp('/');
    await screen.findByRole('heading', { level: 1, name: 'Wholesale Order Form' });

    act(() => history.push('/account'));
    await screen.findByRole('heading', { level: 1, name: 'My Account' });
    const field = screen.getByLabelText('First Name');
    field.focus();
    act(() => history.push('/account?tab=details'));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(document.activeElement).toBe(field);
  });
});
