import { formatOrderNumber, toOrderStatus } from '../../../../shared/orders';
import { PermanentJobError, type JobHandler } from '../../../jobs/worker';
import { findOrderById } from '../lifecycle/order-records';
import { forgetShopifyDraft } from '../lifecycle/order-transitions';
import { orderJobPayloadSchema } from './draft-order-definitions';
import { isLastAttempt, shopifyJobError, shopifyOrderJob, type ShopifyOrderJobDeps } from './job-support';

/*
 * 'shopify.draft-order.delete': a cancelled order's draft is deleted (draftOrderDelete), so its invoice link
 * stops working (issue 8: 'Cancelling a pending order deletes or closes its draft'). A draft that became an
 * order (the customer paid) is never deleted: staff must cancel or refund it in Shopify, and the log says so.
 * While the draft is still being created the job waits: the create job sees the cancellation and either
 * creates nothing or records what an earlier attempt created, for this job to delete (or, when this job
 * is gone by then, queues another: shopify-sync.ts onDraftRecorded).
 */

export function deleteDraftOrderHandler(deps: ShopifyOrderJobDeps): JobHandler {
  const { db, shopify, log } = deps;
  const options = {
    needsStaff: 'Shopify draft order of a cancelled order not deleted; the order needs staff',
  };

  return shopifyOrderJob(deps, options, async (payload, job) => {
    const { orderId } = orderJobPayloadSchema.parse(payload);
    const order = await findOrderById(db, orderId);
    if (!order) throw new PermanentJobError(`Order ${orderId} does not exist`);
    const context = {
      orderId,
      orderNumber: formatOrderNumber(orderId),
      jobId: job.id,
      draft: order.shopifyOrderId,
    };
    if (toOrderStatus(order.status) !== 'cancelled') {
      log.info(context, 'order no longer cancelled; Shopify draft order kept');
      return;
    }
    const draftGid = order.shopifyDraftOrderGid;
    if (!draftGid) {
      if (order.shopifySyncStatus === 'pending' && !isLastAttempt(job)) {
        throw new Error(
          `Order ${orderId}: its Shopify draft order is still being created; deleting it later`,
        );
      }
      log.info(context, 'cancelled order has no Shopify draft order; nothing to delete');
      return;
    }
    if (order.paymentStatus === 'paid') {
      log.warn(context, 'cancelled order was paid in Shopify; cancel or refund it there (draft kept)');
      return;
    }

    const current = await shopify.api.getDraftOrder(draftGid);
    if (!current.ok && current.error.kind !== 'not-found')
      throw shopifyJobError('reading the draft order', current.error);
    if (current.ok && current.data.status === 'COMPLETED') {
      log.warn(
        { ...context, shopifyOrder: current.data.order?.name ?? null },
        'cancelled order was completed in Shopify; cancel or refund it there (draft kept)',
      );
      return;
    }
    if (current.ok) {
      // Brought back while the draft was read: it keeps its draft (the window left is this one call).
      const now = await findOrderById(db, orderId);
      if (!now || toOrderStatus(now.status) !== 'cancelled') {
        log.info(context, 'order no longer cancelled; Shopify draft order kept');
        return;
      }
      const deleted = await shopify.api.deleteDraftOrder(draftGid);
      if (!deleted.ok && deleted.error.kind !== 'not-found')
        throw shopifyJobError('deleting the draft order', deleted.error);
    }
    // Gone either way: the order forgets it (its link is dead), and gets a new one if brought back.
    await forgetShopifyDraft(db, orderId, draftGid);
    log.info(context, 'Shopify draft order of the cancelled order deleted');
  });
}
