import { productListSchema, type Product } from '../../../shared/schemas/products';
import type { App } from '../../app';
import { freshIp } from '../../test/requests';
import { sameOrigin } from '../../test/test-app';

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';

/** A same-origin request as the portal's own pages send it, with `cookie` when given. */
export function send(
  app: App,
  method: Method,
  url: string,
  options: { cookie?: string; payload?: unknown; headers?: Record<string, string> } = {},
) {
  return app.inject({
    method,
    url,
    headers: {
      ...sameOrigin,
      ...(options.cookie ? { cookie: options.cookie } : {}),
      ...options.headers,
    },
    remoteAddress: freshIp(),
    ...(options.payload === undefined ? {} : { payload: options.payload as Record<string, unknown> }),
  });
}

/** The storefront's product list (GET /api/products), parsed. */
export async function storefrontProducts(app: App): Promise<Product[]> {
  return productListSchema.parse((await app.inject({ url: '/api/products' })).json());
}

export const storefrontSkus = async (app: App) => (await storefrontProducts(app)).map((p) => p.sku);
