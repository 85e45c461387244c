import { toOrderStatus } from '../../../../shared/orders';
import type { DatabaseOrTransaction } from '../../../db/client';
import type { OrderRow } from '../../../db/schema';
import { hasLiveOrderJob } from '../../../jobs/held-jobs';
import { jobToQueue } from '../../../jobs/job-definition';
import { enqueueJob, type EnqueueJobInput } from '../../../jobs/queue';
import { isApproved } from '../../../../shared/order-rules';
import { recordShopifyDraftForgotten, recordShopifyDraftRequested } from '../lifecycle/order-records';
import {
  CREATE_DRAFT_ORDER_JOB,
  createDraftOrderJob,
  DELETE_DRAFT_ORDER_JOB,
  deleteDraftOrderJob,
  SEND_DRAFT_INVOICE_JOB,
  sendDraftInvoiceJob,
  updateDraftOrderJob,
  type InvoiceJobPayload,
} from './draft-order-definitions';

/*
 * The Shopify side of an order's life (issue 8 'Orders'), as jobs committed with the change that causes them
 * (transactional outbox): the customer's 201 never waits for Shopify, and a store that is down only delays
 * the draft. One job per order and purpose (draft-order-definitions.ts); the handlers are idempotent on top
 * of that.
 */

/** On submission (written with the order by its one statement, place-order.ts): create the draft, exactly once. */
export const draftOrderCreateJob = (orderId: number): EnqueueJobInput =>
  createJob(orderId, `shopify-draft:${orderId}`);

/**
 * When the lines of an order changed (written with the change, its `version` the order's version after it):
 * bring its draft in line, before any invoice (update-draft-order.job.ts; the invoice job waits while it is
 * live). One job per change; each sends the lines the order has when it runs, so any number of them in any
 * order leaves the draft with the latest lines.
 */
export const draftOrderUpdateJob = (orderId: number, version: number): EnqueueJobInput =>
  jobToQueue(
    updateDraftOrderJob,
    { orderId, version },
    { dedupeKey: `shopify-draft-update:${orderId}:${version}` },
  );

function createJob(orderId: number, dedupeKey: string): EnqueueJobInput {
  return jobToQueue(createDraftOrderJob, { orderId }, { dedupeKey });
}

function enqueueCreate(tx: DatabaseOrTransaction, orderId: number, dedupeKey: string) {
  return enqueueJob(tx, createJob(orderId, dedupeKey));
}

/**
 * On approval: send the draft's invoice. One job per approval (`approvedAt` names it), so approving again
 * after a move back to pending is not swallowed by an earlier job; the handler sends at most one invoice per
 * draft whatever the number of jobs, and owes the customer the approval e-mail.
 */
export function enqueueDraftInvoice(
  tx: DatabaseOrTransaction,
  orderId: number,
  approvedAt: Date,
  { owesApprovalEmail }: { owesApprovalEmail: boolean },
) {
  const payload: InvoiceJobPayload = owesApprovalEmail
    ? { orderId, approvedAt: approvedAt.toISOString() }
    : { orderId };
  return enqueueJob(
    tx,
    jobToQueue(sendDraftInvoiceJob, payload, {
      dedupeKey: `shopify-invoice:${orderId}:${approvedAt.getTime()}`,
    }),
  );
}

/**
 * On cancellation: delete the draft, so its invoice link stops working (a paid or completed draft is kept,
 * the handler decides). One job per cancellation, as for the invoice.
 */
export function enqueueDraftOrderDelete(tx: DatabaseOrTransaction, orderId: number, cancelledAt: Date) {
  return enqueueDelete(tx, orderId, `shopify-draft-delete:${orderId}:${cancelledAt.getTime()}`);
}

function enqueueDelete(tx: DatabaseOrTransaction, orderId: number, dedupeKey: string) {
  return enqueueJob(tx, jobToQueue(deleteDraftOrderJob, { orderId }, { dedupeKey }));
}

/**
 * What a status change by staff means for the order's draft, in the change's transaction
 * (order-transitions.ts changeOrderStatus):
 * - approving an order that has, or will have, a draft and no invoice yet sends the invoice. Approval is
 *   moving into processing, shipped or delivered from pending or cancelled (staff may set any status:
 *   docs/orders.md#status-changes-by-staff). For processing the approval e-mail is then sent by that job so
 *   it carries the 'Pay now' link (docs/orders.md#approval-and-payment, docs/emails.md#order-e-mails); for a
 *   straight move to shipped or delivered the customer gets that status's e-mail now and the job adds the
 *   'Pay now' e-mail once the invoice is out;
 * - cancelling deletes the draft;
 * - bringing a cancelled order back whose draft was deleted (or never made) makes a new one.
 * Orders placed in test mode, orders whose draft could not be made (sync 'failed': staff see it) and a
 * portal without a store keep today's behaviour. Returns the order as it now stands and whether the approval
 * e-mail is left to the job.
 */
export async function onOrderStatusChanged(
  tx: DatabaseOrTransaction,
  change: {
    connected: boolean;
    order: OrderRow;
    previousStatus: string;
    status: string;
    changedAt: Date;
  },
): Promise<{ order: OrderRow; approvalEmailDeferred: boolean }> {
  if (!change.connected || change.order.testMode) {
    return { order: change.order, approvalEmailDeferred: false };
  }
  const previous = toOrderStatus(change.previousStatus);
  const order =
    previous === 'cancelled' && change.status !== 'cancelled'
      ? await restoreDraft(tx, change.order, change.changedAt)
      : change.order;
  const hasDraft = order.shopifyDraftOrderGid !== null || order.shopifySyncStatus === 'pending';
  if (!hasDraft) return { order, approvalEmailDeferred: false };
  const approving = isApproved(change.status) && !isApproved(previous);
  if (approving && order.paymentStatus === 'unpaid') {
    const owesApprovalEmail = change.status === 'processing';
    await enqueueDraftInvoice(tx, order.id, change.changedAt, { owesApprovalEmail });
    return { order, approvalEmailDeferred: owesApprovalEmail };
  }
  if (change.status === 'cancelled') await enqueueDraftOrderDelete(tx, order.id, change.changedAt);
  return { order, approvalEmailDeferred: false };
}

/**
 * A cancelled order brought back: its draft was deleted (delete-draft-order.job.ts forgets it) or never made
 * (the create job saw the cancellation), so a new create job makes one, and staff see 'Awaiting Shopify
 * sync' meanwhile. A draft the delete job has not reached yet is kept (that job sees the order is no longer
 * cancelled), and so is one being made.
 */
async function restoreDraft(tx: DatabaseOrTransaction, order: OrderRow, now: Date): Promise<OrderRow> {
  if (order.shopifyDraftOrderGid !== null || order.shopifySyncStatus === 'pending') return order;
  await enqueueCreate(tx, order.id, `shopify-draft:${order.id}:restored:${now.getTime()}`);
  return recordShopifyDraftRequested(tx, order.id, now);
}

/**
 * The cancelled order's draft is gone from Shopify (deleted, or found missing): the order forgets it, and an
 * invoice recorded for it, so nothing points at a dead link. Brought back meanwhile (no longer cancelled), it
 * gets a new draft at once. In the delete job's transaction, with the order locked.
 */
export async function forgetDeletedDraft(tx: DatabaseOrTransaction, order: OrderRow, now: Date) {
  const forgotten = await recordShopifyDraftForgotten(tx, order, now);
  if (toOrderStatus(forgotten.status) !== 'cancelled') await restoreDraft(tx, forgotten, now);
}

/**
 * A draft was just recorded on the order (create job, order locked, same transaction). What staff did
 * while it was being made still applies to it: an order cancelled meanwhile gets its draft deleted, and an
 * order approved meanwhile (processing, shipped or delivered; the customer was already told, plainly: the
 * draft was 'failed' or its job gave up) gets its invoice, unless a job is already on it.
 */
export async function onDraftRecorded(tx: DatabaseOrTransaction, order: OrderRow, draftGid: string) {
  const status = toOrderStatus(order.status);
  if (status === 'cancelled' && !(await hasLiveOrderJob(tx, DELETE_DRAFT_ORDER_JOB, order.id))) {
    await enqueueDelete(tx, order.id, `shopify-draft-delete:${order.id}:${draftGid}`);
  }
  if (
    isApproved(status) &&
    order.paymentStatus === 'unpaid' &&
    !(await hasLiveOrderJob(tx, SEND_DRAFT_INVOICE_JOB, order.id))
  ) {
    await enqueueJob(
      tx,
      jobToQueue(
        sendDraftInvoiceJob,
        { orderId: order.id },
        { dedupeKey: `shopify-invoice:${order.id}:${draftGid}` },
      ),
    );
  }
}

export type DraftRequeue =
  | { queued: true }
  | { queued: false; reason: 'test-mode' | 'cancelled' | 'awaiting' | 'has-draft' | 'in-progress' };

/**
 * Staff ask for the order's draft again (POST /api/admin/orders/{id}/shopify-sync), in their transaction with
 * the order locked: an order without a draft whose sync 'failed', or is 'pending' with no job left to make
 * it, or was 'not_required' because it was cancelled before (and is not any more), gets a new create job.
 * The new job needs a new dedupe key (`now` names it): the first one is spent. The job looks the draft up by
 * its tag before creating one, so a draft an earlier job did make is adopted, not duplicated.
 */
export async function requeueDraftOrderCreate(
  tx: DatabaseOrTransaction,
  order: OrderRow,
  now: Date,
): Promise<DraftRequeue> {
  if (order.testMode) return { queued: false, reason: 'test-mode' };
  if (order.shopifyDraftOrderGid !== null) return { queued: false, reason: 'has-draft' };
  if (toOrderStatus(order.status) === 'cancelled') return { queued: false, reason: 'cancelled' };
  // Nothing goes to Shopify before its buyer confirms it (docs/orders.md#staff-prepare-an-order).
  if (toOrderStatus(order.status) === 'awaiting_confirmation') return { queued: false, reason: 'awaiting' };
  if (await hasLiveOrderJob(tx, CREATE_DRAFT_ORDER_JOB, order.id, now)) {
    return { queued: false, reason: 'in-progress' };
  }
  await enqueueCreate(tx, order.id, `shopify-draft:${order.id}:retry:${now.getTime()}`);
  return { queued: true };
}
