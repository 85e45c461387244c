import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../app';
import { DATABASE_UNAVAILABLE_MESSAGE } from '../errors';
import { STALE_CATALOGUE_HEADER } from '../http/stale-catalogue';
import { startTcpProxy, type TcpProxy } from '../test/tcp-proxy';
import { createScratchPostgresDatabase } from '../test/test-database';
import { buildAppLoggingTo, sameOrigin } from '../test/test-app';
import { openDatabase, type DatabaseHandle } from './client';

/**
 * Issue 18 'Database outages' (docs/operations.md#database-outages), on a real PostgreSQL server reached
 * through a proxy the test cuts: 503 with Retry-After wherever the database is needed, the catalogue from
 * memory (marked stale), orders refused, and two log lines for the whole outage.
 */
describe.runIf(process.env.TEST_DATABASE_URL)('a database outage', () => {
  let scratch: Awaited<ReturnType<typeof createScratchPostgresDatabase>>;
  let proxy: TcpProxy;
  let handle: DatabaseHandle;
  let app: App;
  const lines: Array<Record<string, unknown>> = [];

  beforeAll(async () => {
    scratch = await createScratchPostgresDatabase(process.env.TEST_DATABASE_URL!);
    const target = new URL(scratch.url);
    proxy = await startTcpProxy(target.hostname, Number(target.port || 5432));
    const viaProxy = new URL(scratch.url);
    viaProxy.host = `127.0.0.1:${proxy.port}`;
    handle = await openDatabase({ kind: 'postgres', url: viaProxy.toString() });
    await handle.migrate();
    app = await buildAppLoggingTo(handle, lines);
  }, 60_000);

  afterAll(async () => {
    await app?.close();
    await handle?.close();
    await proxy?.close();
    await scratch?.drop();
  });

  const call = (method: 'GET' | 'POST', url: string, payload?: object, cookie?: string) =>
    app.inject({
      method,
      url,
      headers: { ...sameOrigin, ...(cookie ? { cookie } : {}), 'idempotency-key': 'outage-test-key-0001' },
      ...(payload ? { payload } : {}),
    });

  it('answers 503 with Retry-After, serves the last catalogue marked stale, refuses orders, logs twice', async () => {
    const before = await call('GET', '/api/products');
    expect(before.statusCode).toBe(200);
    const products = before.json<Array<{ id: number }>>();
    const items = [{ productId: products[0]!.id, quantity: 24 }];
    const pricesBefore = await call('POST', '/api/calculate-prices', { items });
    expect(pricesBefore.statusCode).toBe(200);

    await proxy.cut();
    const logged = lines.length;

    // Reads that need the database: 503 UNAVAILABLE with Retry-After, in the portal's shape.
    for (const [method, url, payload, cookie] of [
      ['POST', '/api/request-magic-link', { email: 'someone@example.com' }, undefined],
      ['POST', '/api/admin/login', { username: 'admin', password: 'Admin-Pass-1' }, undefined],
      // A session is looked up in the database: an order cannot even start.
      ['POST', '/api/create-draft-order', { items }, 'sid=some-session'],
    ] as const) {
      const refused = await call(method, url, payload, cookie);
      expect(refused.statusCode, url).toBe(503);
      expect(refused.headers['retry-after'], url).toBe('5');
      expect(refused.json(), url).toMatchObject({
        code: 'UNAVAILABLE',
        message: DATABASE_UNAVAILABLE_MESSAGE,
      });
    }

    // The catalogue keeps answering from memory, and says so.
    const list = await call('GET', '/api/products');
    expect(list.statusCode).toBe(200);
    expect(list.headers[STALE_CATALOGUE_HEADER]).toBe('1');
    expect(list.json()).toEqual(products);
    // Also for a signed-in buyer: the catalogue is the same for everyone, the session is not needed.
    const signedIn = await call('GET', '/api/products', undefined, 'sid=some-session');
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.headers[STALE_CATALOGUE_HEADER]).toBe('1');
    const prices = await call('POST', '/api/calculate-prices', { items }, 'sid=some-session');
    expect(prices.statusCode).toBe(200);
    expect(prices.headers[STALE_CATALOGUE_HEADER]).toBe('1');
    expect(prices.json()).toEqual(pricesBefore.json());

    // One line for the start of the outage, whatever the number of failed requests, and no statement in it.
    const during = lines.slice(logged);
    expect(during.filter((line) => String(line.msg).startsWith('database unreachable'))).toHaveLength(1);
    expect(JSON.stringify(during)).not.toMatch(/select |insert |someone@example\.com|params/i);
    expect(during.filter((line) => Number(line.level) >= 50)).toHaveLength(1);

    await proxy.restore();
    await expect
      .poll(() => lines.some((line) => line.msg === 'database reachable again'), { timeout: 10_000 })
      .toBe(true);
    const after = await call('GET', '/api/products');
    expect(after.statusCode).toBe(200);
    expect(after.headers[STALE_CATALOGUE_HEADER]).toBeUndefined();
    expect((await call('POST', '/api/request-magic-link', { email: 'someone@example.com' })).statusCode).toBe(
      200,
    );
  }, 60_000);
  it('logs an outage of many refused requests in two lines, not one per request (issue 29 §14)', async () => {
    await proxy.cut();
    const logged = lines.length;
    const refused = [];
    for (let i = 0; i < 60; i += 1) {
      refused.push(
        (await call('POST', '/api/request-magic-link', { email: `buyer${i}@example.com` })).statusCode,
      );
    }
    expect(refused).toEqual(Array.from({ length: 60 }, () => 503));
    await proxy.restore();
    await expect
      .poll(() => lines.slice(logged).some((line) => line.msg === 'database reachable again'), {
        timeout: 10_000,
      })
      .toBe(true);

    const during = lines.slice(logged);
    expect(during.filter((line) => String(line.msg).startsWith('database unreachable'))).toHaveLength(1);
    // The refused requests are counted in the outage's lines, not written one by one.
    expect(during.filter((line) => line.msg === 'request completed')).toEqual([]);
    expect(during.filter((line) => line.msg === 'database reachable again')).toEqual([
      expect.objectContaining({ level: 30, failures: 60 }),
    ]);
    expect(during).toHaveLength(2);
  }, 60_000);
});
