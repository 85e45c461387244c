import { and, desc, eq } from 'drizzle-orm';
import { productListSchema, type Product } from '../../../shared/schemas/products';
import type { App } from '../../app';
import type { Database } from '../../db/client';
import { auditLog } from '../../db/schema';
import { freshIp, post, sessionCookie } from '../accounts/accounts-test-support';
import { sameOrigin, TEST_ADMIN_PASSWORD } from '../../test/test-app';

/** Signs the seeded administrator in through POST /api/admin/login and returns the session cookie. */
export async function signInAdmin(app: App): Promise<string> {
  const response = await post(app, '/api/admin/login', { username: 'admin', password: TEST_ADMIN_PASSWORD });
  const cookie = sessionCookie(response);
  if (response.statusCode !== 200 || !cookie) throw new Error(`admin sign-in failed: ${response.body}`);
  return cookie;
}

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

/** The newest audit entries for one entity, newest first. */
export function auditEntries(db: Database, entityType: string, entityId: string | number) {
  return db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entityType, entityType), eq(auditLog.entityId, String(entityId))))
    .orderBy(desc(auditLog.id));
}
