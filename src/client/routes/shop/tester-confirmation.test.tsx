// @vitest-environment happy-dom
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { toast } from '../../lib/toast';
import { describe, expect, it, vi } from 'vitest';
import { CART_STORAGE_KEY } from '../../lib/cart/cart-store';
import { testConfig, testUser } from '../../test-support/api-fixtures';
import { registerCartTestHooks } from '../../test-support/component-test-hooks';
import { renderApp } from '../../test-support/render-app';
import { buildOrderDetailResponse, buildTesterOrderDetailResponse } from '../../test-support/order-fixtures';
import { errorResponse, jsonResponse, stubFetch } from '../../test-support/stub-fetch';

registerCartTestHooks();

// Orders 5 and 6: tester-only; order 7: cases of 4 oz and 1 oz with the tester; order 8: not the buyer's.

function stubApi() {
  return stubFetch({
    '/api/config': () => jsonResponse(testConfig),
    '/api/session': () => jsonResponse({ user: testUser }),
    '/api/orders/5': () => jsonResponse(buildTesterOrderDetailResponse(5)),
    '/api/orders/6': () =>
      jsonResponse({
        ...buildTesterOrderDetailResponse(6),
        order: { ...buildTesterOrderDetailResponse(6).order, poNumber: 'PO-2031-0042' },
      }),
    '/api/orders/7': () => jsonResponse(buildOrderDetailResponse({ id: 7 })),
    '/api/orders/8': () => errorResponse(404, 'Order not found'),
    '/api/orders/9': () => errorResponse(500, 'Boom'),
    // Continue Shopping opens the order form, which loads these.
    '/api/products': () => jsonResponse([]),
    '/api/pricing-catalog': () => jsonResponse({ tiers: [], customPrices: [], components: [] }),
  });
}

function seedTesterCart() {
  localStorage.setItem(
    CART_STORAGE_KEY,
    JSON.stringify({ version: 2, items: [], testerAdded: true, updatedAt: '2031-05-01T10:00:00.000Z' }),
  );
}

const storedCart = () => JSON.parse(localStorage.getItem(CART_STORAGE_KEY) ?? 'null') as unknown;

describe('tester confirmation page', () => {
  it('confirms the tester order: a free tester, free shipping and what happens next', async () => {
    stubApi();
    renderApp('/tester-confirmation?orderId=5');

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Tester Order Successful!' }),
    ).toBeInTheDocument();
    expect(screen.getByText('WO-1005')).toBeInTheDocument();
    // Free, and still to be approved: no payment link, and nothing 'on its way' yet.
    expect(
      screen.getByText(
        /has been submitted\. It ships once our team approves it, and there is nothing to pay\./,
      ),
    ).toBeInTheDocument();
    expect(screen.queryByText(/on its way/)).toBeNull();
    expect(screen.getByText('Free in-store tester × 1').nextElementSibling?.textContent).toBe('Free');
    expect(screen.getByText('$19.00').tagName).toBe('S');
    expect(screen.getByRole('heading', { name: 'What happens next?' })).toBeInTheDocument();
    const steps = within(screen.getByRole('list', { name: 'What happens next?' })).getAllByRole('listitem');
    expect(steps.map((step) => step.textContent)).toEqual([
      'Your tester order will be processed within 1-2 business days.',
      'You will receive a shipping confirmation email once it ships.',
      'Your tester should arrive in 3-5 business days.',
    ]);
    expect(screen.getByRole('link', { name: 'View Order Details' }).getAttribute('href')).toBe('/orders/5');
  });

  it.each([
    ['an order with cases', 7],
    ["an order that is not the buyer's", 8],
  ])('sends %s to its own page, and leaves the cart alone', async (_kind, id) => {
    seedTesterCart();
    stubApi();
    const { history } = renderApp(`/tester-confirmation?orderId=${id}`);

    await waitFor(() => expect(history.location.pathname).toBe(`/orders/${id}`));
    expect(screen.queryByText('Tester Order Successful!')).toBeNull();
    expect(storedCart()).toMatchObject({ testerAdded: true });
  });

  it('offers Retry, and keeps the cart, when the order cannot be loaded for another reason', async () => {
    seedTesterCart();
    stubApi();
    const { history } = renderApp('/tester-confirmation?orderId=9');

    expect(await screen.findByText('Your tester order could not be loaded. Please try again.')).toBeVisible();
    expect(screen.getByRole('button', { name: /Retry/ })).toBeInTheDocument();
    expect(history.location.pathname).toBe('/tester-confirmation');
    expect(storedCart()).toMatchObject({ testerAdded: true });
  });

  it("shows the buyer's PO number when the order has one (issue 20)", async () => {
    stubApi();
    renderApp('/tester-confirmation?orderId=6');
    const po = await screen.findByText('PO-2031-0042');
    expect(po.closest('p')?.textContent).toBe('PO number: PO-2031-0042');
  });

  it('clears the cart on load', async () => {
    seedTesterCart();
    stubApi();
    renderApp('/tester-confirmation?orderId=5');

    await screen.findByRole('heading', { name: 'Tester Order Successful!' });
    // The clearing effect runs after the first paint.
    await waitFor(() => expect(storedCart()).toMatchObject({ items: [], testerAdded: false }));
    expect(toast.warning).not.toHaveBeenCalled();
  });

  it('empties the cart once per order: coming Back to the page later keeps the next cart', async () => {
    seedTesterCart();
    stubApi();
    const first = renderApp('/tester-confirmation?orderId=6');
    await screen.findByRole('heading', { name: 'Tester Order Successful!' });
    // The clearing effect runs after the first paint.
    await waitFor(() => expect(storedCart()).toMatchObject({ items: [], testerAdded: false }));
    first.unmount();

    localStorage.setItem(
      CART_STORAGE_KEY,
      JSON.stringify({
        version: 9,
        items: [{ productId: 1, quantity: 24 }],
        testerAdded: false,
        updatedAt: '2031-05-01T11:00:00.000Z',
      }),
    );
    renderApp('/tester-confirmation?orderId=6');
    await screen.findByRole('heading', { name: 'Tester Order Successful!' });
    // Let the page's effects run before judging that they left the cart alone.
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(storedCart()).toMatchObject({ items: [{ productId: 1, quantity: 24 }] });
  });

  it('goes to / 500 ms after Continue Shopping', async () => {
    stubApi();
    const { history } = renderApp('/tester-confirmation?orderId=5');
    const button = await screen.findByRole('button', { name: 'Continue Shopping' });

    vi.useFakeTimers();
    try {
      fireEvent.click(button);
      await act(() => vi.advanceTimersByTimeAsync(499));
      expect(history.location.pathname).toBe('/tester-confirmation');
      await act(() => vi.advanceTimersByTimeAsync(1));
      expect(history.location.pathname).toBe('/');
    } finally {
      vi.useRealTimers();
    }
  });

  it('says the order reference is missing without an orderId, and leaves the cart alone', async () => {
    seedTesterCart();
    stubApi();
    renderApp('/tester-confirmation');

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Order Reference Missing' }),
    ).toBeInTheDocument();
    expect(within(screen.getByRole('alert')).getByText('Missing Order Information')).toBeInTheDocument();
    expect(screen.queryByText('Tester Order Successful!')).toBeNull();
    expect(storedCart()).toMatchObject({ testerAdded: true });
  });

  // Last: a spy on happy-dom's localStorage is not restored, so it would break the writes of later tests.
  it('warns when the cart cannot be cleared', async () => {
    seedTesterCart();
    stubApi();
    vi.spyOn(window.localStorage, 'setItem').mockImplementation(() => {
      throw new DOMException('full', 'QuotaExceededError');
    });
    renderApp('/tester-confirmation?orderId=5');

    await screen.findByRole('heading', { name: 'Tester Order Successful!' });
    expect(toast.warning).toHaveBeenCalledWith('Your cart could not be cleared', {
      id: 'tester-cart-not-cleared',
      description: 'Please remove the tester from your order form before you place a new order.',
    });
  });
});
