// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { idempotencyKeySchema } from '../../../shared/schemas/orders';
import {
  forgetIdempotencyKey,
  IDEMPOTENCY_STORAGE_KEY,
  idempotencyKeyFor,
  renewIdempotencyKey,
  type CartIdentity,
} from './idempotency-key';

const cart: CartIdentity = { version: 3, items: [{ productId: 1, quantity: 24 }], testerAdded: true };

afterEach(() => {
  vi.restoreAllMocks();
  forgetIdempotencyKey();
  sessionStorage.clear();
});

describe('idempotency key', () => {
  it('makes a key the endpoint accepts and keeps it in this tab for the same cart', () => {
    const key = idempotencyKeyFor(cart);

    expect(idempotencyKeySchema.safeParse(key).success).toBe(true);
    expect(idempotencyKeyFor({ ...cart, items: [...cart.items] })).toBe(key);
    expect(sessionStorage.getItem(IDEMPOTENCY_STORAGE_KEY)).toContain(key);
  });

  it('gives a changed cart a new key: another version, other items or the tester taken out', () => {
    const key = idempotencyKeyFor(cart);

    const changed = idempotencyKeyFor({ ...cart, version: 4 });
    expect(changed).not.toBe(key);
    // Same version number but other content (the counter was reset meanwhile): still a new key.
    expect(idempotencyKeyFor({ ...cart, version: 4, items: [{ productId: 1, quantity: 36 }] })).not.toBe(
      changed,
    );
    expect(idempotencyKeyFor({ ...cart, testerAdded: false })).not.toBe(key);
  });

  it('replaces the key on renewal and drops it after a successful order', () => {
    const key = idempotencyKeyFor(cart);
    const renewed = renewIdempotencyKey(cart);
    expect(renewed).not.toBe(key);
    expect(idempotencyKeyFor(cart)).toBe(renewed);

    forgetIdempotencyKey();
    expect(sessionStorage.getItem(IDEMPOTENCY_STORAGE_KEY)).toBeNull();
    expect(idempotencyKeyFor(cart)).not.toBe(renewed);
  });

  it('ignores a stored value it cannot read', () => {
    sessionStorage.setItem(IDEMPOTENCY_STORAGE_KEY, '{not json');
    const key = idempotencyKeyFor(cart);
    expect(idempotencyKeySchema.safeParse(key).success).toBe(true);
    expect(idempotencyKeyFor(cart)).toBe(key);
  });

  it('keeps the key in memory when sessionStorage is blocked', () => {
    vi.spyOn(window, 'sessionStorage', 'get').mockImplementation(() => {
      throw new DOMException('blocked', 'SecurityError');
    });

    const key = idempotencyKeyFor(cart);
    expect(idempotencyKeyFor(cart)).toBe(key);
    expect(idempotencyKeyFor({ ...cart, version: 9 })).not.toBe(key);
  });

  it('keeps the key in memory when sessionStorage refuses writes (full or private mode)', () => {
    const realStorage = window.sessionStorage;
    const refusing = {
      getItem: (key: string) => realStorage.getItem(key),
      removeItem: (key: string) => realStorage.removeItem(key),
      setItem: () => {
        throw new DOMException('Quota exceeded', 'QuotaExceededError');
      },
    } as Pick<Storage, 'getItem' | 'removeItem' | 'setItem'> as Storage;
    vi.spyOn(window, 'sessionStorage', 'get').mockReturnValue(refusing);

    const key = idempotencyKeyFor(cart);
    expect(idempotencyKeyFor(cart)).toBe(key);
  });
});
