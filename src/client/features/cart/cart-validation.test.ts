import { afterEach, describe, expect, it, vi } from 'vitest';
import { errorResponse, jsonResponse, requestBody, stubFetch } from '../../test-support/stub-fetch';
import { validateCart } from './cart-validation';

afterEach(() => {
  vi.unstubAllGlobals();
});

const items = [{ productId: 1, quantity: 24, price: 9.59, name: '4 oz Bottle', sku: '800-0001' }];

describe('validateCart', () => {
  it('posts the items as JSON with credentials', async () => {
    const fetchMock = stubFetch({
      '/api/validate-cart': () => jsonResponse({ success: true, errors: [], warnings: [] }),
    });

    await expect(validateCart(items)).resolves.toEqual({ kind: 'ok' });

    const init = fetchMock.mock.calls[0]?.[1];
    expect(init?.method).toBe('POST');
    expect(init?.credentials).toBe('include');
    expect(JSON.parse(requestBody(init))).toEqual({ items });
  });

  it('reports the first warning', async () => {
    stubFetch({
      '/api/validate-cart': () =>
        jsonResponse({ success: true, errors: [], warnings: ['Price changed', 'Another'] }),
    });

    await expect(validateCart(items)).resolves.toEqual({ kind: 'warning', message: 'Price changed' });
  });

  it("reports the first error, or 'Your cart contains invalid items' when there is none", async () => {
    stubFetch({
      '/api/validate-cart': () =>
        jsonResponse({ success: false, errors: ['Product 9 is not available', 'x'], warnings: ['w'] }),
    });
    await expect(validateCart(items)).resolves.toEqual({
      kind: 'invalid',
      message: 'Product 9 is not available',
    });

    stubFetch({ '/api/validate-cart': () => jsonResponse({ success: false, errors: [], warnings: [] }) });
    await expect(validateCart(items)).resolves.toEqual({
      kind: 'invalid',
      message: 'Your cart contains invalid items',
    });
  });

  it("reads a non-OK answer's error, else its first errors entry, else 'Error validating cart: {status}'", async () => {
    stubFetch({ '/api/validate-cart': () => jsonResponse({ error: 'Cart is locked' }, { status: 409 }) });
    await expect(validateCart(items)).resolves.toEqual({ kind: 'error', message: 'Cart is locked' });

    stubFetch({
      '/api/validate-cart': () => jsonResponse({ success: false, errors: ['Bad quantity'] }, { status: 400 }),
    });
    await expect(validateCart(items)).resolves.toEqual({ kind: 'error', message: 'Bad quantity' });

    stubFetch({ '/api/validate-cart': () => errorResponse(429, 'Too many requests') });
    await expect(validateCart(items)).resolves.toEqual({ kind: 'error', message: 'Too many requests' });

    stubFetch({ '/api/validate-cart': () => new Response('<html>oops</html>', { status: 500 }) });
    await expect(validateCart(items)).resolves.toEqual({
      kind: 'error',
      message: 'Error validating cart: 500',
    });
  });

  it('checks again, unseen, when an instance restarts: a 502, a 503 or a lost connection (issue 29)', async () => {
    vi.useFakeTimers();
    try {
      const failures = [
        () => new Response('<html>Bad Gateway</html>', { status: 502 }),
        () => errorResponse(503, 'The portal is restarting. Please try again in a few seconds.'),
        () => Promise.reject(new TypeError('Failed to fetch')),
      ];
      const fetchMock = stubFetch({
        '/api/validate-cart': () =>
          failures.shift()?.() ?? jsonResponse({ success: true, errors: [], warnings: [] }),
      });
      const outcome = validateCart(items);
      await vi.runAllTimersAsync();
      await expect(outcome).resolves.toEqual({ kind: 'ok' });
      expect(fetchMock).toHaveBeenCalledTimes(4);
      for (const [, init] of fetchMock.mock.calls) expect(JSON.parse(requestBody(init))).toEqual({ items });
    } finally {
      vi.useRealTimers();
    }
  });
});
