import { PAYMENT_TERMS_LABELS } from '../../../../shared/payment-terms';
import type { ShopifyDraftOrder } from '../../../integrations/shopify/shopify-api';
import { writeJobPayload } from '../../../jobs/held-jobs';
import type { Job } from '../../../jobs/queue';
import { PermanentJobError } from '../../../jobs/worker';
import { netTemplateFor } from '../payments/payment-terms';
import { recordInvoiceSent } from '../lifecycle/order-transitions';
import { lockOrderById } from '../lifecycle/order-records';
import { isApproved } from '../../../../shared/order-rules';
import type { InvoiceJobPayload } from './draft-order-definitions';
import type { OrderRow } from '../../../db/schema';
import { shopifyJobError, type ShopifyOrderJobDeps } from './job-support';

/*
 * Approval of an order on net terms with the store connected (docs/orders.md#payment-terms,
 * docs/shopify.md#payment-terms): the draft gets the store's NET template issued at approval, is completed
 * payment pending, and Shopify e-mails the order's invoice with its due date. The order records Shopify's
 * due date and the order status page (where the buyer pays) as its Pay link.
 *
 * At most one invoice: the draft's own status tells whether it was completed (a retry goes on from there);
 * orderInvoiceSend leaves nothing to read back, so the job writes its claim before the call and a retry that
 * finds the claim does not send again.
 */

export async function invoiceOnTerms(
  deps: ShopifyOrderJobDeps,
  job: Job,
  payload: InvoiceJobPayload,
  order: OrderRow,
  draft: ShopifyDraftOrder,
): Promise<'invoiced' | 'no-terms' | 'not-approved'> {
  const { db, env, shopify } = deps;
  const orderGid = draft.status === 'COMPLETED' ? draft.order?.id : await completeOnTerms(deps, order, draft);
  if (!orderGid) throw new Error(`Order ${order.id}: its completed draft names no Shopify order yet`);

  const terms = await shopify.api.getOrderPaymentTerms(orderGid);
  if (!terms.ok) throw shopifyJobError('reading the payment terms', terms.error);
  const { schedule, statusPageUrl, name } = terms.data;
  // Completed some other way (by hand in Shopify, without terms): nothing of the portal's to invoice.
  if (!schedule) return 'no-terms';

  if (payload.invoicingOrder !== orderGid && !schedule.completedAt) {
    // Completing the draft took several calls: staff may have moved the order back or put it on hold since
    // the job's claim (docs/credit.md#on-hold). Checked again, with the order locked, as the claim is written.
    const stillApproved = await db.transaction(async (tx) => {
      const locked = await lockOrderById(tx, order.id);
      if (!locked || !isApproved(locked.status)) return false;
      if (!(await writeJobPayload(tx, job, { ...payload, invoicingOrder: orderGid }))) {
        throw new Error(`Invoice job ${job.id} lost its lock; not sending`);
      }
      return true;
    });
    if (!stillApproved) return 'not-approved';
    const sent = await shopify.api.sendOrderInvoice(orderGid);
    if (!sent.ok) throw shopifyJobError('sending the order invoice', sent.error);
  }
  await recordInvoiceSent(db, env, payload, {
    invoiceUrl: statusPageUrl,
    paymentDueAt: schedule.dueAt ? new Date(schedule.dueAt) : null,
    shopifyOrder: { gid: orderGid, name },
  });
  return 'invoiced';
}

/** The store's template on the draft, issued at approval, then the draft completed: the new order's id. */
async function completeOnTerms(
  { shopify }: ShopifyOrderJobDeps,
  order: OrderRow,
  draft: ShopifyDraftOrder,
): Promise<string> {
  const templates = await shopify.api.listNetPaymentTermsTemplates();
  if (!templates.ok) throw shopifyJobError('reading the payment terms templates', templates.error);
  const template = netTemplateFor(templates.data, order.paymentTerms);
  if (!template) {
    throw new PermanentJobError(
      `The store has no ${PAYMENT_TERMS_LABELS[order.paymentTerms]} payment terms template for order ${order.id}`,
    );
  }
  const issuedAt = (order.approvedAt ?? new Date()).toISOString();
  const updated = await shopify.api.updateDraftOrder(draft.id, {
    paymentTerms: { paymentTermsTemplateId: template.id, paymentSchedules: [{ issuedAt }] },
  });
  if (!updated.ok) throw shopifyJobError('giving the draft its payment terms', updated.error);
  const completed = await shopify.api.completeDraftOrderOnTerms(draft.id);
  if (!completed.ok) throw shopifyJobError('completing the draft on payment terms', completed.error);
  return completed.data.order.id;
}
