import { and, asc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import { z } from 'zod';
import { allowedSkus, jobs, products, type ProductRow } from '../../db/schema';
import type { DatabaseOrTransaction } from '../../db/client';
import { defineJob } from '../../jobs/job-definition';

import type { CatalogPlan, NewRow } from './shopify-product-plan';

/**
 * The job that pushes a portal edit to its Shopify variant: the row's id and what changed. Only what changed
 * is pushed, read from the row when the job runs, so a visibility switch never sends back a price that was
 * since changed in Shopify.
 */
export const SHOPIFY_VARIANT_PUSH_JOB = 'shopify.variant-push';

export const VARIANT_PUSH_FIELDS = ['price', 'visibility'] as const;
export type VariantPushField = (typeof VARIANT_PUSH_FIELDS)[number];

export const variantPushJobPayloadSchema = z.object({
  productId: z.number().int().positive(),
  push: z.array(z.enum(VARIANT_PUSH_FIELDS)).min(1),
});

/** One product row's pushes run one at a time, so Shopify receives its edits in order. */
export const variantPushJob = defineJob({
  type: SHOPIFY_VARIANT_PUSH_JOB,
  label: 'Shopify variant update',
  payload: variantPushJobPayloadSchema,
  serialKey: ({ productId }) => `product:${productId}`,
});

/**
 * Every product row, locked for the caller's transaction: a Shopify read is written under the same locks a
 * price edit takes (findProductForUpdate), so an edit is either seen (its push is pending) or comes after.
 */
export function lockProductRows(db: DatabaseOrTransaction): Promise<ProductRow[]> {
  return db.select().from(products).orderBy(asc(products.id)).for('update');
}

export async function findActiveAllowedSkus(db: DatabaseOrTransaction): Promise<Set<string>> {
  const rows = await db
    .select({ sku: allowedSkus.sku })
    .from(allowedSkus)
    .where(eq(allowedSkus.isActive, true));
  return new Set(rows.map((row) => row.sku));
}

/** Rows whose price push to Shopify is queued or running: their portal price is the newer one. */
export async function findRowsWithPendingPricePush(db: DatabaseOrTransaction): Promise<Set<number>> {
  const rows = await db
    .select({ payload: jobs.payload })
    .from(jobs)
    .where(and(eq(jobs.type, SHOPIFY_VARIANT_PUSH_JOB), inArray(jobs.state, ['pending', 'running'])));
  const ids = new Set<number>();
  for (const { payload } of rows) {
    const parsed = variantPushJobPayloadSchema.safeParse(payload);
    if (parsed.success && parsed.data.push.includes('price')) ids.add(parsed.data.productId);
  }
  return ids;
}

/** Rows linked to a Shopify variant (bundle and tester included; callers decide). */
export function findLinkedRows(db: DatabaseOrTransaction): Promise<ProductRow[]> {
  return db
    .select()
    .from(products)
    .where(and(isNotNull(products.shopifyVariantId), isNotNull(products.shopifyProductId)))
    .orderBy(asc(products.id));
}

export async function findProductRow(db: DatabaseOrTransaction, id: number): Promise<ProductRow | null> {
  const [row] = await db.select().from(products).where(eq(products.id, id));
  return row ?? null;
}

/**
 * Writes a plan: only rows that change are updated (each UPDATE and INSERT fires the catalogue NOTIFY
 * trigger, migration 0001, so every portal instance drops its cached catalogue). New rows that lost a race
 * (another refresh created the SKU or variant first) are left out. Returns the rows created.
 */
export async function applyCatalogPlan(db: DatabaseOrTransaction, plan: CatalogPlan): Promise<ProductRow[]> {
  for (const { row, values } of plan.matched) {
    if (Object.keys(values).length === 0) continue;
    await db
      .update(products)
      .set({ ...values, updatedAt: sql`now()` })
      .where(eq(products.id, row.id));
  }
  if (plan.created.length === 0) return [];
  return db
    .insert(products)
    .values(plan.created.map((row: NewRow) => ({ ...row })))
    .onConflictDoNothing()
    .returning();
}
