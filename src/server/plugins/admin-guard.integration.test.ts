import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../test/factories/users';
import { signIn } from '../test/factories/sign-in';
import { createTestApp, sameOrigin, type TestApp } from '../test/test-app';
import { ADMIN_API_PREFIX, PUBLIC_ADMIN_ROUTES } from './admin-guard';
import { routesOf, type RouteEntry } from '../test/route-table';

/**
 * Deny by default (docs/security.md#access-control), generated from the route table rather than written by
 * hand: every /api/admin/* route that is not one of the public ones answers 401 to a visitor and 403 to
 * a customer, whatever the body, and changes nothing.
 */

let t: TestApp;
let customerCookie: string;

beforeAll(async () => {
  t = await createTestApp();
  const customer = await createUser(t.db);
  customerCookie = await signIn(t.app, t.db, customer.email);
});

afterAll(async () => t.close());

/** Every admin route of the running app, from Fastify's own route table. */
const adminRoutes = (): RouteEntry[] => routesOf(t.app, ADMIN_API_PREFIX);

/** A concrete path for a route pattern: every :param becomes 1. */
const concrete = (url: string) => url.replace(/:[^/]+/g, '1');

function call(route: RouteEntry, cookie?: string) {
  const body = route.method === 'GET' || route.method === 'DELETE' ? undefined : { anything: 'at all' };
  return t.app.inject({
    method: route.method as 'GET',
    url: concrete(route.url),
    headers: { ...sameOrigin, ...(cookie ? { cookie } : {}) },
    ...(body ? { payload: body } : {}),
  });
}

describe('the administrator check on every /api/admin/* route', () => {
  it('finds the admin routes in the route table, including the public ones and those printed as children', () => {
    const urls = new Set(adminRoutes().map((route) => route.url));
    for (const url of PUBLIC_ADMIN_ROUTES) expect(urls).toContain(url);
    for (const url of [
      '/api/admin/users',
      '/api/admin/users/:userId/role',
      '/api/admin/security/totp/setup',
    ]) {
      expect(urls).toContain(url);
    }
  });

  it('answers 401 to a signed-out visitor on every guarded route', async () => {
    const guarded = adminRoutes().filter((route) => !PUBLIC_ADMIN_ROUTES.has(route.url));
    for (const route of guarded) {
      const response = await call(route);
      expect({ route, status: response.statusCode }).toEqual({ route, status: 401 });
      expect(response.json()).toMatchObject({ code: 'UNAUTHENTICATED' });
    }
  });

  it('answers 403 to a signed-in customer on every guarded route, before looking at the body', async () => {
    const guarded = adminRoutes().filter((route) => !PUBLIC_ADMIN_ROUTES.has(route.url));
    for (const route of guarded) {
      const response = await call(route, customerCookie);
      expect({ route, status: response.statusCode }).toEqual({ route, status: 403 });
      expect(response.json()).toMatchObject({ code: 'FORBIDDEN' });
    }
  });

  it.each([
    ['malformed JSON', 'application/json', '{"name":'],
    ['a form post', 'application/x-www-form-urlencoded', 'name=x'],
    ['plain text', 'text/plain', 'hello'],
    ['a body over the 100 KiB limit', 'application/json', JSON.stringify({ name: 'x'.repeat(120 * 1024) })],
  ])(
    'refuses a visitor (401) and a customer (403) before reading %s',
    async (_what, contentType, payload) => {
      const guarded = adminRoutes().filter(
        (route) => !PUBLIC_ADMIN_ROUTES.has(route.url) && route.method !== 'GET' && route.method !== 'DELETE',
      );
      expect(guarded.length).toBeGreaterThan(5);
      for (const route of guarded) {
        for (const [cookie, status] of [
          [undefined, 401],
          [customerCookie, 403],
        ] as const) {
          const response = await t.app.inject({
            method: route.method as 'POST',
            url: concrete(route.url),
            headers: { ...sameOrigin, 'content-type': contentType, ...(cookie ? { cookie } : {}) },
            payload,
          });
          expect({ route, status: response.statusCode }).toEqual({ route, status });
        }
      }
    },
  );

  it('guards a route added under the prefix later, without the route doing anything itself', async () => {
    const { createTestApp: build } = await import('../test/test-app');
    const fresh = await build();
    try {
      fresh.app.get(`${ADMIN_API_PREFIX}late-addition`, () => ({ secret: true }));
      const response = await fresh.app.inject({ url: `${ADMIN_API_PREFIX}late-addition` });
      expect(response.statusCode).toBe(401);
    } finally {
      await fresh.close();
    }
  });

  it('answers GET /api/admin/user with 401 to a customer: no administrator is signed in', async () => {
    const response = await t.app.inject({ url: '/api/admin/user', headers: { cookie: customerCookie } });
    expect(response.statusCode).toBe(401);
  });
});
