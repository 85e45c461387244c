import { and, asc, count, eq, gt, isNotNull, or, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { orders, type OrderRow } from '../../db/schema';
import type { ShopifyError } from '../../integrations/shopify/client';
import type { ShopifyDraftOrder } from '../../integrations/shopify/shopify-api';
import { defineJob, type JobRun } from '../../jobs/job-definition';

import { applyShopifyFacts, isOpenSql, markShopifyChecked, type ShopifyOrderFacts } from '../orders';
import type { ShopifyEventsDeps } from './process-webhook-event';
import { factsOfDraft, factsOfOrder } from './read-back-facts';
import { isNetTerms } from '../../../shared/payment-terms';

/*
 * Reconciliation (issue 8; docs/shopify.md#reconciliation): webhooks can be lost or arrive out of order, so
 * the portal asks Shopify for the state of every order that is not final and applies it with the same rules
 * as a webhook (orders/shopify-facts.ts). It repairs the draft → order link, the invoice, payment and
 * shipment with tracking, and delivery once every shipment is DELIVERED (ADR 0012; read-back-facts.ts).
 *
 * A run takes the orders checked least recently (`shopify_checked_at`, never checked first) and stops at its
 * time budget, so a long list is paged through over successive runs and no open order is starved.
 */

export const RECONCILE_JOB = 'shopify.reconcile';
export const RECONCILE_INTERVAL_MS = 15 * 60_000;
/**
 * Orders older than this are not read back: Shopify needs read_all_orders for them
 * (docs/shopify.md#reconciliation).
 */
export const RECONCILE_WINDOW_DAYS = 60;
/** At most this many orders are loaded for one run. */
export const RECONCILE_MAX_ORDERS = 200;
/** 'Check Shopify now' answers within the 30 s request timeout; the rest is checked by the next run. */
export const RECONCILE_REQUEST_BUDGET_MS = 20_000;
/** The 15-minute job's budget; the worker renews its lease while it runs (queue.ts JOB_LEASE_MS). */
export const RECONCILE_JOB_BUDGET_MS = 2 * 60_000;

export interface ReconcileResult {
  /** Orders whose state was read from Shopify. */
  checked: number;
  /** Orders that changed. */
  updated: number;
  /** Orders Shopify could not be asked about (the store failed). */
  failed: number;
  /** Open orders this run did not reach (time budget, or the store went down): the next run takes them first. */
  remaining: number;
}

/** Another reconciliation is running in this process: the caller does not start a second one. */
export class ReconcileInProgressError extends Error {
  constructor() {
    super('A Shopify reconciliation is already running');
    this.name = 'ReconcileInProgressError';
  }
}

const DAY_MS = 24 * 60 * 60_000;

/**
 * Synced to Shopify and open (not cancelled, and not both delivered and paid: isOpenSql). (Orders still
 * waiting for their draft are the draft-order job's to retry.)
 */
function openOrders(now: Date): SQL | undefined {
  return and(
    eq(orders.shopifySyncStatus, 'synced'),
    or(isNotNull(orders.shopifyDraftOrderGid), isNotNull(orders.shopifyOrderGid)),
    isOpenSql(),
    gt(orders.createdAt, new Date(now.getTime() - RECONCILE_WINDOW_DAYS * DAY_MS)),
  );
}

/** The open orders, least recently checked first (never checked before anything). */
export function findOrdersToReconcile(deps: Pick<ShopifyEventsDeps, 'db'>, now: Date): Promise<OrderRow[]> {
  return deps.db
    .select()
    .from(orders)
    .where(openOrders(now))
    .orderBy(sql`${orders.shopifyCheckedAt} asc nulls first`, asc(orders.id))
    .limit(RECONCILE_MAX_ORDERS);
}

async function countOrdersToReconcile(deps: Pick<ShopifyEventsDeps, 'db'>, now: Date): Promise<number> {
  const [row] = await deps.db.select({ count: count() }).from(orders).where(openOrders(now));
  return row?.count ?? 0;
}

type Outcome = { facts: ShopifyOrderFacts | null; error: ShopifyError | null };

/** Reads one portal order's state from Shopify: its draft while unlinked, then its order. */
async function readShopifyState(deps: ShopifyEventsDeps, order: OrderRow, now: Date): Promise<Outcome> {
  const { api } = deps.shopify;
  let draft: ShopifyDraftOrder | null = null;
  let orderGid = order.shopifyOrderGid;
  if (!orderGid && order.shopifyDraftOrderGid) {
    const read = await api.getDraftOrder(order.shopifyDraftOrderGid);
    if (!read.ok) return { facts: null, error: read.error.kind === 'not-found' ? null : read.error };
    draft = read.data;
    orderGid = draft.status === 'COMPLETED' ? (draft.order?.id ?? null) : null;
  }
  const draftFacts = draft ? factsOfDraft(draft) : null;
  if (!orderGid) return { facts: draftFacts, error: null };
  const result = await api.getOrder(orderGid);
  if (!result.ok) {
    // What the draft said still counts (the link to the order, at least).
    return { facts: draftFacts, error: result.error.kind === 'not-found' ? null : result.error };
  }
  const facts = factsOfOrder(result.data, now, draft);
  // Net terms: the schedule's due date, which the merchant may have moved in Shopify (docs/orders.md#payment-terms).
  if (isNetTerms(order.paymentTerms) && !facts.paid) {
    const terms = await api.getOrderPaymentTerms(orderGid);
    if (!terms.ok) return { facts, error: terms.error.kind === 'not-found' ? null : terms.error };
    const dueAt = terms.data.schedule?.completedAt ? null : terms.data.schedule?.dueAt;
    if (dueAt) facts.paymentDueAt = new Date(dueAt);
  }
  return { facts, error: null };
}

/** Runs in this process, per database: a second run while one is going is refused. */
const running = new WeakSet<object>();

/**
 * Checks the open orders against Shopify, least recently checked first, and repairs what a lost webhook
 * missed, until `budgetMs` has passed (measured with `deps.now`); the orders it did not reach are counted in
 * `remaining` and come first next time. Throws ReconcileInProgressError when a run is already going in this
 * process. (Runs on two instances at once only cost Shopify calls: the row lock and the forward-only rules
 * make them agree.)
 */
export async function reconcileOrders(
  deps: ShopifyEventsDeps,
  options: { budgetMs?: number } = {},
): Promise<ReconcileResult> {
  if (running.has(deps.db)) throw new ReconcileInProgressError();
  running.add(deps.db);
  try {
    return await runReconciliation(deps, options.budgetMs ?? RECONCILE_JOB_BUDGET_MS);
  } finally {
    running.delete(deps.db);
  }
}

async function runReconciliation(deps: ShopifyEventsDeps, budgetMs: number): Promise<ReconcileResult> {
  const clock = deps.now ?? (() => new Date());
  const started = clock();
  const candidates = await findOrdersToReconcile(deps, started);
  const open =
    candidates.length < RECONCILE_MAX_ORDERS
      ? candidates.length
      : await countOrdersToReconcile(deps, started);
  const result: ReconcileResult = { checked: 0, updated: 0, failed: 0, remaining: 0 };
  let reached = 0;
  for (const order of candidates) {
    const now = clock();
    if (now.getTime() - started.getTime() >= budgetMs) break;
    const { facts, error } = await readShopifyState(deps, order, now);
    reached += 1;
    // A dead store (open circuit) fails every further call at once: stop, this order comes first next time.
    if (error?.kind === 'circuit-open') {
      result.failed += 1;
      deps.log.warn({ orderId: order.id, kind: error.kind }, 'reconciliation: Shopify is unavailable');
      break;
    }
    if (error) {
      result.failed += 1;
      deps.log.warn(
        { orderId: order.id, kind: error.kind, err: error.message },
        'reconciliation: Shopify failed',
      );
    } else {
      result.checked += 1;
    }
    await markShopifyChecked(deps.db, order.id, now);
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
  result.remaining = open - reached;
  if (result.remaining > 0) {
    deps.log.info(
      { remaining: result.remaining },
      'reconciliation: the other open orders are checked next run',
    );
  }
  return result;
}

/** One reconciliation per 15-minute slot, whichever instance queues it first (reconcile-schedule.ts). */
export const reconcileJobPayloadSchema = z.object({ slot: z.string() });

/** Tried once: a store that fails is not retried, the next slot tries again. */
export const reconcileJob = defineJob({
  type: RECONCILE_JOB,
  label: 'Shopify order check',
  payload: reconcileJobPayloadSchema,
  maxAttempts: 1,
});

/**
 * The 'shopify.reconcile' job. A store that fails is not retried here: the next slot tries again. While an
 * administrator's 'Check Shopify now' runs, the slot's run is skipped (that check covers it).
 */
export function createReconcileHandler(deps: ShopifyEventsDeps): JobRun<{ slot: string }> {
  return async ({ slot }) => {
    try {
      const result = await reconcileOrders(deps, { budgetMs: RECONCILE_JOB_BUDGET_MS });
      deps.log.info({ slot, ...result }, 'Shopify reconciliation done');
    } catch (error) {
      if (!(error instanceof ReconcileInProgressError)) throw error;
      deps.log.info({ slot }, 'Shopify reconciliation skipped: another run is going');
    }
  };
}
