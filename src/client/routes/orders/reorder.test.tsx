// @vitest-environment happy-dom
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { StrictMode } from 'react';
import { toast } from '../../lib/toast';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CART_STORAGE_KEY, cartStore } from '../../lib/cart/cart-store';
import { forgetReorderRuns } from '../../features/orders/reorder-run';
import {
  forgetHandledReorderTokensInMemory,
  reorderNavigationState,
} from '../../features/orders/reorder-token';
import { testConfig, testPricingCatalog, testProducts, testUser } from '../../test-support/api-fixtures';
import { registerCartTestHooks } from '../../test-support/component-test-hooks';
import {
  buildOrderDetailResponse,
  buildOrderList,
  buildOrderSummary,
  buildReorderResponse,
} from '../../test-support/order-fixtures';
import { renderApp } from '../../test-support/render-app';
import {
  countCalls,
  errorResponse,
  jsonResponse,
  requestUrl,
  stubFetch,
} from '../../test-support/stub-fetch';

registerCartTestHooks();

beforeEach(() => {
  vi.spyOn(toast, 'info');
  vi.spyOn(console, 'warn').mockImplementation(() => {});
});

afterEach(() => {
  vi.useRealTimers();
  sessionStorage.clear();
  // What a page load forgets; sessionStorage (cleared above) is what survives one.
  forgetReorderRuns();
  forgetHandledReorderTokensInMemory();
});

/** Timers under test control, while time still flows for everything else (lazy pages, queries). */
function useControlledTimers() {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'], shouldAdvanceTime: true });
}
const advance = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

type Handlers = Parameters<typeof stubFetch>[0];
const REORDER_PATH = '/api/orders/1/reorder';

function stubApi(handlers: Handlers = {}) {
  return stubFetch({
    '/api/config': () => jsonResponse(testConfig),
    '/api/session': () => jsonResponse({ user: testUser }),
    '/api/products': () => jsonResponse(testProducts),
    '/api/pricing-catalog': () => jsonResponse(testPricingCatalog),
    '/api/validate-cart': () => jsonResponse({ success: true, errors: [], warnings: [] }),
    '/api/orders': () => jsonResponse(buildOrderList([buildOrderSummary()])),
    '/api/orders/1': () => jsonResponse(buildOrderDetailResponse()),
    [REORDER_PATH]: () => jsonResponse(buildReorderResponse()),
    ...handlers,
  });
}

function storedCart(): unknown {
  return JSON.parse(localStorage.getItem(CART_STORAGE_KEY) ?? 'null');
}

/** Every toast shown, whatever its kind, as [title, options]. */
const allToasts = () =>
  [toast.success, toast.info, toast.warning, toast.error].flatMap((kind) => vi.mocked(kind).mock.calls);
const orderLoadedToast = () => allToasts().filter(([title]) => title === 'Order Loaded');

async function expectOrderFormWithReorder(history: ReturnType<typeof renderApp>['history']) {
  await waitFor(() => expect(history.location.pathname).toBe('/'));
  const fourOunce = await screen.findByRole<HTMLInputElement>('spinbutton', {
    name: 'Cases of 4 oz bottle',
  });
  expect(fourOunce.value).toBe('2');
  expect(screen.getByRole<HTMLInputElement>('spinbutton', { name: 'Cases of 1 oz bottle' }).value).toBe('1');
  expect(storedCart()).toMatchObject({
    items: [
      { productId: 1, quantity: 24 },
      { productId: 21, quantity: 12 },
    ],
    testerAdded: true,
  });
}

describe('Reorder from the order history', () => {
  beforeEach(useControlledTimers);

  it('makes one reorder call for a double click, fills the cart and opens the order form with the notices', async () => {
    // Something else in the cart before: the buyer is asked, and chooses to replace it (issue 31).
    cartStore.update(() => ({ items: [{ productId: 27, quantity: 36 }], testerAdded: false }));
    const fetchMock = stubApi();
    const { history } = renderApp('/orders');
    const reorder = await screen.findByRole('button', { name: 'Reorder' });

    fireEvent.click(reorder);
    fireEvent.click(reorder);
    const question = await screen.findByRole('dialog', { name: 'Your cart already has items' });
    expect(countCalls(fetchMock, REORDER_PATH)).toBe(0);
    fireEvent.click(within(question).getByRole('button', { name: 'Replace your cart' }));

    await expectOrderFormWithReorder(history);
    expect(countCalls(fetchMock, REORDER_PATH)).toBe(1);
    const [url, init] =
      fetchMock.mock.calls.find(([input]) => requestUrl(input).startsWith(REORDER_PATH)) ?? [];
    expect(url && requestUrl(url)).toMatch(/^\/api\/orders\/1\/reorder\?t=\d+$/);
    expect(init?.method).toBe('POST');
    expect(init?.body).toBeUndefined();
    expect(new Headers(init?.headers).get('Cache-Control')).toBe('no-cache');
    expect(init?.signal).toBeInstanceOf(AbortSignal);

    // One notice, on the order form, about a second after it opens; none before.
    await advance(900);
    expect(allToasts()).toEqual([]);
    await advance(100);
    expect(allToasts()).toEqual([['Order Loaded', { description: 'Your previous order has been restored' }]]);
    // The reorder address was replaced: Back returns to the history, not to another reorder.
    act(() => history.go(-1));
    expect(history.location.pathname).toBe('/orders');
    expect(countCalls(fetchMock, REORDER_PATH)).toBe(1);
  });

  it("adds the order to a cart that has items when the buyer chooses 'Add to your cart'", async () => {
    cartStore.update(() => ({
      items: [
        { productId: 27, quantity: 36 },
        { productId: 1, quantity: 12 },
      ],
      testerAdded: false,
    }));
    const fetchMock = stubApi();
    const { history } = renderApp('/orders');
    fireEvent.click(await screen.findByRole('button', { name: 'Reorder' }));
    const question = await screen.findByRole('dialog', { name: 'Your cart already has items' });
    fireEvent.click(within(question).getByRole('button', { name: 'Add to your cart' }));

    await waitFor(() => expect(history.location.pathname).toBe('/'));
    expect(countCalls(fetchMock, REORDER_PATH)).toBe(1);
    // The split pack the buyer had stays; the order's 4 oz adds to the case already there.
    expect(storedCart()).toMatchObject({
      items: [
        { productId: 27, quantity: 36 },
        { productId: 1, quantity: 36 },
        { productId: 21, quantity: 12 },
      ],
      testerAdded: true,
    });
    await screen.findByRole('spinbutton', { name: 'Cases of 4 oz bottle' });
    await advance(1000);
    expect(allToasts()).toEqual([
      [
        'Order Loaded',
        {
          description:
            'Your previous order has been restored. Its items were added to those already in your cart.',
        },
      ],
    ]);
  });

  it('asks nothing when the cart is empty', async () => {
    const fetchMock = stubApi();
    const { history } = renderApp('/orders');
    fireEvent.click(await screen.findByRole('button', { name: 'Reorder' }));
    await waitFor(() => expect(history.location.pathname).toBe('/'));
    expect(screen.queryByRole('dialog', { name: 'Your cart already has items' })).toBeNull();
    expect(countCalls(fetchMock, REORDER_PATH)).toBe(1);
  });

  it("runs once under StrictMode, with one notice: 'Order Loaded'", async () => {
    const fetchMock = stubApi();
    const { history } = renderApp('/orders', { wrapper: StrictMode });

    fireEvent.click(await screen.findByRole('button', { name: 'Reorder' }));

    await expectOrderFormWithReorder(history);
    await advance(1000);
    expect(orderLoadedToast()).toHaveLength(1);
    expect(countCalls(fetchMock, REORDER_PATH)).toBe(1);
    await advance(5000);
    expect(allToasts()).toEqual([['Order Loaded', { description: 'Your previous order has been restored' }]]);
  });

  it("starts from 'Reorder All Items' in an expanded row and from the order detail too", async () => {
    const fetchMock = stubApi();
    const { history } = renderApp('/orders');
    fireEvent.click(await screen.findByRole('button', { name: 'Details of order WO-1001' }));
    fireEvent.click(screen.getByRole('button', { name: 'Reorder All Items' }));
    await expectOrderFormWithReorder(history);

    act(() => history.push('/orders/1'));
    // The order form stays on screen until the order's page has its code.
    await screen.findByRole('heading', { level: 1, name: 'Order WO-1001' });
    const summary = within(screen.getByRole('region', { name: 'Order Summary' }));
    fireEvent.click(summary.getByRole('button', { name: 'Reorder' }));
    // The first reorder filled the cart: the buyer is asked, and Cancel does nothing.
    let question = await screen.findByRole('dialog', { name: 'Your cart already has items' });
    fireEvent.click(within(question).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(countCalls(fetchMock, REORDER_PATH)).toBe(1);
    fireEvent.click(summary.getByRole('button', { name: 'Reorder' }));
    question = await screen.findByRole('dialog', { name: 'Your cart already has items' });
    fireEvent.click(within(question).getByRole('button', { name: 'Replace your cart' }));
    await waitFor(() => expect(countCalls(fetchMock, REORDER_PATH)).toBe(2));
    await waitFor(() => expect(history.location.pathname).toBe('/'));
  });

  it('names the lines that could not be reordered in the one notice, then a warning', async () => {
    stubApi({
      [REORDER_PATH]: () =>
        jsonResponse(
          buildReorderResponse({
            unavailable: [{ productId: 27, productName: '50/50 split pack', sku: 'SPLIT-PACK-01' }],
          }),
        ),
    });
    const { history } = renderApp('/orders/1/reorder');

    await expectOrderFormWithReorder(history);
    await advance(1000);
    expect(allToasts()).toEqual([
      [
        'Order Loaded',
        { description: 'Your previous order has been restored. No longer available: 50/50 split pack.' },
      ],
    ]);
  });
});

describe('The reorder page', () => {
  it("shows 'Recreating Your Order' while it works", async () => {
    stubApi({ [REORDER_PATH]: () => new Promise<Response>(() => {}) });
    renderApp('/orders/1/reorder');

    expect(await screen.findByRole('heading', { name: 'Recreating Your Order' })).toBeInTheDocument();
    expect(
      screen.getByText('Please wait while we prepare your previous order for checkout...'),
    ).toBeInTheDocument();
  });

  it('gives a typed URL its own token and reorders once', async () => {
    const fetchMock = stubApi();
    const { history } = renderApp('/orders/1/reorder');

    await expectOrderFormWithReorder(history);
    expect(countCalls(fetchMock, REORDER_PATH)).toBe(1);
  });

  it('does not call again after a reload: the handled token sends the buyer to the order form', async () => {
    const state = reorderNavigationState('click-token-1');
    const fetchMock = stubApi();
    const first = renderApp('/account');
    await screen.findByRole('heading', { level: 1, name: 'My Account' });
    act(() => first.history.push('/orders/1/reorder', state));
    await expectOrderFormWithReorder(first.history);
    expect(countCalls(fetchMock, REORDER_PATH)).toBe(1);

    // A reload: the page's memory is gone; history.state and sessionStorage remain.
    first.unmount();
    forgetReorderRuns();
    forgetHandledReorderTokensInMemory();
    cartStore.forget();
    const second = renderApp('/account');
    await screen.findByRole('heading', { level: 1, name: 'My Account' });
    act(() => second.history.push('/orders/1/reorder', state));

    await waitFor(() => expect(second.history.location.pathname).toBe('/'));
    expect(countCalls(fetchMock, REORDER_PATH)).toBe(1);
    await waitFor(() => expect(orderLoadedToast()).toHaveLength(1), { timeout: 3000 });
  });
});

describe('Reorder failures', () => {
  it.each([
    ['401', () => errorResponse(401, 'Not signed in'), 'Please log in again to continue.'],
    [
      '422',
      () => errorResponse(422, 'Product inactive'),
      'Some items in your order are no longer available or have changed.',
    ],
    [
      '400',
      () => errorResponse(400, 'Bad request'),
      'Some items in your order are no longer available or have changed.',
    ],
    [
      '404',
      () => errorResponse(404, 'Order not found'),
      'Order data appears to be incomplete. Please try selecting a different order.',
    ],
    [
      'a reply without items',
      () => jsonResponse({ order: { id: 1, orderNumber: 'WO-1001' }, id: 1 }),
      'Order data appears to be incomplete. Please try selecting a different order.',
    ],
    [
      'a reply with no valid item',
      () => jsonResponse(buildReorderResponse({ items: [], unavailable: [] })),
      'Some items in your order are no longer available or have changed.',
    ],
  ])(
    "toasts 'Reorder Failed' for %s without retrying and goes back to /orders",
    async (_, reply, message) => {
      const fetchMock = stubApi({ [REORDER_PATH]: reply });
      const { history } = renderApp('/orders');
      fireEvent.click(await screen.findByRole('button', { name: 'Reorder' }));

      await waitFor(() =>
        expect(toast.error).toHaveBeenCalledWith('Reorder Failed', { description: message }),
      );
      await waitFor(() => expect(history.location.pathname).toBe('/orders'));
      expect(countCalls(fetchMock, REORDER_PATH)).toBe(1);
      expect(toast.error).toHaveBeenCalledTimes(1);
      expect(storedCart()).toBeNull();

      // Back on the history, a new click is a new reorder.
      fireEvent.click(await screen.findByRole('button', { name: 'Reorder' }));
      await waitFor(() => expect(countCalls(fetchMock, REORDER_PATH)).toBe(2));
    },
  );
});

describe('Reorder retries', () => {
  beforeEach(() => {
    useControlledTimers();
    vi.spyOn(Math, 'random').mockReturnValue(0);
  });

  async function advanceUntil(done: () => boolean) {
    for (let step = 0; step < 60 && !done(); step += 1) await advance(1000);
    expect(done()).toBe(true);
  }

  it('retries a server error after 5 s and succeeds', async () => {
    let calls = 0;
    const fetchMock = stubApi({
      [REORDER_PATH]: () =>
        ++calls <= 2 ? errorResponse(503, 'Busy') : jsonResponse(buildReorderResponse()),
    });
    const { history } = renderApp('/orders/1/reorder');
    await waitFor(() => expect(countCalls(fetchMock, REORDER_PATH)).toBe(1));

    await advance(4900);
    expect(countCalls(fetchMock, REORDER_PATH)).toBe(1);
    await advance(200);
    await waitFor(() => expect(countCalls(fetchMock, REORDER_PATH)).toBe(2));
    await advance(5100);
    await waitFor(() => expect(countCalls(fetchMock, REORDER_PATH)).toBe(3));

    await expectOrderFormWithReorder(history);
    expect(toast.error).not.toHaveBeenCalled();
  });

  it.each([
    [
      'a server error',
      () => errorResponse(500, 'Boom'),
      'A server error occurred. Please try again in a few moments.',
    ],
    ['429', () => errorResponse(429, 'Slow down'), 'Too many requests'],
    [
      'a dropped connection',
      () => Promise.reject(new TypeError('Failed to fetch')),
      'Network connection failed',
    ],
    [
      'an unexpected status',
      () => errorResponse(418, 'Teapot'),
      'A server error occurred. Please try again in a few moments.',
    ],
  ])('gives up after 3 retries on %s with its message', async (_, reply, message) => {
    const fetchMock = stubApi({ [REORDER_PATH]: reply });
    const { history } = renderApp('/orders/1/reorder');
    await waitFor(() => expect(countCalls(fetchMock, REORDER_PATH)).toBe(1));

    await advanceUntil(() => vi.mocked(toast.error).mock.calls.length > 0);

    expect(toast.error).toHaveBeenCalledWith('Reorder Failed', { description: message });
    expect(countCalls(fetchMock, REORDER_PATH)).toBe(4);
    await waitFor(() => expect(history.location.pathname).toBe('/orders'));
  });

  it('aborts a call after 10 s and reports the time-out after the retries', async () => {
    const fetchMock = stubApi({
      [REORDER_PATH]: ({ init }) =>
        new Promise<Response>((_, reject) => {
          init?.signal?.addEventListener('abort', () => reject(init.signal?.reason as DOMException));
        }),
    });
    renderApp('/orders/1/reorder');
    await waitFor(() => expect(countCalls(fetchMock, REORDER_PATH)).toBe(1));

    await advance(9900);
    expect(toast.error).not.toHaveBeenCalled();
    await advance(200);
    // Aborted; the retry follows 3 s later.
    await advance(3000);
    await waitFor(() => expect(countCalls(fetchMock, REORDER_PATH)).toBe(2));

    await advanceUntil(() => vi.mocked(toast.error).mock.calls.length > 0);
    expect(toast.error).toHaveBeenCalledWith('Reorder Failed', { description: 'The request timed out' });
    expect(countCalls(fetchMock, REORDER_PATH)).toBe(4);
  });
});
