import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../app';
import { createUser } from '../test/factories/users';
import { freshIp, get, post } from '../test/requests';
import { adminLogin, signIn } from '../test/factories/sign-in';
import { sqlRows } from '../test/sql-rows';
import { createTestApp, sameOrigin, TEST_ADMIN_PASSWORD, type TestApp } from '../test/test-app';
import { ADMIN_LOGIN_LIMITS, EMAIL_SEND_LIMITS, ROUTE_RATE_LIMITS } from './rate-limits';

/**
 * Issue 18 'Limits shared by all instances' (docs/security.md#rate-limits): two instances of the portal on
 * one database — each with its own memory, as two processes behind a load balancer — enforce one limit.
 * Requests alternate between them.
 */
describe('limits shared by two instances on one database', () => {
  let t: TestApp;
  let second: App;
  let instances: [App, App];

  beforeAll(async () => {
    t = await createTestApp();
    second = await buildApp({
      env: t.env,
      database: t.handle,
      clientDir: null,
      logger: false,
      maxEventLoopDelayMs: 0,
    });
    instances = [t.app, second];
  });
  afterAll(async () => {
    await second.close();
    await t.close();
  });

  const alternate = (index: number) => instances[index % 2]!;

  it('sends at most 3 sign-in links to one address, whichever instance is asked', async () => {
    const user = await createUser(t.db);
    for (let index = 0; index < 6; index++) {
      const response = await post(alternate(index), '/api/request-magic-link', { email: user.email });
      expect(response.statusCode).toBe(200);
    }
    const [row] = await sqlRows<{ count: number }>(
      t.db,
      sql`select count(*)::int as count from jobs where type = 'account.sign-in-link' and payload->>'email' = ${user.email}`,
    );
    expect(row?.count).toBe(EMAIL_SEND_LIMITS.perAddress.max);
  });

  it('blocks an IP after 10 failed administrator sign-ins across both, even with the right password', async () => {
    const ip = freshIp();
    for (let index = 0; index < ADMIN_LOGIN_LIMITS.perIp.max; index++) {
      expect((await adminLogin(alternate(index), 'admin', 'Wrong-Pass-1', { ip: ip })).statusCode).toBe(401);
    }
    for (const instance of instances) {
      const refused = await adminLogin(instance, 'admin', TEST_ADMIN_PASSWORD, { ip: ip });
      expect(refused.statusCode).toBe(429);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(500);
    }
  });

  it("counts a route's 429 limit across both (link checks, 20 a minute per IP)", async () => {
    const ip = freshIp();
    for (let index = 0; index < ROUTE_RATE_LIMITS.verify.max; index++) {
      const response = await post(alternate(index), '/api/auth/verify', { token: `bogus-${index}` }, { ip });
      expect(response.statusCode).toBe(400);
    }
    expect((await post(t.app, '/api/auth/verify', { token: 'one-more' }, { ip })).statusCode).toBe(429);
    expect((await post(second, '/api/auth/verify', { token: 'one-more' }, { ip })).statusCode).toBe(429);
  });

  it('counts each route apart: 20 reset-token checks from one address leave its registration open, on both', async () => {
    const ip = freshIp();
    for (let index = 0; index < ROUTE_RATE_LIMITS.resetToken.max; index++) {
      const response = await get(alternate(index), `/api/validate-reset-token/bogus-${index}`, { ip });
      expect(response.statusCode).toBe(200);
    }
    expect((await get(t.app, '/api/validate-reset-token/one-more', { ip })).statusCode).toBe(429);
    // Another route from the same address is not refused: its own counter is untouched (an empty form is
    // answered 400 naming the missing fields, which counts like any registration).
    for (const instance of instances) {
      const response = await post(instance, '/api/register', {}, { ip });
      expect(response.statusCode).toBe(400);
      expect(response.json<{ message: string }>().message).toMatch(/^Missing Required Fields/);
    }
    // ...and the magic-link check from that address neither.
    expect((await post(second, '/api/auth/verify', { token: 'bogus' }, { ip })).statusCode).toBe(400);
  });

  it("holds registration's own limit (20 an hour per IP) across both", async () => {
    const ip = freshIp();
    for (let index = 0; index < ROUTE_RATE_LIMITS.register.max; index++) {
      expect((await post(alternate(index), '/api/register', {}, { ip })).statusCode).toBe(400);
    }
    expect((await post(t.app, '/api/register', {}, { ip })).statusCode).toBe(429);
    expect((await post(second, '/api/register', {}, { ip })).statusCode).toBe(429);
    // The reset-token checks from that address are still open.
    expect((await get(second, '/api/validate-reset-token/bogus', { ip })).statusCode).toBe(200);
  });

  it('accepts at most 30 order submissions a minute from one customer across both', async () => {
    const user = await createUser(t.db);
    const cookie = await signIn(t.app, t.db, user.email);
    const submit = (app: App, index: number) =>
      app.inject({
        method: 'POST',
        url: '/api/create-draft-order',
        headers: { ...sameOrigin, cookie, 'idempotency-key': `shared-limit-${user.id}-${index}` },
        // An empty cart (422) counts like any submission.
        payload: {
          customer: {
            customerName: 'Ada Buyer',
            customerEmail: 'ada@example.com',
            customerPhone: '555-0100',
            businessName: 'Mist Shop',
          },
          orderItems: [],
        },
      });
    for (let index = 0; index < ROUTE_RATE_LIMITS.submitOrder.max; index++) {
      expect((await submit(alternate(index), index)).statusCode).not.toBe(429);
    }
    expect((await submit(t.app, 100)).statusCode).toBe(429);
    expect((await submit(second, 101)).statusCode).toBe(429);
  });
});
