import { expect } from 'vitest';
import { sameOrigin, type TestApp } from '../../test/test-app';
import { freshIp } from '../../test/requests';

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';

/** A same-origin request with the given session cookie. */
export function createRequester(t: TestApp, cookie: () => string) {
  return (method: Method, url: string, payload?: unknown) =>
    t.app.inject({
      method,
      url,
      headers: { ...sameOrigin, cookie: cookie() },
      remoteAddress: freshIp(),
      ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
    });
}

/** The storefront's price per unit for `productId` at `quantity` bottles (or bundles). */
export async function storefrontPrice(t: TestApp, productId: number, query: string): Promise<number> {
  const response = await t.app.inject({ url: `/api/products/${productId}/price?${query}` });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ price: number }>().price;
}
