import { desc, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { auditLog } from '../../db/schema';
import { sameOrigin, TEST_ADMIN_PASSWORD, type TestApp } from '../../test/test-app';
import { freshIp, post, sessionCookie } from '../accounts/accounts-test-support';

/** Signs the seeded administrator in and returns the session cookie. */
export async function signInAdmin(t: TestApp): Promise<string> {
  const response = await post(t.app, '/api/admin/login', {
    username: t.env.ADMIN_USERNAME,
    password: TEST_ADMIN_PASSWORD,
  });
  const cookie = sessionCookie(response);
  if (response.statusCode !== 200 || !cookie) throw new Error(`admin sign-in failed: ${response.body}`);
  return cookie;
}

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

/** The newest audit entry with this action. */
export async function latestAudit(t: TestApp, action: string) {
  const [row] = await t.db
    .select()
    .from(auditLog)
    .where(eq(auditLog.action, action))
    .orderBy(desc(auditLog.id))
    .limit(1);
  return row;
}

/** The storefront's price per unit for `productId` at `quantity` bottles (or bundles). */
export async function storefrontPrice(t: TestApp, productId: number, query: string): Promise<number> {
  const response = await t.app.inject({ url: `/api/products/${productId}/price?${query}` });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ price: number }>().price;
}
