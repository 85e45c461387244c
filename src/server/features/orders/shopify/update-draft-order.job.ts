import { formatOrderNumber, toOrderStatus } from '../../../../shared/orders';
import { hasLiveOrderJob } from '../../../jobs/held-jobs';
import { PermanentJobError, type JobHandler } from '../../../jobs/worker';
import { findOrderById } from '../lifecycle/order-records';
import { forgetShopifyDraft } from '../lifecycle/order-transitions';
import { CREATE_DRAFT_ORDER_JOB, updateJobPayloadSchema } from './draft-order-definitions';
import { buildDraftLines, buildDraftOrderInput } from './draft-order-input';
import {
  isLastAttempt,
  PostponeJob,
  shopifyJobError,
  shopifyOrderJob,
  type ShopifyOrderJobDeps,
} from './job-support';
import { loadDraftSource } from './shopify-orders.repository';
import type { OrderRow } from '../../../db/schema';
import type { ShopifyDraftOrder } from '../../../integrations/shopify/shopify-api';

/*
 * 'shopify.draft-order.update': the lines of a pending order changed, so its draft gets them
 * (draftOrderUpdate; docs/shopify.md#draft-order-lifecycle) before any invoice goes out (the invoice job waits
 * while one of these is live). Idempotent: whatever `version` named the job, it sends the lines the order has
 * NOW, built exactly as the create job builds them (draft-order-input.ts), so a later change's job and this
 * one may run in any order. Never touches a draft whose invoice is out, or that was completed or paid: an
 * update unlinks a checkout in progress.
 */

export function updateDraftOrderHandler(deps: ShopifyOrderJobDeps): JobHandler {
  const { db, shopify, log } = deps;
  const options = {
    needsStaff: "Shopify draft order not updated with the order's lines; the order needs staff",
  };

  return shopifyOrderJob(deps, options, async (rawPayload, job) => {
    const { orderId, version } = updateJobPayloadSchema.parse(rawPayload);
    const order = await findOrderById(db, orderId);
    if (!order) throw new PermanentJobError(`Order ${orderId} does not exist`);
    const context = {
      orderId,
      orderNumber: formatOrderNumber(orderId),
      jobId: job.id,
      version,
      orderVersion: order.version,
      draft: order.shopifyOrderId,
    };
    if (toOrderStatus(order.status) === 'cancelled') {
      log.info(context, 'order cancelled; its Shopify draft order is not updated');
      return;
    }
    const draftGid = order.shopifyDraftOrderGid;
    if (!draftGid) {
      if (order.shopifySyncStatus === 'pending') {
        // A create job that has not run yet reads the current lines, but one that already sent the old ones
        // (or lost its answer, to adopt that draft later) would leave them: wait until a draft is recorded.
        // On the last attempt a create job still at it puts this one back instead, attempt given back.
        const why = `Order ${orderId}: its Shopify draft order is still being created; updating it later`;
        const now = job.lockedAt ?? new Date();
        if (isLastAttempt(job) && (await hasLiveOrderJob(db, CREATE_DRAFT_ORDER_JOB, orderId, now))) {
          throw new PostponeJob(why);
        }
        throw new Error(why);
      }
      // 'failed' (staff ask again; that create reads the current lines) or 'not_required' (test mode, none).
      log.info(
        { ...context, sync: order.shopifySyncStatus },
        'order has no Shopify draft order; nothing to update',
      );
      return;
    }
    if (order.paymentStatus !== 'unpaid') {
      log.warn(
        { ...context, paymentStatus: order.paymentStatus },
        "the order's invoice is out or it is paid; its Shopify draft order is not updated",
      );
      return;
    }

    // Shopify's own word on the invoice: one an invoice job sent before losing its answer is not recorded yet.
    const current = await shopify.api.getDraftOrder(draftGid);
    if (!current.ok && current.error.kind === 'not-found') {
      // Deleted in Shopify: the order forgets it and gets a new one, made from the current lines.
      await forgetShopifyDraft(db, orderId, draftGid);
      log.warn(context, 'Shopify draft order is gone; a new one is made with the current lines');
      return;
    }
    if (!current.ok) throw shopifyJobError('reading the draft order', current.error);
    if (current.data.status !== 'OPEN') {
      log.warn(
        { ...context, status: current.data.status },
        "Shopify draft order's invoice is out or it was completed; not updated",
      );
      return;
    }

    await sendCurrentLines(deps, order, draftGid, context);
  });
}

/**
 * Sends the order's current lines to its open draft (draftOrderUpdate): what of the create input depends on
 * the lines, the lines themselves (at the order's prices, its tier's bundle expansion) and the fixed
 * shipping line; the rest (identity, address, company) is left as is. Also the invoice job's last step
 * before the invoice of an order whose lines changed, so an update that failed never leaves the invoice
 * with the old lines. Throws what the job should (a refusal is permanent; an outage retries).
 */
export async function sendCurrentLines(
  deps: Pick<ShopifyOrderJobDeps, 'db' | 'shopify' | 'log'>,
  order: OrderRow,
  draftGid: string,
  context: Record<string, unknown>,
): Promise<ShopifyDraftOrder> {
  const source = await loadDraftSource(deps.db, order);
  const lines = buildDraftLines(source.items, source.pricing);
  if (!lines.ok) throw new PermanentJobError(`Shopify draft order for order ${order.id}: ${lines.reason}`);
  for (const warning of lines.warnings)
    deps.log.warn({ ...context, warning }, 'Shopify draft order line adjusted');
  const { lineItems, shippingLine } = buildDraftOrderInput(order, lines.lines);
  const updated = await deps.shopify.api.updateDraftOrder(draftGid, {
    lineItems,
    ...(shippingLine ? { shippingLine } : {}),
  });
  if (!updated.ok) throw shopifyJobError("updating the draft order's lines", updated.error);
  deps.log.info(
    { ...context, total: updated.data.totalPrice ?? null },
    "Shopify draft order updated with the order's lines",
  );
  return updated.data;
}
