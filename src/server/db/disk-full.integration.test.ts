import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../app';
import { STORAGE_FULL_MESSAGE } from '../errors';
import { createUser } from '../test/factories/users';
import { signIn } from '../test/factories/sign-in';
import { buildAppLoggingTo, sameOrigin } from '../test/test-app';
import { createTestDatabase } from '../test/test-database';
import type { DatabaseHandle } from './client';

const ORDERS = 6;

/**
 * Issue 29 §12 (docs/operations.md#a-full-disk), on PGlite and PostgreSQL: the database's own SQLSTATE 53100
 * 'disk_full', raised where a full disk raises it (a row that does not fit), is a calm 503 STORAGE_FULL,
 * never a 500; readiness says 'storage-full'; the log says where to free space once, not once per request;
 * when writes fit again the same orders, sent again with their keys, are placed and readiness is back.
 * (tests/faults/disk-full.test.ts fills a real disk under the built server.)
 */
describe('a full database disk', () => {
  let handle: DatabaseHandle;
  let app: App;
  const lines: Array<Record<string, unknown>> = [];

  beforeAll(async () => {
    handle = await createTestDatabase();
    app = await buildAppLoggingTo(handle, lines);
  }, 60_000);

  afterAll(async () => {
    await app?.close();
    await handle?.close();
  });

  /** What PostgreSQL raises when a table's file cannot be extended: SQLSTATE 53100, 'disk_full'. */
  const fillTheDisk = async () => {
    await handle.db.execute(
      sql.raw(`
        create function test_disk_full() returns trigger language plpgsql as $$
        begin
          raise exception 'could not extend file "base/5/16385": No space left on device'
            using errcode = 'disk_full', hint = 'Check free disk space.';
        end $$`),
    );
    await handle.db.execute(
      sql.raw(
        'create trigger test_disk_full before insert on orders for each row execute function test_disk_full()',
      ),
    );
  };
  const freeSpace = async () => {
    await handle.db.execute(sql.raw('drop trigger test_disk_full on orders'));
    await handle.db.execute(sql.raw('drop function test_disk_full()'));
  };

  it('answers 503 STORAGE_FULL, reports it in readiness and logs it once; the orders go through when space is back', async () => {
    const user = await createUser(handle.db);
    const cookie = await signIn(app, handle.db, user.email);
    const products = (await app.inject({ url: '/api/products' })).json<Array<{ id: number }>>();
    const submit = (key: string) =>
      app.inject({
        method: 'POST',
        url: '/api/create-draft-order',
        headers: { ...sameOrigin, cookie, 'idempotency-key': key },
        payload: {
          customer: { customerName: 'Ada Buyer', customerEmail: user.email, businessName: 'Mist Shop' },
          orderItems: [{ productId: products[0]!.id, quantity: 24 }],
          notes: null,
        },
      });
    expect((await app.inject({ url: '/api/health/ready' })).statusCode).toBe(200);

    await fillTheDisk();
    const logged = lines.length;
    const keys = Array.from({ length: ORDERS }, (_, index) => `disk-full-order-key-${index + 1}`);
    for (const key of keys) {
      const refused = await submit(key);
      expect(refused.statusCode, key).toBe(503);
      expect(refused.headers['retry-after']).toBe('30');
      expect(refused.json()).toMatchObject({ code: 'STORAGE_FULL', message: STORAGE_FULL_MESSAGE });
    }
    const ready = await app.inject({ url: '/api/health/ready' });
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toMatchObject({ status: 'storage-full', database: 'up', storage: 'full' });

    // One line for the operator, saying where to free space; none per request, no 500's 'unhandled error'.
    const during = lines
      .slice(logged)
      .filter((line) => (line.req as { url?: string } | undefined)?.url !== '/api/health/ready');
    const volume =
      handle.kind === 'postgres' ? "the PostgreSQL server's data volume" : /the volume holding .*pglite$/;
    expect(during).toEqual([
      expect.objectContaining({
        level: 50,
        code: '53100',
        msg: expect.stringMatching(
          typeof volume === 'string' ? `^database disk is full: free space on ${volume}$` : volume,
        ) as unknown,
      }),
    ]);

    await freeSpace();
    for (const key of keys) expect((await submit(key)).statusCode, key).toBe(201);
    expect((await app.inject({ url: '/api/health/ready' })).statusCode).toBe(200);
    expect(lines.slice(logged).filter((line) => line.msg === 'database disk accepts writes again')).toEqual([
      expect.objectContaining({ level: 30, failures: ORDERS }),
    ]);
  }, 60_000);
});
