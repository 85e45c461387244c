import { eq, sql } from 'drizzle-orm';
import { centsToDecimal } from '../../../shared/money';
import type { Database } from '../../db/client';
import { products } from '../../db/schema';
import type { FakeShopify } from '../../../../dev/fake-shopify/fake-shopify';
import { splitGid } from '../../../../dev/fake-shopify/gid';
import { sqlRows } from '../../test/sql-rows';

/** The portal's product row for `sku` (fails the test when there is none). */
export async function rowBySku(db: Database, sku: string) {
  const [row] = await db.select().from(products).where(eq(products.sku, sku));
  if (!row) throw new Error(`no product row ${sku}`);
  return row;
}

/** The fake store's variant behind a GID. */
export function fakeVariant(fake: FakeShopify, variantGid: string | null) {
  const parts = variantGid ? splitGid(variantGid) : null;
  const variant = parts ? fake.store.variants.get(parts.id) : undefined;
  if (!variant) throw new Error(`the fake store has no variant ${variantGid}`);
  return variant;
}

/** The store's price of the variant linked to the portal's `sku`, as Shopify prints it ("26.00"). */
export async function storePriceOf(db: Database, fake: FakeShopify, sku: string): Promise<string> {
  return centsToDecimal(fakeVariant(fake, (await rowBySku(db, sku)).shopifyVariantId).price);
}

/**
 * The portal visibility recorded on the store's variant linked to `sku` (the `wholesale_portal.visible`
 * metafield): 'true', 'false', or null when the portal never wrote it.
 */
export async function storeVisibilityOf(
  db: Database,
  fake: FakeShopify,
  sku: string,
): Promise<string | null> {
  const variant = fakeVariant(fake, (await rowBySku(db, sku)).shopifyVariantId);
  const metafield = variant.metafields.find(
    (candidate) => candidate.namespace === 'wholesale_portal' && candidate.key === 'visible',
  );
  return metafield?.value ?? null;
}

/** Jobs of one type, oldest first, with what the worker left in them. */
export function jobsOfType(db: Database, type: string) {
  return sqlRows<{ state: string; attempts: number; payload: unknown; last_error: string | null }>(
    db,
    sql`select state, attempts, payload, last_error from jobs where type = ${type} order by id`,
  );
}
