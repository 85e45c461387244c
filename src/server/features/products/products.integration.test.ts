import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { productListSchema } from '../../../shared/schemas/products';
import { allowedSkus, products } from '../../db/schema';
import { sqlRows } from '../../test/sql-rows';
import { createTestApp, type TestApp } from '../../test/test-app';

describe('GET /api/products', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('lists the seeded storefront products in the client shape with per-bottle dollar prices', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/products' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
    const list = productListSchema.parse(response.json());
    expect(list.map((product) => product.sku)).toEqual([
      '800-0001',
      '800-0002',
      'SPLIT-PACK-01',
      '800-0004',
      '800-0003',
    ]);
    expect(list[0]).toEqual({
      id: 1,
      name: '4 oz Bottle',
      sku: '800-0001',
      price: 26,
      wholesalePrice: 10.65,
      msrp: 26,
      imageUrl: null,
      shopifyVariantId: null,
      isVirtual: false,
      caseSize: 12,
      isTester: false,
    });
    expect(list.find((product) => product.sku === '800-0002')).toMatchObject({
      id: 21,
      wholesalePrice: 4.85,
    });
    expect(list.find((product) => product.sku === 'SPLIT-PACK-01')).toMatchObject({
      id: 27,
      wholesalePrice: 7.75,
    });
    expect(list.find((product) => product.sku === '800-0004')).toMatchObject({
      isVirtual: true,
      caseSize: 12,
    });
    expect(list.find((product) => product.sku === '800-0003')).toMatchObject({ isTester: true, price: 0 });
  });

  it('never lists the legacy SAMPLE-01 tester, which is inactive and not an allowed SKU', async () => {
    const list = productListSchema.parse((await t.app.inject({ url: '/api/products' })).json());
    expect(list.some((product) => product.sku === 'SAMPLE-01' || product.id === 17)).toBe(false);
  });

  it('answers 304 without a body when the ETag still matches, and a new ETag after a change', async () => {
    const first = await t.app.inject({ url: '/api/products' });
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^".+"$/);
    expect(first.headers['cache-control']).toBe('no-cache');

    const again = await t.app.inject({ url: '/api/products', headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');

    // A write from anywhere (here: straight SQL, as another instance would) reaches the list through the
    // database's change notification: at once on PGlite, within milliseconds on PostgreSQL.
    await t.db.update(products).set({ name: '4 oz Bottle (new label)' }).where(eq(products.id, 1));
    await vi.waitFor(async () => {
      const changed = await t.app.inject({ url: '/api/products', headers: { 'if-none-match': etag } });
      expect(changed.statusCode).toBe(200);
      expect(changed.headers.etag).not.toBe(etag);
      expect(changed.json()[0].name).toBe('4 oz Bottle (new label)');
    });
  });

  it('hides a product whose allowed SKU is deactivated, and an inactive product', async () => {
    await t.db.update(allowedSkus).set({ isActive: false }).where(eq(allowedSkus.sku, '800-0002'));
    await t.db.update(products).set({ isActive: false }).where(eq(products.sku, 'SPLIT-PACK-01'));
    await vi.waitFor(async () => {
      const list = productListSchema.parse((await t.app.inject({ url: '/api/products' })).json());
      expect(list.map((product) => product.sku)).toEqual(['800-0001', '800-0004', '800-0003']);
    });
  });

  it.runIf(process.env.TEST_DATABASE_URL)(
    'keeps serving fresh data when the PostgreSQL change listener is cut, and caches again once it is back',
    async () => {
      await sqlRows(
        t.db,
        sql`select pg_terminate_backend(pid) from pg_stat_activity
            where datname = current_database() and query ilike 'LISTEN catalog_changed%'`,
      );
      await t.db.update(products).set({ name: 'Renamed while deaf' }).where(eq(products.id, 1));
      await vi.waitFor(async () => {
        expect((await t.app.inject({ url: '/api/products' })).json()[0].name).toBe('Renamed while deaf');
      });
      // The listener reconnects by itself within a few seconds.
      await vi.waitFor(
        async () => {
          const listeners = await sqlRows(
            t.db,
            sql`select pid from pg_stat_activity
                where datname = current_database() and query ilike 'LISTEN catalog_changed%'`,
          );
          expect(listeners).toHaveLength(1);
        },
        { timeout: 10_000, interval: 200 },
      );
    },
  );
});
