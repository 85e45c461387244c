// @vitest-environment happy-dom
import { cleanup, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { testConfig } from './test-support/api-fixtures';
import { renderApp } from './test-support/render-app';
import { jsonResponse, stubFetch } from './test-support/stub-fetch';

beforeEach(() => {
  stubFetch({ '/api/config': () => jsonResponse(testConfig), '/api/products': () => jsonResponse([]) });
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('route table', () => {
  it('shows the not-found screen with a way back for an unknown path', async () => {
    renderApp('/no-such-page');

    expect(await screen.findByRole('heading', { level: 1, name: '404 Page Not Found' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to the order form' }).getAttribute('href')).toBe('/');
  });

  it('matches paths case-insensitively, so /ORDERS is the order history and not a 404', async () => {
    renderApp('/ORDERS');

    expect(await screen.findByRole('heading', { level: 1, name: 'Order History' })).toBeTruthy();
    expect(screen.queryByText('404 Page Not Found')).toBeNull();
  });

  it.each([
    ['/', 'Wholesale Order Form'],
    ['/confirm', 'Review Your Order'],
    ['/order-success?orderNumber=WO-1001&orderId=7', 'Order Success'],
    ['/tester-confirmation?orderId=7', 'Tester Order Success'],
    ['/account', 'My Account'],
    ['/account/support', 'Customer Support'],
    ['/support?order=7&type=order_issue', 'Customer Support'],
    ['/orders', 'Order History'],
    ['/orders/7', 'Order Detail'],
    ['/orders/7/reorder', 'Reorder'],
    ['/auth', 'Sign In / Register'],
    ['/auth/verify?token=abc', 'Sign In'],
    ['/auth/forgot-password', 'Forgot Password'],
    ['/reset-password?token=abc', 'Reset Password'],
    ['/admin', 'Admin Dashboard'],
    ['/admin/login', 'Admin Portal'],
  ])('routes %s to the %s page', async (path, heading) => {
    renderApp(path);

    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeTruthy();
  });

  it('wraps customer pages in the storefront header and footer', async () => {
    renderApp('/orders');

    await screen.findByRole('heading', { level: 1, name: 'Order History' });
    expect(screen.getByRole('link', { name: 'Sign In / Register' }).getAttribute('href')).toBe('/auth');
    expect(screen.getByRole('contentinfo')).toBeTruthy();
  });

  it('gives admin pages their own layout without the storefront header and footer', async () => {
    renderApp('/admin/login');

    await screen.findByRole('heading', { level: 1, name: 'Admin Portal' });
    expect(screen.queryByRole('link', { name: 'Sign In / Register' })).toBeNull();
    expect(screen.queryByRole('contentinfo')).toBeNull();
  });
});
