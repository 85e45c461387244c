// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ORDER_HANDS_MESSAGES } from '../../../shared/schemas/order-changes';
import type { OrderDetail } from '../../../shared/schemas/orders';
import { CART_STORAGE_KEY, cartStore, setCartItemQuantity } from '../../lib/cart/cart-store';
import { ORDER_EDIT_STORAGE_KEY } from '../../lib/cart/order-edit-record';
import { ORDER_NOTES_STORAGE_KEY } from '../../lib/cart/order-notes-store';
import { PO_NUMBER_STORAGE_KEY } from '../../lib/cart/po-number-store';
import { toast } from '../../lib/toast';
import { testConfig, testPricingCatalog, testProducts, testUser } from '../../test-support/api-fixtures';
import { registerCartTestHooks } from '../../test-support/component-test-hooks';
import { buildOrderDetailResponse } from '../../test-support/order-fixtures';
import { renderApp } from '../../test-support/render-app';
import { countCalls, jsonResponse, requestBody, requestUrl, stubFetch } from '../../test-support/stub-fetch';

registerCartTestHooks();

type Handlers = Parameters<typeof stubFetch>[0];
type FetchMock = ReturnType<typeof stubFetch>;

const ITEMS_PATH = '/api/orders/1/items';
const CHANGED =
  'This order has changed since you opened it. It is shown as it stands now: please check it and try again.';

/**
 * The API of the order page, the order form and the review page. WO-1001 is pending at version 2: two cases
 * of the 4 oz, one of the 1 oz and the tester. `saved` is what PUT .../items answers (and the order after).
 */
function stubApi(
  overrides: Handlers = {},
  saved = buildOrderDetailResponse({ version: 3, orderTotal: '476.40' }),
) {
  let current = buildOrderDetailResponse({ version: 2 });
  return stubFetch({
    '/api/config': () => jsonResponse(testConfig),
    '/api/session': () => jsonResponse({ user: testUser }),
    '/api/products': () => jsonResponse(testProducts),
    '/api/pricing-catalog': () => jsonResponse(testPricingCatalog),
    '/api/validate-cart': () => jsonResponse({ success: true, errors: [], warnings: [] }),
    '/api/orders/1': () => jsonResponse(current),
    [ITEMS_PATH]: () => {
      current = saved;
      return jsonResponse(saved);
    },
    ...overrides,
  });
}

/** The cart the buyer was building before they chose to edit the order: a case of the split pack. */
function seedCartBeingBuilt() {
  localStorage.setItem(
    CART_STORAGE_KEY,
    JSON.stringify({
      version: 3,
      items: [{ productId: 27, quantity: 12 }],
      testerAdded: false,
      updatedAt: '2031-05-01T10:00:00.000Z',
    }),
  );
  localStorage.setItem(ORDER_NOTES_STORAGE_KEY, 'Leave at the back door');
  localStorage.setItem(PO_NUMBER_STORAGE_KEY, 'PO-77');
}

function storedCart() {
  const cart = JSON.parse(localStorage.getItem(CART_STORAGE_KEY) ?? 'null') as {
    items: Array<{ productId: number; quantity: number }>;
    testerAdded: boolean;
  } | null;
  return cart && { items: cart.items, testerAdded: cart.testerAdded };
}

const BUILT_CART = { items: [{ productId: 27, quantity: 12 }], testerAdded: false };

function expectCartBeingBuiltBack() {
  expect(storedCart()).toEqual(BUILT_CART);
  expect(localStorage.getItem(ORDER_NOTES_STORAGE_KEY)).toBe('Leave at the back door');
  expect(localStorage.getItem(PO_NUMBER_STORAGE_KEY)).toBe('PO-77');
  expect(localStorage.getItem(ORDER_EDIT_STORAGE_KEY)).toBeNull();
}

function saveBodies(fetchMock: FetchMock) {
  return fetchMock.mock.calls
    .filter(([input]) => requestUrl(input).endsWith(ITEMS_PATH))
    .map(([, init]) => {
      const body = JSON.parse(requestBody(init)) as {
        version: number;
        items: Array<{ productId: number; quantity: number }>;
      };
      return {
        method: init?.method,
        version: body.version,
        items: [...body.items].sort((a, b) => a.productId - b.productId),
      };
    });
}

/** From the order's page to the order form, editing WO-1001. */
async function startEditing() {
  const view = renderApp('/orders/1');
  fireEvent.click(await screen.findByRole('button', { name: 'Edit order' }));
  await screen.findByRole('heading', { level: 1, name: 'Wholesale Order Form' });
  await screen.findByText('You are editing order WO-1001');
  return view;
}

const casesOf = (name: string) =>
  screen.getByRole<HTMLInputElement>('spinbutton', { name: `Cases of ${name}` });

async function reviewChanges() {
  fireEvent.click(await screen.findByRole('button', { name: /Review changes/ }));
  return screen.findByRole('heading', { level: 1, name: 'Review changes to order WO-1001' });
}

describe('Edit order (docs/storefront.md#editing-a-pending-order)', () => {
  it("puts the cart being built aside and opens the order form with the order's lines", async () => {
    seedCartBeingBuilt();
    stubApi();
    await startEditing();

    expect(await screen.findByRole('region', { name: 'Order being edited' })).toBeInTheDocument();
    await waitFor(() => expect(casesOf('4 oz bottle').value).toBe('2'));
    expect(casesOf('1 oz bottle').value).toBe('1');
    expect(casesOf('50/50 split pack').value).toBe('0');
    // The order's lines, the tester as the cart's tester, as a reorder fills the cart.
    expect(storedCart()).toEqual({
      items: [
        { productId: 1, quantity: 24 },
        { productId: 21, quantity: 12 },
      ],
      testerAdded: true,
    });
    expect(localStorage.getItem(ORDER_NOTES_STORAGE_KEY)).toBeNull();
    // The kept cart, stored beside it: a reload loses nothing.
    const edit = JSON.parse(localStorage.getItem(ORDER_EDIT_STORAGE_KEY) ?? 'null') as Record<
      string,
      unknown
    >;
    expect(edit).toMatchObject({
      orderId: 1,
      orderNumber: 'WO-1001',
      version: 2,
      kept: { cart: BUILT_CART, notes: 'Leave at the back door', poNumber: 'PO-77' },
    });
  });

  it('saves the changes into the same order with its version, then shows it and restores the cart', async () => {
    seedCartBeingBuilt();
    const fetchMock = stubApi();
    const { history } = await startEditing();

    await waitFor(() => expect(casesOf('4 oz bottle').value).toBe('2'));
    fireEvent.click(screen.getByRole('button', { name: 'Add one case of 4 oz bottle' }));
    await reviewChanges();
    expect(screen.getByText('You are editing order WO-1001')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Submit Order/ })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Order WO-1001' })).toBeInTheDocument();
    expect(history.location.pathname).toBe('/orders/1');
    expect(saveBodies(fetchMock)).toEqual([
      {
        method: 'PUT',
        version: 2,
        items: [
          { productId: 1, quantity: 36 },
          { productId: 21, quantity: 12 },
          { productId: 41, quantity: 1 },
        ],
      },
    ]);
    const summary = within(screen.getByRole('region', { name: 'Order Summary' }));
    expect(summary.getByText('$476.40')).toBeInTheDocument();
    expect(toast.success).toHaveBeenCalledWith('Order WO-1001 updated', {
      description: 'Its total is now $476.40.',
    });
    expectCartBeingBuiltBack();
    expect(screen.queryByText('You are editing order WO-1001')).toBeNull();
  });

  it('discards the changes after asking: the order stays, the cart being built comes back', async () => {
    seedCartBeingBuilt();
    const fetchMock = stubApi();
    const { history } = await startEditing();

    await waitFor(() => expect(casesOf('4 oz bottle').value).toBe('2'));
    fireEvent.click(screen.getByRole('button', { name: 'Add one case of 4 oz bottle' }));
    fireEvent.click(screen.getByRole('button', { name: 'Discard changes' }));
    const dialog = within(
      await screen.findByRole('dialog', { name: 'Discard your changes to order WO-1001?' }),
    );
    fireEvent.click(dialog.getByRole('button', { name: 'Keep editing' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(localStorage.getItem(ORDER_EDIT_STORAGE_KEY)).not.toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Discard changes' }));
    fireEvent.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Discard changes' }),
    );

    expect(await screen.findByRole('heading', { level: 1, name: 'Order WO-1001' })).toBeInTheDocument();
    expect(history.location.pathname).toBe('/orders/1');
    expect(countCalls(fetchMock, ITEMS_PATH)).toBe(0);
    expectCartBeingBuiltBack();
    expect(screen.getByRole('button', { name: 'Edit order' })).toBeInTheDocument();
  });

  it('keeps the edit through a reload, banner and all', async () => {
    seedCartBeingBuilt();
    stubApi();
    await startEditing();
    await waitFor(() => expect(casesOf('4 oz bottle').value).toBe('2'));
    fireEvent.click(screen.getByRole('button', { name: 'Add one case of 4 oz bottle' }));

    cleanup();
    cartStore.forget();
    renderApp('/');

    expect(await screen.findByText('You are editing order WO-1001')).toBeInTheDocument();
    await waitFor(() => expect(casesOf('4 oz bottle').value).toBe('3'));
    expect(screen.getByRole('button', { name: /Review changes/ })).toBeInTheDocument();
  });

  it("is the user's who began it: another person signed in on the browser neither sees it nor restores its cart", async () => {
    seedCartBeingBuilt();
    stubApi();
    await startEditing();
    await waitFor(() => expect(casesOf('4 oz bottle').value).toBe('2'));
    expect(JSON.parse(localStorage.getItem(ORDER_EDIT_STORAGE_KEY) ?? 'null')).toMatchObject({
      userId: testUser.id,
    });

    // Jane's session ends without 'Sign Out' and Sam signs in on the same browser.
    cleanup();
    cartStore.forget();
    const sam = { ...testUser, id: 8, email: 'sam@shop.test', firstName: 'Sam' };
    stubApi({ '/api/session': () => jsonResponse({ user: sam }) });
    renderApp('/');

    await screen.findByRole('heading', { level: 1, name: 'Wholesale Order Form' });
    await waitFor(() => expect(localStorage.getItem(ORDER_EDIT_STORAGE_KEY)).toBeNull());
    expect(screen.queryByText('You are editing order WO-1001')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Discard changes' })).toBeNull();
    // Neither Jane's order lines nor the cart she kept aside (with its notes and PO number) is left for Sam.
    await waitFor(() => expect(casesOf('4 oz bottle').value).toBe('0'));
    expect(casesOf('50/50 split pack').value).toBe('0');
    expect(storedCart()?.items ?? []).toEqual([]);
    expect(localStorage.getItem(ORDER_NOTES_STORAGE_KEY) ?? '').toBe('');
    expect(localStorage.getItem(PO_NUMBER_STORAGE_KEY) ?? '').toBe('');
  });

  it('on the order page offers to continue or discard, and no second edit or reorder meanwhile', async () => {
    seedCartBeingBuilt();
    stubApi({ '/api/orders/2': () => jsonResponse(buildOrderDetailResponse({ id: 2 })) });
    const { history } = await startEditing();

    act(() => history.push('/orders/1'));
    const banner = within(await screen.findByRole('region', { name: 'Order being edited' }));
    expect(banner.getByRole('link', { name: 'Continue editing' }).getAttribute('href')).toBe('/');
    expect(screen.queryByRole('button', { name: 'Edit order' })).toBeNull();

    act(() => history.push('/orders/2'));
    await screen.findByRole('heading', { level: 1, name: 'Order WO-1002' });
    const message = 'You are editing order WO-1001. Save or discard those changes first.';
    fireEvent.click(screen.getByRole('button', { name: 'Edit order' }));
    expect(toast.error).toHaveBeenCalledWith(message);
    fireEvent.click(screen.getByRole('button', { name: 'Reorder' }));
    expect(toast.error).toHaveBeenCalledTimes(2);
    expect(history.location.pathname).toBe('/orders/2');
    expect(JSON.parse(localStorage.getItem(ORDER_EDIT_STORAGE_KEY) ?? 'null')).toMatchObject({ orderId: 1 });
  });

  it("refuses an order of no lines on the form and on the review page, in the server's words", async () => {
    seedCartBeingBuilt();
    const fetchMock = stubApi();
    const { history } = await startEditing();
    await waitFor(() => expect(casesOf('4 oz bottle').value).toBe('2'));

    act(() => {
      setCartItemQuantity(1, 0);
      setCartItemQuantity(21, 0);
      cartStore.update((cart) => ({ items: cart.items, testerAdded: false }));
    });
    fireEvent.click(screen.getByRole('button', { name: /Review changes/ }));
    expect(await screen.findByText(ORDER_HANDS_MESSAGES.noLines)).toBeInTheDocument();
    expect(toast.error).toHaveBeenCalledWith(ORDER_HANDS_MESSAGES.noLines);
    expect(history.location.pathname).toBe('/');

    act(() => history.push('/confirm'));
    await screen.findByRole('heading', { level: 1, name: 'Review changes to order WO-1001' });
    expect(screen.getByText(ORDER_HANDS_MESSAGES.noLines)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save changes' })).toBeDisabled();
    expect(countCalls(fetchMock, ITEMS_PATH)).toBe(0);
  });

  it('ends the edit when staff changed the order meanwhile: it shows the order as it stands, and a new edit starts from it', async () => {
    seedCartBeingBuilt();
    // Staff cut the 1 oz line for stock while the buyer was editing: version 3, still pending.
    const cut = buildOrderDetailResponse({ version: 3, orderTotal: '255.60' });
    const changedByStaff = { ...cut, items: cut.items.filter((item) => item.productId !== 21) };
    let current = buildOrderDetailResponse({ version: 2 });
    const fetchMock = stubApi({
      '/api/orders/1': () => jsonResponse(current),
      [ITEMS_PATH]: () => {
        if (saveBodies(fetchMock).length === 1) {
          current = changedByStaff;
          return jsonResponse(
            { code: 'CONFLICT', message: CHANGED, requestId: 'req-test', details: { order: changedByStaff } },
            { status: 409 },
          );
        }
        current = buildOrderDetailResponse({ version: 4, orderTotal: '351.00' });
        return jsonResponse(current);
      },
    });
    const { history } = await startEditing();
    await waitFor(() => expect(casesOf('4 oz bottle').value).toBe('2'));
    fireEvent.click(screen.getByRole('button', { name: 'Add one case of 4 oz bottle' }));
    await reviewChanges();

    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));

    // The order's page, the order as staff left it (no 1 oz line), the server's words; the edit is over.
    expect(await screen.findByRole('heading', { level: 1, name: 'Order WO-1001' })).toBeInTheDocument();
    expect(history.location.pathname).toBe('/orders/1');
    expect(toast.error).toHaveBeenCalledWith(CHANGED);
    const summary = within(screen.getByRole('region', { name: 'Order Summary' }));
    expect(summary.getByText('$255.60')).toBeInTheDocument();
    expect(screen.queryByText('1 oz bottle')).toBeNull();
    expectCartBeingBuiltBack();
    expect(screen.queryByRole('region', { name: 'Order being edited' })).toBeNull();
    expect(saveBodies(fetchMock)).toHaveLength(1);

    // 'Edit order' again starts from the order as it now stands, and saves from its version.
    fireEvent.click(screen.getByRole('button', { name: 'Edit order' }));
    await screen.findByText('You are editing order WO-1001');
    await waitFor(() => expect(casesOf('4 oz bottle').value).toBe('2'));
    expect(casesOf('1 oz bottle').value).toBe('0');
    await reviewChanges();
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(saveBodies(fetchMock)).toHaveLength(2));
    expect(saveBodies(fetchMock)[1]).toEqual({
      method: 'PUT',
      version: 3,
      items: [
        { productId: 1, quantity: 24 },
        { productId: 41, quantity: 1 },
      ],
    });
    await waitFor(() => expectCartBeingBuiltBack());
  });

  it('ends the edit when the order can no longer be changed here, and shows it', async () => {
    seedCartBeingBuilt();
    stubApi({
      [ITEMS_PATH]: () =>
        jsonResponse(
          { code: 'CONFLICT', message: ORDER_HANDS_MESSAGES.buyerNotEditable, requestId: 'req-test' },
          { status: 409 },
        ),
    });
    const { history } = await startEditing();
    await reviewChanges();
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));

    await waitFor(() => expect(history.location.pathname).toBe('/orders/1'));
    expect(toast.error).toHaveBeenCalledWith(ORDER_HANDS_MESSAGES.buyerNotEditable);
    expectCartBeingBuiltBack();
  });

  it("shows the server's cart rules when it refuses the lines", async () => {
    seedCartBeingBuilt();
    const rule =
      'Case Quantity Error: Regular products must be ordered in full case quantities of 12 bottles.';
    stubApi({
      [ITEMS_PATH]: () =>
        jsonResponse(
          { code: 'CART_INVALID', message: rule, requestId: 'req-test', details: { errors: [rule] } },
          { status: 422 },
        ),
    });
    await startEditing();
    await reviewChanges();
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));

    expect(await screen.findByText(rule)).toBeInTheDocument();
    expect(screen.getByText('You are editing order WO-1001')).toBeInTheDocument();
    expect(storedCart()?.testerAdded).toBe(true);
  });

  it('is offered to owners and buyers on a pending order only', async () => {
    const viewer = { ...testUser, company: { id: 3, name: 'Doe Botanicals', role: 'viewer' as const } };
    const order = (overrides: Partial<OrderDetail>) => buildOrderDetailResponse(overrides);
    stubFetch({
      '/api/config': () => jsonResponse(testConfig),
      '/api/session': () => jsonResponse({ user: viewer }),
      '/api/orders/1': () => jsonResponse(order({})),
    });
    renderApp('/orders/1');
    await screen.findByRole('heading', { level: 1, name: 'Order WO-1001' });
    expect(screen.queryByRole('button', { name: 'Edit order' })).toBeNull();

    cleanup();
    stubApi({ '/api/orders/1': () => jsonResponse(order({ status: 'processing' })) });
    renderApp('/orders/1');
    await screen.findByRole('heading', { level: 1, name: 'Order WO-1001' });
    expect(screen.queryByRole('button', { name: 'Edit order' })).toBeNull();
  });
});
