// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  CART_STORAGE_KEY,
  createCartStore,
  LEGACY_CART_STORAGE_KEY,
  cartStore,
  replaceCartContents,
  setCartItemQuantity,
  type Cart,
  type CartStore,
} from './cart-store';

const stores: CartStore[] = [];

/** A store as one tab of the app would have it, over this window's real localStorage. */
function openTab(): CartStore {
  const store = createCartStore({
    getStorage: () => window.localStorage,
    getLegacyStorages: () => [window.sessionStorage],
    target: window,
    now: () => new Date('2031-05-01T10:00:00Z'),
  });
  stores.push(store);
  return store;
}

function stored(): Cart | null {
  const raw = localStorage.getItem(CART_STORAGE_KEY);
  return raw === null ? null : (JSON.parse(raw) as Cart);
}

function addFourOunceCases(store: CartStore, cases: number) {
  return store.update((cart) => ({
    items: [...cart.items.filter((item) => item.productId !== 1), { productId: 1, quantity: cases * 12 }],
    testerAdded: cart.testerAdded,
  }));
}

/** What another tab's write looks like to this one. */
function storageEventFromOtherTab(cart: Cart | string) {
  window.dispatchEvent(
    new StorageEvent('storage', {
      key: CART_STORAGE_KEY,
      newValue: typeof cart === 'string' ? cart : JSON.stringify(cart),
    }),
  );
}

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});

afterEach(() => {
  for (const store of stores.splice(0)) store.dispose();
  vi.restoreAllMocks();
});

describe('replaceCartContents', () => {
  afterEach(() => {
    // The app's store listens to this window too; detach it so the other tests see only their own tabs.
    cartStore.dispose();
    cartStore.forget();
  });

  it("replaces every line and the tester flag with a previous order's, at a new version", () => {
    setCartItemQuantity(21, 36);
    setCartItemQuantity(27, 12);
    const before = cartStore.getSnapshot().version;

    expect(
      replaceCartContents(
        [
          { productId: 1, quantity: 24 },
          { productId: 40, quantity: 2 },
        ],
        true,
      ),
    ).toBe(true);

    expect(cartStore.getSnapshot()).toMatchObject({
      version: before + 1,
      items: [
        { productId: 1, quantity: 24 },
        { productId: 40, quantity: 2 },
      ],
      testerAdded: true,
    });
    expect(stored()).toMatchObject({ version: before + 1, testerAdded: true });
  });

  it('clears the tester and drops empty lines when the order had none', () => {
    replaceCartContents([{ productId: 1, quantity: 12 }], true);

    replaceCartContents(
      [
        { productId: 21, quantity: 12 },
        { productId: 27, quantity: 0 },
      ],
      false,
    );

    expect(cartStore.getSnapshot()).toMatchObject({
      items: [{ productId: 21, quantity: 12 }],
      testerAdded: false,
    });
  });
});

describe('cart store', () => {
  it('starts empty at version 0 when nothing is stored', () => {
    expect(openTab().getSnapshot()).toMatchObject({ version: 0, items: [], testerAdded: false });
  });

  it('saves every change with a bumped version, and a reload finds the same cart', () => {
    const tab = openTab();

    expect(addFourOunceCases(tab, 2)).toBe(true);
    tab.update((cart) => ({ items: cart.items, testerAdded: true }));

    expect(stored()).toEqual({
      version: 2,
      items: [{ productId: 1, quantity: 24 }],
      testerAdded: true,
      updatedAt: '2031-05-01T10:00:00.000Z',
    });
    tab.dispose();

    const reloaded = openTab();
    expect(reloaded.getSnapshot()).toEqual(stored());
  });

  it('notifies subscribers and hands out a new snapshot per change, the same one otherwise', () => {
    const tab = openTab();
    const listener = vi.fn();
    tab.subscribe(listener);
    const before = tab.getSnapshot();

    addFourOunceCases(tab, 1);

    expect(listener).toHaveBeenCalledTimes(1);
    expect(tab.getSnapshot()).not.toBe(before);
    expect(tab.getSnapshot()).toBe(tab.getSnapshot());
  });

  it('does not bump the version for a change that changes nothing', () => {
    const tab = openTab();
    addFourOunceCases(tab, 1);

    addFourOunceCases(tab, 1);

    expect(tab.getSnapshot().version).toBe(1);
  });

  it('drops lines set to 0', () => {
    const tab = openTab();
    addFourOunceCases(tab, 1);

    addFourOunceCases(tab, 0);

    expect(tab.getSnapshot().items).toEqual([]);
    expect(stored()?.items).toEqual([]);
  });

  it('takes a newer version written by another tab, live, and ignores an older or equal one', () => {
    const tab = openTab();
    const listener = vi.fn();
    tab.subscribe(listener);
    addFourOunceCases(tab, 1);
    addFourOunceCases(tab, 2);
    expect(tab.getSnapshot().version).toBe(2);

    const newer: Cart = {
      version: 5,
      items: [{ productId: 21, quantity: 36 }],
      testerAdded: true,
      updatedAt: '2031-05-01T11:00:00.000Z',
    };
    storageEventFromOtherTab(newer);
    expect(tab.getSnapshot()).toEqual(newer);
    expect(listener).toHaveBeenCalledTimes(3);

    storageEventFromOtherTab({ ...newer, version: 4, items: [] });
    storageEventFromOtherTab({ ...newer, version: 5, items: [] });
    expect(tab.getSnapshot()).toEqual(newer);
    expect(listener).toHaveBeenCalledTimes(3);
  });

  it('ignores unreadable data and other keys in storage events', () => {
    const tab = openTab();
    addFourOunceCases(tab, 1);
    const before = tab.getSnapshot();

    storageEventFromOtherTab('{not json');
    storageEventFromOtherTab(JSON.stringify({ version: 'nine' }));
    window.dispatchEvent(new StorageEvent('storage', { key: 'something-else', newValue: '{}' }));

    expect(tab.getSnapshot()).toBe(before);
  });

  it('numbers its next change above a version another tab stored, so it wins in every tab', () => {
    const tab = openTab();
    addFourOunceCases(tab, 1);
    localStorage.setItem(
      CART_STORAGE_KEY,
      JSON.stringify({ version: 9, items: [], testerAdded: false, updatedAt: '2031-05-01T09:00:00Z' }),
    );

    addFourOunceCases(tab, 3);

    expect(tab.getSnapshot().version).toBe(10);
    expect(stored()?.version).toBe(10);
  });

  it('writes the cart again when the page is hidden, unless another tab stored a newer one', () => {
    const tab = openTab();
    addFourOunceCases(tab, 1);
    localStorage.removeItem(CART_STORAGE_KEY);

    window.dispatchEvent(new Event('pagehide'));
    expect(stored()?.items).toEqual([{ productId: 1, quantity: 12 }]);

    const newer = { version: 7, items: [], testerAdded: true, updatedAt: '2031-05-01T12:00:00Z' };
    localStorage.setItem(CART_STORAGE_KEY, JSON.stringify(newer));
    vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    document.dispatchEvent(new Event('visibilitychange'));
    expect(stored()).toEqual(newer);
  });

  it('empties the cart and the tester with clear, at a new version other tabs will take', () => {
    const tab = openTab();
    addFourOunceCases(tab, 2);
    tab.update((cart) => ({ items: cart.items, testerAdded: true }));

    tab.clear();

    expect(tab.getSnapshot()).toMatchObject({ version: 3, items: [], testerAdded: false });
    expect(stored()).toMatchObject({ version: 3, items: [], testerAdded: false });
  });

  describe('legacy V2 cart', () => {
    it('is migrated once from localStorage, then removed', () => {
      localStorage.setItem(
        LEGACY_CART_STORAGE_KEY,
        JSON.stringify({
          id: 'cart-1',
          items: [
            { productId: 1, quantity: 24, price: 10.65, name: '4 oz Bottle', sku: '800-0001' },
            { productId: '21', quantity: '12' },
            { productId: 'x', quantity: 5 },
            { productId: 27, quantity: 0 },
          ],
          sampleAdded: true,
          lastUpdated: 1_700_000_000_000,
          version: 12,
        }),
      );

      const cart = openTab().getSnapshot();

      expect(cart).toMatchObject({
        version: 1,
        items: [
          { productId: 1, quantity: 24 },
          { productId: 21, quantity: 12 },
        ],
        testerAdded: true,
      });
      expect(localStorage.getItem(LEGACY_CART_STORAGE_KEY)).toBeNull();
      expect(stored()).toEqual(cart);
    });

    it('is migrated from sessionStorage too', () => {
      sessionStorage.setItem(
        LEGACY_CART_STORAGE_KEY,
        JSON.stringify({ items: [{ productId: 27, quantity: 12 }] }),
      );

      expect(openTab().getSnapshot().items).toEqual([{ productId: 27, quantity: 12 }]);
      expect(sessionStorage.getItem(LEGACY_CART_STORAGE_KEY)).toBeNull();
    });

    it('does not replace a current cart, but is still removed', () => {
      const current = {
        version: 4,
        items: [{ productId: 21, quantity: 12 }],
        testerAdded: false,
        updatedAt: '2031-05-01T08:00:00.000Z',
      };
      localStorage.setItem(CART_STORAGE_KEY, JSON.stringify(current));
      localStorage.setItem(
        LEGACY_CART_STORAGE_KEY,
        JSON.stringify({ items: [{ productId: 1, quantity: 12 }] }),
      );

      expect(openTab().getSnapshot()).toEqual(current);
      expect(localStorage.getItem(LEGACY_CART_STORAGE_KEY)).toBeNull();
    });

    it('is discarded when unreadable', () => {
      localStorage.setItem(LEGACY_CART_STORAGE_KEY, 'undefined');

      expect(openTab().getSnapshot()).toMatchObject({ version: 0, items: [] });
      expect(localStorage.getItem(LEGACY_CART_STORAGE_KEY)).toBeNull();
    });
  });

  describe('corrupt data', () => {
    it.each([
      ['broken JSON', '{"version": 3, "items": ['],
      ['a wrong shape', JSON.stringify({ version: '3', items: 'many' })],
      [
        'a negative quantity',
        JSON.stringify({
          version: 3,
          items: [{ productId: 1, quantity: -12 }],
          testerAdded: false,
          updatedAt: '',
        }),
      ],
      ['null', 'null'],
    ])('with %s is discarded: the cart starts empty and the page keeps working', (_, raw) => {
      localStorage.setItem(CART_STORAGE_KEY, raw);

      const tab = openTab();

      expect(tab.getSnapshot()).toMatchObject({ version: 0, items: [], testerAdded: false });
      expect(localStorage.getItem(CART_STORAGE_KEY)).toBeNull();
      expect(addFourOunceCases(tab, 1)).toBe(true);
      expect(stored()?.items).toEqual([{ productId: 1, quantity: 12 }]);
    });
  });

  it('keeps working in memory when storage is blocked, and says the change was not saved', () => {
    const tab = createCartStore({
      getStorage: () => {
        throw new DOMException('The operation is insecure.', 'SecurityError');
      },
      target: window,
    });
    stores.push(tab);

    expect(addFourOunceCases(tab, 2)).toBe(false);
    expect(tab.getSnapshot().items).toEqual([{ productId: 1, quantity: 24 }]);
  });

  it('reports a failed write (storage full) instead of throwing', () => {
    let full = false;
    // A storage that fills up: a spy on happy-dom's own Storage would outlive the test.
    const storage = {
      getItem: (key: string) => window.localStorage.getItem(key),
      removeItem: (key: string) => window.localStorage.removeItem(key),
      setItem: (key: string, value: string) => {
        if (full) throw new DOMException('Quota exceeded', 'QuotaExceededError');
        window.localStorage.setItem(key, value);
      },
    } as Pick<Storage, 'getItem' | 'removeItem' | 'setItem'> as Storage;
    const tab = createCartStore({ getStorage: () => storage, target: window });
    stores.push(tab);
    expect(addFourOunceCases(tab, 1)).toBe(true);
    full = true;

    // The change still applies in this tab; the caller learns that it was not saved.
    expect(addFourOunceCases(tab, 2)).toBe(false);
    expect(tab.getSnapshot().items).toEqual([{ productId: 1, quantity: 24 }]);
  });
});
