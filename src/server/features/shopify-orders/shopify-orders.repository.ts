import { and, asc, eq, gte, inArray, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import type { PricingTier } from '../../../shared/pricing';
import {
  jobs,
  orderItems,
  orders,
  productPricingTiers,
  products,
  virtualProductComponents,
  type OrderRow,
} from '../../db/schema';
import { STALE_LOCK_MS, type Job } from '../../jobs/queue';
import type { DatabaseOrTransaction } from '../../db/client';

import type { DraftPricing, DraftProduct, DraftSourceItem } from './draft-order-input';

/*
 * The orders themselves are read and written through admin-orders.repository.ts (findOrderById,
 * lockOrderById, updateOrder), like every other feature; here: what only the draft-order jobs need.
 */

/**
 * Records the order's sync as 'failed' while it has no draft and is still 'pending' (a job that ends, or is
 * on its last attempt); a recorded draft or a cancellation already settled it.
 */
export async function markSyncFailed(db: DatabaseOrTransaction, orderId: number, now: Date): Promise<void> {
  await db
    .update(orders)
    .set({ shopifySyncStatus: 'failed', updatedAt: now })
    .where(
      and(
        eq(orders.id, orderId),
        isNull(orders.shopifyDraftOrderGid),
        eq(orders.shopifySyncStatus, 'pending'),
      ),
    );
}

/** Undoes markSyncFailed of a last attempt that was put back (job-support.ts PostponeJob). */
export async function markSyncPendingAgain(db: DatabaseOrTransaction, orderId: number, now: Date) {
  await db
    .update(orders)
    .set({ shopifySyncStatus: 'pending', updatedAt: now })
    .where(
      and(
        eq(orders.id, orderId),
        isNull(orders.shopifyDraftOrderGid),
        eq(orders.shopifySyncStatus, 'failed'),
      ),
    );
}

/**
 * A job that will still run: due or waiting for its retry, or running with a worker alive (or, if its worker
 * died, with an attempt left: the queue claims it again, queue.ts claimNextJob).
 */
function isLive(now: Date): SQL {
  const staleBefore = new Date(now.getTime() - STALE_LOCK_MS);
  return or(
    eq(jobs.state, 'pending'),
    and(eq(jobs.state, 'running'), or(gte(jobs.lockedAt, staleBefore), lt(jobs.attempts, jobs.maxAttempts))),
  ) as SQL;
}

const ofOrder = (orderId: number) => sql`${jobs.payload}->>'orderId' = ${String(orderId)}`;

/** Whether a job of `type` for the order will still run (see isLive). */
export async function hasLiveOrderJob(
  db: DatabaseOrTransaction,
  type: string,
  orderId: number,
  now: Date = new Date(),
): Promise<boolean> {
  const [row] = await db
    .select({ id: jobs.id })
    .from(jobs)
    .where(and(eq(jobs.type, type), ofOrder(orderId), isLive(now)))
    .limit(1);
  return row !== undefined;
}

/**
 * Another live job of `type` for the order that has claimed the same `claim` value in its payload (the
 * invoice job's `sendingDraft`), or null.
 */
export async function findOtherClaim(
  db: DatabaseOrTransaction,
  job: Job,
  claim: { type: string; orderId: number; key: string; value: string },
  now: Date,
): Promise<number | null> {
  const [row] = await db
    .select({ id: jobs.id })
    .from(jobs)
    .where(
      and(
        eq(jobs.type, claim.type),
        ofOrder(claim.orderId),
        sql`${jobs.id} <> ${job.id}`,
        sql`${jobs.payload}->>${claim.key}::text = ${claim.value}`,
        isLive(now),
      ),
    )
    .limit(1);
  return row?.id ?? null;
}

/** The job as long as this worker still holds it (its lock was not taken over after going stale). */
function heldBy(job: Job): SQL {
  return and(
    eq(jobs.id, job.id),
    eq(jobs.state, 'running'),
    job.lockedBy === null ? isNull(jobs.lockedBy) : eq(jobs.lockedBy, job.lockedBy),
  ) as SQL;
}

/**
 * Rewrites the payload of a job this worker holds: the durable markers of the draft-order jobs (a create
 * was attempted, an invoice send is claimed) live there, committed before the Shopify call they guard.
 * False when the worker lost the job: it must not call Shopify then.
 */
export async function writeJobPayload(
  db: DatabaseOrTransaction,
  job: Job,
  payload: object,
): Promise<boolean> {
  const rows = await db
    .update(jobs)
    .set({ payload, updatedAt: new Date() })
    .where(heldBy(job))
    .returning({ id: jobs.id });
  return rows.length > 0;
}

/**
 * Puts a job this worker holds back to 'pending' at `runAt` without using up an attempt (the attempt that is
 * given back never reached Shopify). The worker's own completion then finds nothing to update. False when
 * the worker lost the job.
 */
export async function postponeJob(
  db: DatabaseOrTransaction,
  job: Job,
  runAt: Date,
  reason: string,
): Promise<boolean> {
  const rows = await db
    .update(jobs)
    .set({
      state: 'pending',
      runAt,
      attempts: sql`greatest(${jobs.attempts} - 1, 0)`,
      lockedAt: null,
      lockedBy: null,
      lastError: reason,
      updatedAt: new Date(),
    })
    .where(heldBy(job))
    .returning({ id: jobs.id });
  return rows.length > 0;
}

/**
 * The order's lines (as sold) and what pricing them needs: their products and, for a bundle, its component
 * products, with the custom prices of the order's tier. Products are read whatever their storefront state:
 * an order placed yesterday still goes to Shopify if a product was hidden since.
 */
export async function loadDraftSource(
  db: DatabaseOrTransaction,
  order: Pick<OrderRow, 'id' | 'tierId' | 'discountPercentage'>,
): Promise<{ items: DraftSourceItem[]; pricing: DraftPricing }> {
  const items = await db
    .select({
      productId: orderItems.productId,
      quantity: orderItems.quantity,
      price: orderItems.price,
      name: orderItems.name,
      sku: orderItems.sku,
    })
    .from(orderItems)
    .where(eq(orderItems.orderId, order.id))
    .orderBy(asc(orderItems.id));
  const lineProductIds = [...new Set(items.map((item) => item.productId))];
  const components =
    lineProductIds.length === 0
      ? []
      : await db
          .select()
          .from(virtualProductComponents)
          .where(inArray(virtualProductComponents.virtualProductId, lineProductIds))
          .orderBy(asc(virtualProductComponents.id));
  const productIds = [
    ...new Set([...lineProductIds, ...components.map((component) => component.componentProductId)]),
  ];
  const rows =
    productIds.length === 0 ? [] : await db.select().from(products).where(inArray(products.id, productIds));
  const customPrices =
    order.tierId === null || productIds.length === 0
      ? []
      : await db
          .select({
            productId: productPricingTiers.productId,
            tierId: productPricingTiers.tierId,
            price: productPricingTiers.price,
          })
          .from(productPricingTiers)
          .where(
            and(
              eq(productPricingTiers.tierId, order.tierId),
              inArray(productPricingTiers.productId, productIds),
            ),
          );

  const draftProducts = rows.map((row): DraftProduct => ({
    id: row.id,
    sku: row.sku,
    name: row.name,
    price: row.price,
    wholesalePrice: row.wholesalePrice,
    msrp: row.msrp,
    caseSize: row.caseSize,
    isTester: row.isTester,
    isVirtual: row.isVirtual,
    shopifyVariantId: row.shopifyVariantId,
    components: components
      .filter((component) => component.virtualProductId === row.id)
      .map((component) => ({ productId: component.componentProductId, quantity: component.quantity })),
  }));
  // The tier as the order was priced: its id (custom prices) and the discount stored on the order.
  const tier: PricingTier | null =
    order.tierId === null && order.discountPercentage === 0
      ? null
      : { id: order.tierId ?? -1, name: '', minimumCases: 0, discountPercentage: order.discountPercentage };
  return {
    items,
    pricing: {
      catalog: {
        products: new Map(draftProducts.map((product) => [product.id, product])),
        tiers: tier ? [tier] : [],
        customPrices,
      },
      tier,
    },
  };
}
