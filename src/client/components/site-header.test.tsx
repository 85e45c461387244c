// @vitest-environment happy-dom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { toast } from '../lib/toast';
import { describe, expect, it } from 'vitest';
import { cartStore, setCartItemQuantity } from '../lib/cart/cart-store';
import { readOrderNotes, writeOrderNotes } from '../lib/cart/order-notes-store';
import { testConfig, testUser } from '../test-support/api-fixtures';
import { registerCartTestHooks } from '../test-support/component-test-hooks';
import { renderApp } from '../test-support/render-app';
import { countCalls, errorResponse, jsonResponse, stubFetch } from '../test-support/stub-fetch';

registerCartTestHooks();

type Handlers = Parameters<typeof stubFetch>[0];

function stubApi(signedIn: boolean, overrides: Handlers = {}) {
  return stubFetch({
    '/api/config': () => jsonResponse(testConfig),
    '/api/products': () => jsonResponse([]),
    '/api/session': () => jsonResponse({ user: signedIn ? testUser : null }),
    ...overrides,
  });
}

async function openMenu() {
  const button = await screen.findByRole('button', { name: 'Account menu for Jane Doe' });
  fireEvent.click(button);
  return { button, menu: screen.getByRole('menu') };
}

describe('customer header', () => {
  it("shows a visitor the 'Sign In / Register' button and no customer navigation", async () => {
    stubApi(false);
    renderApp('/');

    expect((await screen.findByRole('link', { name: 'Sign In / Register' })).getAttribute('href')).toBe(
      '/auth',
    );
    expect(within(screen.getByRole('navigation', { name: 'Main' })).queryAllByRole('link')).toEqual([]);
    expect(screen.queryByRole('button', { name: /Account menu/ })).toBeNull();
  });

  it('shows a signed-in customer the navigation and an avatar with the first name initial', async () => {
    stubApi(true);
    renderApp('/');

    const button = await screen.findByRole('button', { name: 'Account menu for Jane Doe' });
    expect(button.textContent).toBe('J');
    expect(button.getAttribute('aria-haspopup')).toBe('menu');
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((link) => [link.textContent, link.getAttribute('href')]),
    ).toEqual([
      ['Shop', '/'],
      ['Account', '/account'],
      ['Orders', '/orders'],
      ['Support', '/account/support'],
    ]);
    expect(screen.queryByRole('link', { name: 'Sign In / Register' })).toBeNull();
    // The order form no longer calls the customer a visitor.
    expect(screen.queryByRole('complementary', { name: 'Not signed in' })).toBeNull();
  });

  it('opens the avatar menu with name, e-mail and entries; Escape closes it and returns focus', async () => {
    stubApi(true);
    renderApp('/');
    const { button, menu } = await openMenu();

    expect(button.getAttribute('aria-expanded')).toBe('true');
    expect(within(menu).getByText('Jane Doe')).toBeInTheDocument();
    expect(within(menu).getByText('jane@shop.test')).toBeInTheDocument();
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual(['Shop', 'My Account', 'Order History', 'Customer Support', 'Sign Out']);
    await waitFor(() => expect(document.activeElement?.textContent).toBe('Shop'));

    fireEvent.keyDown(document.activeElement ?? menu, { key: 'ArrowDown' });
    expect(document.activeElement?.textContent).toBe('My Account');
    fireEvent.keyDown(document.activeElement ?? menu, { key: 'Escape' });

    expect(screen.queryByRole('menu')).toBeNull();
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(button);
  });

  it("signs out: 'Signing out...', POST /api/logout, cart cleared, 'Logged out', then /auth", async () => {
    let answer: (response: Response) => void = () => undefined;
    const fetchMock = stubApi(true, {
      '/api/logout': () => new Promise<Response>((resolve) => (answer = resolve)),
    });
    setCartItemQuantity(1, 12);
    writeOrderNotes('Leave at the back door');
    const { history } = renderApp('/');
    const { menu } = await openMenu();

    fireEvent.click(within(menu).getByRole('menuitem', { name: 'Sign Out' }));
    expect(await within(menu).findByRole('menuitem', { name: 'Signing out...' })).toBeInTheDocument();
    answer(new Response(null, { status: 204 }));

    await waitFor(() => expect(history.location.pathname).toBe('/auth'));
    expect(toast.success).toHaveBeenCalledWith('Logged out');
    expect(cartStore.getSnapshot().items).toEqual([]);
    // The next person on this browser does not inherit the notes either.
    expect(readOrderNotes()).toBe('');
    expect(countCalls(fetchMock, '/api/logout')).toBe(1);
    expect(await screen.findByRole('link', { name: 'Sign In / Register' })).toBeInTheDocument();
  });

  it("toasts 'Logout failed' and stays signed in when the server refuses", async () => {
    stubApi(true, { '/api/logout': () => errorResponse(500, 'Boom') });
    const { history } = renderApp('/');
    const { menu } = await openMenu();

    fireEvent.click(within(menu).getByRole('menuitem', { name: 'Sign Out' }));

    await waitFor(() => expect(toast.error).toHaveBeenCalledWith('Logout failed'));
    expect(history.location.pathname).toBe('/');
    expect(screen.getByRole('button', { name: 'Account menu for Jane Doe' })).toBeInTheDocument();
  });
});
