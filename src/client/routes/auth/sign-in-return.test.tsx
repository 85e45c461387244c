// @vitest-environment happy-dom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { cartStore, setCartItemQuantity } from '../../lib/cart/cart-store';
import { testConfig, testPricingCatalog, testProducts, testUser } from '../../test-support/api-fixtures';
import { registerCartTestHooks } from '../../test-support/component-test-hooks';
import { renderApp } from '../../test-support/render-app';
import { jsonResponse, requestBody, requestUrl, stubFetch } from '../../test-support/stub-fetch';

/**
 * Issue 19: a visitor sent to sign in by a page of the customer area is told why, and the login link they ask
 * for leads back to that page (docs/accounts-and-roles.md#magic-links).
 */

registerCartTestHooks();

const REVIEW_REASON = 'Sign in to review and submit your order — your cart is kept';
const OTHER_PAGE_REASON = 'Sign in to open that page — you will be taken back to it';

type Handlers = Parameters<typeof stubFetch>[0];

function stubApi(overrides: Handlers = {}) {
  return stubFetch({
    '/api/config': () => jsonResponse(testConfig),
    '/api/session': () => jsonResponse({ user: null }),
    '/api/products': () => jsonResponse(testProducts),
    '/api/pricing-catalog': () => jsonResponse(testPricingCatalog),
    '/api/validate-cart': () => jsonResponse({ success: true, errors: [], warnings: [] }),
    '/api/request-magic-link': () => jsonResponse({ message: 'sent' }),
    ...overrides,
  });
}

/** Types an address on the Login tab, presses 'Send Login Link' and returns the body that was sent. */
async function sendLoginLink(fetchMock: ReturnType<typeof stubFetch>): Promise<unknown> {
  fireEvent.change(await screen.findByLabelText('Email'), { target: { value: 'dana@example.com' } });
  fireEvent.click(screen.getByRole('button', { name: 'Send Login Link' }));
  let body: unknown;
  await waitFor(() => {
    const call = fetchMock.mock.calls.find(([input]) => requestUrl(input) === '/api/request-magic-link');
    expect(call).toBeDefined();
    body = JSON.parse(requestBody(call?.[1]));
  });
  return body;
}

describe('signing in on the way to a page of the customer area', () => {
  it("'Review Your Order' with a cart: /auth says why, keeps the cart, and the link leads back to /confirm", async () => {
    vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
    const fetchMock = stubApi();
    const { history } = renderApp('/');
    await screen.findByRole('table');
    fireEvent.click(screen.getByRole('button', { name: 'Add one case of 4 oz bottle' }));
    fireEvent.click(screen.getByRole('button', { name: 'Review Your Order' }));

    await waitFor(() => expect(history.location.pathname).toBe('/auth'));
    expect(await screen.findByText(REVIEW_REASON)).toBeInTheDocument();
    expect(screen.queryByText(OTHER_PAGE_REASON)).toBeNull();
    expect(cartStore.getSnapshot().items).toEqual([{ productId: 1, quantity: 12 }]);

    expect(await sendLoginLink(fetchMock)).toEqual({ email: 'dana@example.com', next: '/confirm' });
  });

  it('another page of the customer area: a general reason, and the link leads back to it with its query', async () => {
    const fetchMock = stubApi();
    const { history } = renderApp('/orders?page=2');

    await waitFor(() => expect(history.location.pathname).toBe('/auth'));
    expect(await screen.findByText(OTHER_PAGE_REASON)).toBeInTheDocument();
    expect(screen.queryByText(REVIEW_REASON)).toBeNull();
    expect(await sendLoginLink(fetchMock)).toEqual({ email: 'dana@example.com', next: '/orders?page=2' });
  });

  it('/auth opened on its own: no reason, and the link leads to the shop', async () => {
    const fetchMock = stubApi();
    renderApp('/auth');

    expect(await screen.findByRole('heading', { level: 1, name: 'Sign In / Register' })).toBeInTheDocument();
    expect(screen.queryByText(REVIEW_REASON)).toBeNull();
    expect(screen.queryByText(OTHER_PAGE_REASON)).toBeNull();
    expect(await sendLoginLink(fetchMock)).toEqual({ email: 'dana@example.com' });
  });

  it('ignores a return path in the history state that is not on this origin', async () => {
    const fetchMock = stubApi();
    renderApp('/auth', { state: { next: '//evil.example/confirm' } });

    expect(await screen.findByRole('heading', { level: 1, name: 'Sign In / Register' })).toBeInTheDocument();
    expect(screen.queryByText(OTHER_PAGE_REASON)).toBeNull();
    expect(await sendLoginLink(fetchMock)).toEqual({ email: 'dana@example.com' });
  });

  it('a signed-in customer on /auth goes on to the page they were sent from', async () => {
    setCartItemQuantity(1, 12);
    stubApi({ '/api/session': () => jsonResponse({ user: testUser }) });
    const { history } = renderApp('/auth', { state: { next: '/confirm' } });

    await waitFor(() => expect(history.location.pathname).toBe('/confirm'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Review Your Order' })).toBeInTheDocument();
  });
});

describe('the Login tab on passwords', () => {
  it('says passwords are for staff, links their sign-in page, and keeps the reset link beside it', async () => {
    stubApi();
    renderApp('/auth');

    const panel = await screen.findByRole('tabpanel');
    expect(
      within(panel).getByText("We'll e-mail you a secure link that signs you in; no password needed."),
    ).toBeInTheDocument();
    const note = within(panel).getByText(/Staff sign in with a password on the/);
    expect(note.textContent).toBe(
      'Staff sign in with a password on the staff sign-in page. Forgot your password?',
    );
    expect(within(note).getByRole('link', { name: 'staff sign-in page' }).getAttribute('href')).toBe(
      '/admin/login',
    );
    expect(within(note).getByRole('link', { name: 'Forgot your password?' }).getAttribute('href')).toBe(
      '/auth/forgot-password',
    );
  });

  it('Forgot Password tells a shop customer that signing in needs no password', async () => {
    stubApi();
    renderApp('/auth/forgot-password');

    const note = await screen.findByText(/Shop customers need no password to sign in/);
    expect(note.textContent).toBe(
      'Shop customers need no password to sign in: ask for a sign-in link instead.',
    );
    expect(within(note).getByRole('link', { name: 'ask for a sign-in link' }).getAttribute('href')).toBe(
      '/auth',
    );
  });
});
