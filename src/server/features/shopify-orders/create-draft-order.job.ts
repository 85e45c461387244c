import { and, eq, isNull } from 'drizzle-orm';
import { formatOrderNumber, toOrderStatus } from '../../../shared/orders';
import { orders } from '../../db/schema';
import type { ShopifyError, ShopifyErrorKind } from '../../integrations/shopify/client';
import type { ShopifyDraftOrder } from '../../integrations/shopify/shopify-api';
import type { Job } from '../../jobs/queue';
import { PermanentJobError, type JobHandler } from '../../jobs/worker';
import { buildDraftLines, buildDraftOrderInput, draftOrderTag } from './draft-order-input';
import { isLastAttempt, shopifyJobError, type ShopifyOrderJobDeps } from './job-support';
import { findOrder, loadDraftSource, updateOrder, type OrderRow } from './shopify-orders.repository';
import { orderJobPayloadSchema } from './shopify-order-jobs';

/*
 * 'shopify.draft-order.create': the order's draft in Shopify, exactly once (issue 8 'Orders').
 *
 * Exactly once rests on the tag `portal-order-{id}`: every attempt first looks the draft up by it and adopts
 * what it finds; only when there is none does it create one. A create that failed after it may have reached
 * Shopify (timeout, dropped connection, 5xx: the client never retries those mutations itself, see
 * client.ts) leaves a marker in the job's last error, and the next attempts will not create again until
 * SEARCH_LAG_MS after it, because Shopify's search index lags behind writes by seconds: a lookup right after
 * such a failure can miss the draft that attempt did create. Residual risk: a draft that takes longer than
 * SEARCH_LAG_MS to become searchable is created twice; staff would see two drafts tagged with the order.
 */

/** How long a draft may take to show up in Shopify's search after it was created. */
export const SEARCH_LAG_MS = 60_000;

/** Failures after which the draft may exist although the call failed. */
const MAYBE_EXECUTED: ReadonlySet<ShopifyErrorKind> = new Set(['server', 'network', 'timeout']);

const MARKER = /\[unconfirmed draft create at (\d{4}-\d\d-\d\dT[\d:.]+Z)\]/;

/** Retry later; carries the time of an unconfirmed create (if any) to the next attempt through last_error. */
export class DraftNotCreatedYetError extends Error {
  constructor(message: string, unconfirmedSince: Date | null) {
    super(
      unconfirmedSince
        ? `${message} [unconfirmed draft create at ${unconfirmedSince.toISOString()}]`
        : message,
    );
    this.name = 'DraftNotCreatedYetError';
  }
}

/** When an earlier attempt's create may have reached Shopify without us seeing the draft, or null. */
export function unconfirmedCreateSince(lastError: string | null): Date | null {
  const match = lastError ? MARKER.exec(lastError) : null;
  if (!match?.[1]) return null;
  const at = new Date(match[1]);
  return Number.isNaN(at.getTime()) ? null : at;
}

export function createDraftOrderHandler(deps: ShopifyOrderJobDeps): JobHandler {
  const { db, shopify, log } = deps;

  return async (payload, job) => {
    const { orderId } = orderJobPayloadSchema.parse(payload);
    const order = await findOrder(db, orderId);
    if (!order) throw new PermanentJobError(`Order ${orderId} does not exist`);
    const context = { orderId, orderNumber: formatOrderNumber(orderId), jobId: job.id };
    if (order.shopifyDraftOrderGid) {
      log.info({ ...context, draft: order.shopifyOrderId }, 'Shopify draft order already created');
      return;
    }
    if (order.testMode) throw new PermanentJobError(`Order ${orderId} was placed in test mode`);

    // The worker's clock (job.lockedAt is when this attempt was claimed), so tests can move time on.
    const now = job.lockedAt ?? new Date();
    const since = unconfirmedCreateSince(job.lastError);
    const searchMayLag = since !== null && now.getTime() - since.getTime() < SEARCH_LAG_MS;

    /** Staff see 'failed' on the order, and the reason in the log. */
    const giveUp = async (reason: string): Promise<never> => {
      await updateOrder(db, orderId, { shopifySyncStatus: 'failed' });
      log.error({ ...context, reason }, 'Shopify draft order could not be created; the order needs staff');
      throw new PermanentJobError(`Shopify draft order for order ${orderId}: ${reason}`);
    };
    const retryLater = async (reason: string, unconfirmed: Date | null): Promise<never> => {
      if (isLastAttempt(job)) return giveUp(`${reason} (no attempts left)`);
      throw new DraftNotCreatedYetError(
        `Shopify draft order for order ${orderId} not created yet: ${reason}`,
        unconfirmed,
      );
    };
    const failed = (what: string, error: ShopifyError, unconfirmed: Date | null): Promise<never> => {
      const jobError = shopifyJobError(what, error);
      return jobError instanceof PermanentJobError
        ? giveUp(jobError.message)
        : retryLater(jobError.message, unconfirmed);
    };

    const tag = draftOrderTag(orderId);
    const lookUp = async (): Promise<ShopifyDraftOrder | null> => {
      const found = await shopify.api.findDraftOrderByTag(tag);
      return found.ok ? found.data : failed('looking the draft up', found.error, since);
    };

    if (toOrderStatus(order.status) === 'cancelled') {
      // Cancelled before its draft existed: create nothing. An earlier attempt may have created one, though;
      // then adopt it, and the delete job (waiting while the sync is pending) deletes it.
      const mayExist = job.attempts > 1 || since !== null;
      const existing = mayExist ? await lookUp() : null;
      if (existing) return adopt(order, existing, job);
      if (mayExist && searchMayLag)
        return retryLater('waiting for Shopify search before giving up the draft', since);
      await updateOrder(db, orderId, { shopifySyncStatus: 'not_required' });
      log.info(context, 'order cancelled before its Shopify draft was created; none created');
      return;
    }

    const source = await loadDraftSource(db, order);
    const lines = buildDraftLines(source.items, source.pricing);
    if (!lines.ok) return giveUp(lines.reason);
    for (const warning of lines.warnings)
      log.warn({ ...context, warning }, 'Shopify draft order line adjusted');
    const input = buildDraftOrderInput(order, lines.lines);

    const existing = await lookUp();
    if (existing) return adopt(order, existing, job);
    if (searchMayLag) {
      return retryLater(
        'an earlier attempt may have created it; waiting for Shopify search to show it',
        since,
      );
    }
    const created = await shopify.api.createDraftOrder(input);
    if (!created.ok) {
      return failed('creating the draft', created.error, MAYBE_EXECUTED.has(created.error.kind) ? now : null);
    }
    await store(order, created.data);
    log.info({ ...context, draft: created.data.name }, 'Shopify draft order created');
  };

  async function adopt(order: OrderRow, draft: ShopifyDraftOrder, job: Job): Promise<void> {
    const context = { orderId: order.id, jobId: job.id, draft: draft.name, status: draft.status };
    if (draft.status !== 'OPEN') log.warn(context, 'adopting a Shopify draft order that is no longer open');
    else log.info(context, 'adopting the Shopify draft order an earlier attempt created');
    await store(order, draft);
  }

  /** Records the draft once: a second writer (it cannot happen with one job per order) changes nothing. */
  async function store(order: OrderRow, draft: ShopifyDraftOrder): Promise<void> {
    const now = new Date();
    await db
      .update(orders)
      .set({
        shopifyDraftOrderGid: draft.id,
        shopifyOrderId: draft.name,
        // The invoice URL stays private until approval: customers see it only once paymentStatus is
        // invoice_sent (order-view.ts payableInvoiceUrl).
        shopifyCheckoutUrl: draft.invoiceUrl,
        shopifySyncStatus: 'synced',
        updatedAt: now,
      })
      .where(and(eq(orders.id, order.id), isNull(orders.shopifyDraftOrderGid)));
  }
}
