// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cartStore, clearCart, setCartItemQuantity } from './cart-store';
import { endOrderEdit, forgetOtherUsersOrderEdit, readOrderEdit, startOrderEdit } from './order-edit';
import { ORDER_EDIT_STORAGE_KEY } from './order-edit-record';
import { readOrderNotes, writeOrderNotes } from './order-notes-store';

/** The signed-in users: Jane began the edit, Sam signs in on the same browser after her. */
const JANE = 7;
const SAM = 8;
const order = { id: 1, orderNumber: 'WO-1001', version: 2 };
const orderLines = { items: [{ productId: 1, quantity: 24 }], testerAdded: true };
const content = () => {
  const { items, testerAdded } = cartStore.getSnapshot();
  return { items, testerAdded };
};

beforeEach(() => {
  localStorage.clear();
  cartStore.forget();
  setCartItemQuantity(27, 12);
  writeOrderNotes('Back door');
});

afterEach(() => {
  vi.restoreAllMocks();
  cartStore.dispose();
  cartStore.forget();
  localStorage.clear();
});

describe('the edit of a pending order (docs/storefront.md#editing-a-pending-order)', () => {
  it('puts the cart aside, fills it with the order, and brings it back when the edit ends', () => {
    expect(startOrderEdit(order, orderLines, JANE)).toBe(true);
    expect(content()).toEqual(orderLines);
    expect(readOrderNotes()).toBe('');
    expect(readOrderEdit(JANE)).toMatchObject({
      userId: JANE,
      orderId: 1,
      orderNumber: 'WO-1001',
      version: 2,
    });

    endOrderEdit();

    expect(content()).toEqual({ items: [{ productId: 27, quantity: 12 }], testerAdded: false });
    expect(readOrderNotes()).toBe('Back door');
    expect(readOrderEdit(JANE)).toBeNull();
  });

  it('keeps the first cart put aside when the same order is edited again, and refuses another order', () => {
    startOrderEdit(order, orderLines, JANE);
    setCartItemQuantity(1, 36);

    expect(startOrderEdit(order, orderLines, JANE)).toBe(true);
    expect(startOrderEdit({ ...order, id: 2, orderNumber: 'WO-1002' }, orderLines, JANE)).toBe(false);
    expect(readOrderEdit(JANE)?.orderId).toBe(1);

    endOrderEdit();
    expect(content().items).toEqual([{ productId: 27, quantity: 12 }]);
  });

  it('changes nothing when the kept cart cannot be stored', () => {
    // A storage that is full for the record: a spy on happy-dom's own Storage would outlive the test.
    const real = window.localStorage;
    const full = {
      getItem: (key: string) => real.getItem(key),
      removeItem: (key: string) => real.removeItem(key),
      setItem: (key: string, value: string) => {
        if (key === ORDER_EDIT_STORAGE_KEY) throw new DOMException('Quota exceeded', 'QuotaExceededError');
        real.setItem(key, value);
      },
    } as Pick<Storage, 'getItem' | 'removeItem' | 'setItem'> as Storage;
    vi.spyOn(window, 'localStorage', 'get').mockReturnValue(full);

    expect(startOrderEdit(order, orderLines, JANE)).toBe(false);
    expect(content().items).toEqual([{ productId: 27, quantity: 12 }]);
    expect(readOrderEdit(JANE)).toBeNull();
  });

  it('reads an unreadable record as no edit', () => {
    localStorage.setItem(ORDER_EDIT_STORAGE_KEY, '{"orderId": "one"');
    expect(readOrderEdit(JANE)).toBeNull();
    localStorage.setItem(ORDER_EDIT_STORAGE_KEY, JSON.stringify({ orderId: 1, orderNumber: 'WO-1001' }));
    expect(readOrderEdit(JANE)).toBeNull();
  });

  it('is forgotten with the cart at sign-out and registration (clearCart)', () => {
    startOrderEdit(order, orderLines, JANE);
    clearCart();
    expect(readOrderEdit(JANE)).toBeNull();
    expect(content()).toEqual({ items: [], testerAdded: false });
  });

  it("is the user's who began it: another user neither sees it nor gets its kept cart, and it is forgotten with the cart", () => {
    startOrderEdit(order, orderLines, JANE);
    expect(readOrderEdit(SAM)).toBeNull();
    expect(readOrderEdit(null)).toBeNull();
    expect(readOrderEdit(undefined)).toBeNull();

    forgetOtherUsersOrderEdit(JANE);
    expect(readOrderEdit(JANE)?.orderId).toBe(1);

    forgetOtherUsersOrderEdit(SAM);
    expect(localStorage.getItem(ORDER_EDIT_STORAGE_KEY)).toBeNull();
    expect(readOrderEdit(JANE)).toBeNull();
    // Neither Jane's order lines nor the cart she kept aside is left for Sam.
    expect(content()).toEqual({ items: [], testerAdded: false });
    expect(readOrderNotes()).toBe('');
  });

  it("starts another user's edit from an empty cart, never keeping the first user's aside", () => {
    startOrderEdit(order, orderLines, JANE);

    expect(startOrderEdit({ ...order, id: 2, orderNumber: 'WO-1002' }, orderLines, SAM)).toBe(true);
    expect(readOrderEdit(SAM)).toMatchObject({
      userId: SAM,
      orderId: 2,
      kept: { cart: { items: [], testerAdded: false }, notes: '' },
    });
  });

  it('reads a record that names no user as no edit', () => {
    startOrderEdit(order, orderLines, JANE);
    const { userId: _userId, ...stored } = JSON.parse(localStorage.getItem(ORDER_EDIT_STORAGE_KEY) ?? '{}');
    localStorage.setItem(ORDER_EDIT_STORAGE_KEY, JSON.stringify(stored));
    expect(readOrderEdit(JANE)).toBeNull();
  });
});
