import { and, desc, eq, gt, isNotNull, ne, or, sql } from 'drizzle-orm';
import { z } from 'zod';
import { orders } from '../../db/schema';
import type { ShopifyError } from '../../integrations/shopify/client';
import type { ShopifyOrder } from '../../integrations/shopify/shopify-api';
import type { JobHandler } from '../../jobs/worker';
import type { OrderRow } from '../orders/orders.repository';
import { applyShopifyFacts } from './apply-facts';
import type { ShopifyOrderFacts, Tracking } from './order-state';
import type { ShopifyEventsDeps } from './process-webhook-event';

/*
 * Reconciliation (issue 8; CONTRACT.md §3.4 "reconcile periodically"): webhooks can be lost or arrive out of
 * order, so the portal asks Shopify for the state of every order that is not final and applies it with the
 * same rules as a webhook (order-state.ts). It repairs the draft → order link, the invoice, payment and
 * shipment with tracking, and delivery once every shipment is DELIVERED (ADR 0012).
 */

export const RECONCILE_JOB = 'shopify.reconcile';
export const RECONCILE_INTERVAL_MS = 15 * 60_000;
/** Orders older than this are not read back: Shopify needs read_all_orders for them (CONTRACT.md §7.14). */
export const RECONCILE_WINDOW_DAYS = 60;
/** The newest first; a run stays short even if many orders are open. */
export const RECONCILE_MAX_ORDERS = 200;

export interface ReconcileResult {
  /** Orders whose state was read from Shopify. */
  checked: number;
  /** Orders that changed. */
  updated: number;
  /** Orders Shopify could not be asked about (the store failed). */
  failed: number;
}

const DAY_MS = 24 * 60 * 60_000;

/**
 * Not final: synced to Shopify, not cancelled, and not both delivered and paid. (Orders still waiting for
 * their draft are the draft-order job's to retry.)
 */
export function findOrdersToReconcile(deps: Pick<ShopifyEventsDeps, 'db'>, now: Date): Promise<OrderRow[]> {
  return deps.db
    .select()
    .from(orders)
    .where(
      and(
        eq(orders.shopifySyncStatus, 'synced'),
        or(isNotNull(orders.shopifyDraftOrderGid), isNotNull(orders.shopifyOrderGid)),
        ne(orders.status, 'cancelled'),
        sql`not (${orders.status} in ('delivered', 'completed') and ${orders.paymentStatus} = 'paid')`,
        gt(orders.createdAt, new Date(now.getTime() - RECONCILE_WINDOW_DAYS * DAY_MS)),
      ),
    )
    .orderBy(desc(orders.id))
    .limit(RECONCILE_MAX_ORDERS);
}

const parseTime = (value: string | null | undefined) => {
  const ms = value ? Date.parse(value) : Number.NaN;
  return Number.isNaN(ms) ? null : new Date(ms);
};

/** What an Order read through GetOrder says (CONTRACT.md §2.4). */
export function factsOfOrder(order: ShopifyOrder, now: Date): ShopifyOrderFacts {
  const facts: ShopifyOrderFacts = { observedAt: now, order: { gid: order.id, name: order.name } };
  if (order.fullyPaid || order.displayFinancialStatus === 'PAID') facts.paid = { at: now };
  if (order.displayFulfillmentStatus === 'FULFILLED') facts.fulfillment = 'fulfilled';
  if (order.displayFulfillmentStatus === 'PARTIALLY_FULFILLED') facts.fulfillment = 'partial';
  const shipped = order.fulfillments.filter((fulfillment) => fulfillment.status === 'SUCCESS');
  if (shipped.length > 0) {
    const tracked = [...shipped]
      .sort((a, b) => a.createdAt.localeCompare(b.createdAt))
      .flatMap((fulfillment) =>
        fulfillment.trackingInfo.filter((info) => info.number || info.url || info.company),
      )
      .at(-1);
    const tracking: Tracking | null = tracked
      ? { number: tracked.number, url: tracked.url, company: tracked.company }
      : null;
    facts.shipped = { at: parseTime(shipped[0]?.createdAt) ?? now, tracking };
    const allShipped = order.displayFulfillmentStatus === 'FULFILLED';
    if (allShipped && shipped.every((fulfillment) => fulfillment.displayStatus === 'DELIVERED')) {
      const deliveredAt = shipped.map((fulfillment) => parseTime(fulfillment.deliveredAt) ?? now);
      facts.delivered = { at: new Date(Math.max(...deliveredAt.map((at) => at.getTime()))) };
    }
  }
  return facts;
}

type Outcome = { facts: ShopifyOrderFacts | null; error: ShopifyError | null };

/** Reads one portal order's state from Shopify: its draft while unlinked, then its order. */
async function readShopifyState(deps: ShopifyEventsDeps, order: OrderRow, now: Date): Promise<Outcome> {
  const { api } = deps.shopify;
  let facts: ShopifyOrderFacts | null = null;
  let orderGid = order.shopifyOrderGid;
  if (!orderGid && order.shopifyDraftOrderGid) {
    const draft = await api.getDraftOrder(order.shopifyDraftOrderGid);
    if (!draft.ok) return { facts: null, error: draft.error.kind === 'not-found' ? null : draft.error };
    facts = { observedAt: now };
    if (draft.data.status === 'INVOICE_SENT') {
      facts.invoice = { url: draft.data.invoiceUrl, sentAt: parseTime(draft.data.invoiceSentAt) };
    }
    if (draft.data.status === 'COMPLETED' && draft.data.order) {
      facts.order = { gid: draft.data.order.id, name: draft.data.order.name };
      orderGid = draft.data.order.id;
    }
  }
  if (!orderGid) return { facts, error: null };
  const result = await api.getOrder(orderGid);
  if (!result.ok) {
    // What the draft said still counts (the link to the order, at least).
    return { facts, error: result.error.kind === 'not-found' ? null : result.error };
  }
  return { facts: factsOfOrder(result.data, now), error: null };
}

/** Checks every order that is not final against Shopify and repairs what a lost webhook missed. */
export async function reconcileOrders(deps: ShopifyEventsDeps): Promise<ReconcileResult> {
  const now = deps.now?.() ?? new Date();
  const candidates = await findOrdersToReconcile(deps, now);
  const result: ReconcileResult = { checked: 0, updated: 0, failed: 0 };
  for (const order of candidates) {
    const { facts, error } = await readShopifyState(deps, order, now);
    if (error) {
      result.failed += 1;
      deps.log.warn(
        { orderId: order.id, kind: error.kind, err: error.message },
        'reconciliation: Shopify failed',
      );
      // A dead store (open circuit) fails every further call at once: stop and try again next time.
      if (error.kind === 'circuit-open') break;
    } else {
      result.checked += 1;
    }
    if (!facts) continue;
    const applied = await deps.db.transaction((tx) => applyShopifyFacts(tx, deps.env, order.id, facts, now));
    if (applied.changed) result.updated += 1;
    if (applied.conflictingOrderGid) {
      deps.log.warn(
        { orderId: order.id, shopifyOrderGid: applied.conflictingOrderGid },
        'reconciliation: the draft became another order than the one linked',
      );
    }
  }
  if (candidates.length === RECONCILE_MAX_ORDERS) {
    deps.log.warn({ limit: RECONCILE_MAX_ORDERS }, 'reconciliation: more open orders than one run checks');
  }
  return result;
}

/** One reconciliation per 15-minute slot, whichever instance queues it first (reconcile-schedule.ts). */
export const reconcileJobPayloadSchema = z.object({ slot: z.string() });

/** The 'shopify.reconcile' job. A store that fails is not retried here: the next slot tries again. */
export function createReconcileHandler(deps: ShopifyEventsDeps): JobHandler {
  return async (payload) => {
    const { slot } = reconcileJobPayloadSchema.parse(payload);
    const result = await reconcileOrders(deps);
    deps.log.info({ slot, ...result }, 'Shopify reconciliation done');
  };
}
