import { formatOrderNumber, toOrderStatus } from '../../../shared/orders';
import type { ShopifyDraftOrder } from '../../integrations/shopify/shopify-api';
import { PermanentJobError, type JobHandler } from '../../jobs/worker';
import { enqueueEmail } from '../../mail/send-email-job';
import { findOrderAccount } from '../admin-orders/admin-orders.repository';
import { orderStatusEmail } from '../admin-orders/order-status-emails';
import { isLastAttempt, shopifyJobError, type ShopifyOrderJobDeps } from './job-support';
import { findOrder, lockOrder, updateOrder } from './shopify-orders.repository';
import { orderJobPayloadSchema } from './shopify-order-jobs';

/*
 * 'shopify.draft-order.invoice': approval sends the draft's invoice (draftOrderInvoiceSend, DECISIONS §1
 * step 4), so Shopify e-mails the customer the payment link; then the order records it (invoice_sent, the
 * invoice URL becomes the customer's 'Pay now') and the portal's own approval e-mail, with the same link,
 * joins the outbox in the same transaction.
 *
 * At most one invoice per draft: the order's paymentStatus says whether it was recorded, and the draft's own
 * status (INVOICE_SENT) covers an attempt that sent it but failed before recording it.
 */

export function sendDraftInvoiceHandler(deps: ShopifyOrderJobDeps): JobHandler {
  const { db, env, shopify, log } = deps;

  return async (payload, job) => {
    const { orderId } = orderJobPayloadSchema.parse(payload);
    const order = await findOrder(db, orderId);
    if (!order) throw new PermanentJobError(`Order ${orderId} does not exist`);
    const context = { orderId, orderNumber: formatOrderNumber(orderId), jobId: job.id };
    const status = toOrderStatus(order.status);
    if (status === 'pending' || status === 'cancelled') {
      log.info({ ...context, status }, 'order no longer approved; Shopify invoice not sent');
      return;
    }
    if (order.paymentStatus !== 'unpaid') {
      log.info({ ...context, paymentStatus: order.paymentStatus }, 'Shopify invoice already sent');
      return;
    }
    const draftGid = order.shopifyDraftOrderGid;
    if (!draftGid) {
      if (order.shopifySyncStatus === 'pending' && !isLastAttempt(job)) {
        throw new Error(`Order ${orderId} has no Shopify draft order yet; sending its invoice later`);
      }
      log.error(
        { ...context, shopifySyncStatus: order.shopifySyncStatus },
        'approved order has no Shopify draft order; invoice not sent, the order needs staff',
      );
      throw new PermanentJobError(`Order ${orderId} has no Shopify draft order (${order.shopifySyncStatus})`);
    }

    const fail = (what: string, error: Parameters<typeof shopifyJobError>[1]) => {
      const jobError = shopifyJobError(what, error);
      if (jobError instanceof PermanentJobError || isLastAttempt(job)) {
        log.error(
          { ...context, error: error.message },
          'Shopify invoice could not be sent; the order needs staff',
        );
      }
      return jobError;
    };

    const current = await shopify.api.getDraftOrder(draftGid);
    if (!current.ok) throw fail('reading the draft order', current.error);
    let draft: ShopifyDraftOrder = current.data;
    if (draft.status === 'COMPLETED') {
      log.warn({ ...context, draft: draft.name }, 'Shopify draft order already completed; no invoice sent');
      return;
    }
    if (draft.status === 'OPEN') {
      const sent = await shopify.api.sendDraftOrderInvoice(draftGid);
      if (!sent.ok) throw fail('sending the invoice', sent.error);
      draft = sent.data;
    } else {
      log.info({ ...context, draft: draft.name }, 'Shopify invoice was sent by an earlier attempt');
    }

    await db.transaction(async (tx) => {
      const locked = await lockOrder(tx, orderId);
      // Paid in the meantime (a webhook was faster than us): nothing to record, no e-mail to send.
      if (!locked || locked.paymentStatus !== 'unpaid') return;
      const now = new Date();
      const updated = await updateOrder(tx, orderId, {
        paymentStatus: 'invoice_sent',
        invoiceSentAt: draft.invoiceSentAt ? new Date(draft.invoiceSentAt) : now,
        shopifyCheckoutUrl: draft.invoiceUrl ?? locked.shopifyCheckoutUrl,
      });
      const stillApproved = !['pending', 'cancelled'].includes(toOrderStatus(updated.status));
      if (!stillApproved) return;
      const account = await findOrderAccount(tx, updated.userId);
      const message = orderStatusEmail(
        env,
        { email: account?.email ?? updated.customerEmail, name: account?.firstName || updated.customerName },
        { ...updated, orderNumber: formatOrderNumber(updated.id) },
        'processing',
      );
      if (message)
        await enqueueEmail(tx, message, { dedupeKey: `order-approved-invoice:${orderId}:${draftGid}` });
    });
    log.info({ ...context, draft: draft.name }, 'Shopify invoice sent');
  };
}
