import { z } from 'zod';
import { enqueueJob, type DatabaseOrTransaction } from '../../jobs/queue';

/*
 * The Shopify side of an order's life (issue 8 'Orders'), as jobs committed with the change that causes them
 * (transactional outbox): the customer's 201 never waits for Shopify, and a store that is down only delays
 * the draft. One job per order and purpose; the handlers are idempotent on top of that.
 */

export const CREATE_DRAFT_ORDER_JOB = 'shopify.draft-order.create';
export const SEND_DRAFT_INVOICE_JOB = 'shopify.draft-order.invoice';
export const DELETE_DRAFT_ORDER_JOB = 'shopify.draft-order.delete';

export const orderJobPayloadSchema = z.object({ orderId: z.number().int().positive() });
export type OrderJobPayload = z.infer<typeof orderJobPayloadSchema>;

/**
 * Attempts of a Shopify order job: with the queue's backoff (1 s doubling, capped at 10 minutes) 25 attempts
 * keep trying for about three hours, long enough to ride out a Shopify incident.
 */
export const SHOPIFY_ORDER_JOB_ATTEMPTS = 25;

/** On submission (place-order.ts, in its transaction): create the order's draft, exactly once. */
export function enqueueDraftOrderCreate(tx: DatabaseOrTransaction, orderId: number) {
  return enqueueJob(tx, {
    type: CREATE_DRAFT_ORDER_JOB,
    payload: { orderId } satisfies OrderJobPayload,
    dedupeKey: `shopify-draft:${orderId}`,
    maxAttempts: SHOPIFY_ORDER_JOB_ATTEMPTS,
  });
}

/**
 * On approval: send the draft's invoice. One job per approval (`approvedAt` names it), so approving again
 * after a move back to pending is not swallowed by an earlier job; the handler sends at most one invoice per
 * draft whatever the number of jobs.
 */
export function enqueueDraftInvoice(tx: DatabaseOrTransaction, orderId: number, approvedAt: Date) {
  return enqueueJob(tx, {
    type: SEND_DRAFT_INVOICE_JOB,
    payload: { orderId } satisfies OrderJobPayload,
    dedupeKey: `shopify-invoice:${orderId}:${approvedAt.getTime()}`,
    maxAttempts: SHOPIFY_ORDER_JOB_ATTEMPTS,
  });
}

/**
 * On cancellation: delete the draft, so its invoice link stops working (a paid or completed draft is kept,
 * the handler decides). One job per cancellation, as for the invoice.
 */
export function enqueueDraftOrderDelete(tx: DatabaseOrTransaction, orderId: number, cancelledAt: Date) {
  return enqueueJob(tx, {
    type: DELETE_DRAFT_ORDER_JOB,
    payload: { orderId } satisfies OrderJobPayload,
    dedupeKey: `shopify-draft-delete:${orderId}:${cancelledAt.getTime()}`,
    maxAttempts: SHOPIFY_ORDER_JOB_ATTEMPTS,
  });
}

/**
 * What a status change by staff means for the order's draft, in the change's transaction
 * (admin-orders.service.ts): approving an order that has, or will have, a draft and no invoice yet sends the
 * invoice, and the approval e-mail is then sent by that job so it carries the 'Pay now' link (DECISIONS §1
 * step 4, §6); cancelling deletes the draft. Orders placed in test mode, orders whose draft could not be
 * made (sync 'failed': staff see it) and a portal without a store keep today's behaviour. Returns whether
 * the approval e-mail is left to the invoice job.
 */
export async function onOrderStatusChanged(
  tx: DatabaseOrTransaction,
  change: {
    connected: boolean;
    order: {
      id: number;
      testMode: boolean;
      paymentStatus: string;
      shopifyDraftOrderGid: string | null;
      shopifySyncStatus: string;
    };
    status: string;
    changedAt: Date;
  },
): Promise<{ approvalEmailDeferred: boolean }> {
  const { order } = change;
  const hasDraft = order.shopifyDraftOrderGid !== null || order.shopifySyncStatus === 'pending';
  if (!change.connected || order.testMode || !hasDraft) return { approvalEmailDeferred: false };
  if (change.status === 'processing' && order.paymentStatus === 'unpaid') {
    await enqueueDraftInvoice(tx, order.id, change.changedAt);
    return { approvalEmailDeferred: true };
  }
  if (change.status === 'cancelled') await enqueueDraftOrderDelete(tx, order.id, change.changedAt);
  return { approvalEmailDeferred: false };
}
