import { sendCurrentLines } from './update-draft-order.job';
import { orderLinesChanged } from '../lifecycle/order-records';
import { isApproved } from '../../../../shared/order-rules';
import { formatOrderNumber } from '../../../../shared/orders';
import type { ShopifyDraftOrder } from '../../../integrations/shopify/shopify-api';
import { findOtherClaim, hasLiveOrderJob, writeJobPayload } from '../../../jobs/held-jobs';
import type { Job } from '../../../jobs/queue';
import { PermanentJobError, type JobHandler } from '../../../jobs/worker';
import {
  CREATE_DRAFT_ORDER_JOB,
  invoiceJobPayloadSchema,
  SEND_DRAFT_INVOICE_JOB,
  UPDATE_DRAFT_ORDER_JOB,
  type InvoiceJobPayload,
} from './draft-order-definitions';
import { findOrderById, lockOrderById } from '../lifecycle/order-records';
import {
  forgetShopifyDraft,
  recordInvoiceSent,
  tellCustomerOfApproval,
} from '../lifecycle/order-transitions';
import type { InvoiceOutcome } from '../lifecycle/approval-email';
import { PostponeJob, shopifyJobError, shopifyOrderJob, type ShopifyOrderJobDeps } from './job-support';
import { invoiceOnTerms } from './invoice-on-terms';
import { isNetTerms } from '../../../../shared/payment-terms';

/*
 * 'shopify.draft-order.invoice': approval sends the draft's invoice (draftOrderInvoiceSend,
 * docs/orders.md#approval-and-payment), the order records it and the approval e-mail with the 'Pay now' link
 * joins the outbox in the same transaction. At most one invoice per draft and one approval e-mail on every
 * path; how (the job's claim, the draft's own status): docs/decisions/0013-shopify-calls-as-jobs.md.
 */

type Claim = 'claimed' | 'not-approved' | 'recorded' | 'other-job';

export function sendDraftInvoiceHandler(deps: ShopifyOrderJobDeps): JobHandler {
  const { db, env, shopify, log } = deps;

  /** The approval e-mail as the order now stands, if it is still approved (the orders feature decides). */
  const tellCustomer = (payload: InvoiceJobPayload, outcome: InvoiceOutcome) =>
    tellCustomerOfApproval(db, env, payload, outcome);

  /**
   * Right before sending, with the order locked: still approved, still unpaid, and no other live job has
   * claimed this draft's invoice; then this job's claim is committed (the lock is released before the call).
   */
  async function claimSending(job: Job, payload: InvoiceJobPayload, draftGid: string): Promise<Claim> {
    return db.transaction(async (tx) => {
      const order = await lockOrderById(tx, payload.orderId);
      if (!order || !isApproved(order.status)) return 'not-approved';
      if (order.paymentStatus !== 'unpaid') return 'recorded';
      const claim = { type: SEND_DRAFT_INVOICE_JOB, orderId: order.id, key: 'sendingDraft', value: draftGid };
      if ((await findOtherClaim(tx, job, claim, job.lockedAt ?? new Date())) !== null) return 'other-job';
      if (payload.sendingDraft === draftGid) return 'claimed';
      if (!(await writeJobPayload(tx, job, { ...payload, sendingDraft: draftGid }))) {
        throw new Error(`Invoice job ${job.id} lost its lock; not sending`);
      }
      return 'claimed';
    });
  }

  /** The invoice is out: recorded on the order, with the approval e-mail (the orders feature's transition). */
  const record = (payload: InvoiceJobPayload, draft: ShopifyDraftOrder) =>
    recordInvoiceSent(db, env, payload, draft);

  /**
   * Nothing to pay (the free tester alone): a 'Pay now' link for 0.00 would only confuse, so the draft is
   * completed (Shopify marks it paid; its webhooks link the order and record the payment) and the customer
   * gets the plain approval e-mail.
   */
  async function completeFreeOrder(payload: InvoiceJobPayload, draftGid: string): Promise<void> {
    const completed = await shopify.api.completeDraftOrder(draftGid);
    if (!completed.ok) throw shopifyJobError('completing the free order', completed.error);
    await tellCustomer(payload, 'completed');
  }

  const onEnd = async (payload: unknown) => {
    const parsed = invoiceJobPayloadSchema.safeParse(payload);
    if (parsed.success) await tellCustomer(parsed.data, 'failed');
  };

  const options = { needsStaff: 'Shopify invoice could not be sent; the order needs staff', onEnd };

  return shopifyOrderJob(deps, options, async (rawPayload, job) => {
    const payload = invoiceJobPayloadSchema.parse(rawPayload);
    const { orderId } = payload;
    const order = await findOrderById(db, orderId);
    if (!order) throw new PermanentJobError(`Order ${orderId} does not exist`);
    const context = { orderId, orderNumber: formatOrderNumber(orderId), jobId: job.id };
    if (!isApproved(order.status)) {
      log.info({ ...context, status: order.status }, 'order no longer approved; Shopify invoice not sent');
      return;
    }
    if (order.paymentStatus !== 'unpaid') {
      // A webhook or the reconciliation recorded the invoice first (one this job sent before losing the
      // answer, or staff sent it from Shopify): the customer still gets the approval e-mail, once.
      log.info({ ...context, paymentStatus: order.paymentStatus }, 'Shopify invoice already recorded');
      await tellCustomer(payload, 'invoiced');
      return;
    }
    const draftGid = order.shopifyDraftOrderGid;
    if (!draftGid) {
      // Waiting for a live create job uses up none of this job's attempts: during an outage that job's
      // own attempts are given back, and this one must not run out first and send the plain e-mail
      // (onEnd). 'pending' with no create job left (its worker died) waits counting attempts instead.
      if (order.shopifySyncStatus === 'pending') {
        const why = `Order ${orderId} has no Shopify draft order yet; sending its invoice later`;
        const now = job.lockedAt ?? new Date();
        if (await hasLiveOrderJob(db, CREATE_DRAFT_ORDER_JOB, orderId, now)) throw new PostponeJob(why);
        throw new Error(why);
      }
      throw new PermanentJobError(`Order ${orderId} has no Shopify draft order (${order.shopifySyncStatus})`);
    }

    // The order's lines changed and its draft does not have them yet: the invoice waits for the update
    // (update-draft-order.job.ts), using up none of its attempts, as it waits for a create job.
    if (await hasLiveOrderJob(db, UPDATE_DRAFT_ORDER_JOB, orderId, job.lockedAt ?? new Date())) {
      throw new PostponeJob(
        `Order ${orderId}: its Shopify draft order is being updated; sending its invoice later`,
      );
    }

    const current = await shopify.api.getDraftOrder(draftGid);
    if (!current.ok && current.error.kind === 'not-found') {
      // Deleted in Shopify (a cancellation's delete job, or by hand): the order forgets it and gets a new
      // one, and this job sends that one's invoice.
      await forgetShopifyDraft(db, orderId, draftGid);
      throw new PostponeJob(`Order ${orderId}: its Shopify draft order is gone; a new one is being made`);
    }
    if (!current.ok) throw shopifyJobError('reading the draft order', current.error);
    let draft: ShopifyDraftOrder = current.data;
    // Lines changed since the draft was made: the invoice goes out with the lines the order has now, even if
    // an update job failed (docs/orders.md#changing-a-pending-order).
    if (draft.status === 'OPEN' && (await orderLinesChanged(db, orderId))) {
      draft = await sendCurrentLines(deps, order, draftGid, context);
    }
    const onTerms = isNetTerms(order.paymentTerms) && order.orderTotal > 0;

    /**
     * This job's claim on the draft's invoice (claimSending), or why it stops here: not approved any more,
     * recorded meanwhile (the approval e-mail still goes out), or another live job is at it.
     */
    const claimed = async (): Promise<boolean> => {
      const claim = await claimSending(job, payload, draftGid);
      if (claim === 'not-approved') {
        log.info(context, 'order no longer approved; Shopify invoice not sent');
        return false;
      }
      if (claim === 'recorded') {
        await tellCustomer(payload, 'invoiced');
        return false;
      }
      if (claim === 'other-job') {
        // That job sends it; this one comes back to find it recorded (or the claim gone with that job).
        throw new Error(`Another job is sending the invoice of order ${orderId}; checking again later`);
      }
      return true;
    };
    // The claim as this job's payload now holds it: the terms path adds its own claim beside it.
    const claimedPayload = { ...payload, sendingDraft: draftGid };

    if (draft.status === 'COMPLETED' && onTerms) {
      // Completed on its terms by an earlier attempt that lost its answer: go on from there, under the same
      // claim as a fresh send (another job may be at it, or the order no longer approved).
      if (!(await claimed())) return;
      const outcome = await invoiceOnTerms(deps, job, claimedPayload, order, draft);
      if (outcome === 'not-approved') {
        log.info(context, 'order no longer approved; Shopify order invoice not sent');
        return;
      }
      if (outcome === 'invoiced') {
        log.info({ ...context, draft: draft.name }, 'Shopify order on payment terms invoiced');
        return;
      }
    }
    if (draft.status === 'COMPLETED') {
      log.warn({ ...context, draft: draft.name }, 'Shopify draft order already completed; no invoice sent');
      await tellCustomer(payload, 'invoiced');
      return;
    }
    if (draft.status === 'OPEN') {
      if (!(await claimed())) return;
      if (order.orderTotal === 0) {
        await completeFreeOrder(payload, draftGid);
        log.info({ ...context, draft: draft.name }, 'free order completed in Shopify; no invoice to pay');
        return;
      }
      if (onTerms) {
        const outcome = await invoiceOnTerms(deps, job, claimedPayload, order, draft);
        if (outcome === 'not-approved') {
          log.info(context, 'order no longer approved; Shopify order invoice not sent');
          return;
        }
        if (outcome !== 'invoiced') {
          throw new Error(`Order ${orderId}: Shopify completed the draft without its payment terms`);
        }
        log.info({ ...context, draft: draft.name }, 'draft completed on payment terms; Shopify invoice sent');
        return;
      }
      const sent = await shopify.api.sendDraftOrderInvoice(draftGid);
      if (!sent.ok) throw shopifyJobError('sending the invoice', sent.error);
      draft = sent.data;
    } else {
      log.info({ ...context, draft: draft.name }, 'Shopify invoice was sent already (an earlier attempt)');
    }
    await record(payload, draft);
    log.info({ ...context, draft: draft.name }, 'Shopify invoice sent');
  });
}
