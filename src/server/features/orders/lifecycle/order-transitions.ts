import type { FastifyRequest } from 'fastify';
import { formatOrderNumber, toOrderStatus } from '../../../../shared/orders';
import type { OrderStatus } from '../../../../shared/schemas/orders';
import { ORDER_CHANGE_MESSAGES } from '../../../../shared/schemas/orders';
import { ORDER_HANDS_MESSAGES } from '../../../../shared/schemas/order-changes';
import { recordAudit, type AuditActor } from '../../../audit/audit-log';
import { AppError } from '../../../errors';
import type { Database, DatabaseOrTransaction } from '../../../db/client';
import type { OrderRow } from '../../../db/schema';
import type { MailEnv } from '../../../mail/compose';
import {
  holdReasonFor,
  noticeCreditUse,
  passCreditCheck,
  weighApproval,
  type CreditEnv,
  type CreditOverride,
} from './credit-holds';
import { enqueueEmail } from '../../../mail/email.jobs';
import { approvalEmailKey, enqueueApprovalEmail, type InvoiceOutcome } from './approval-email';
import {
  orderRecipient,
  orderStatusEmail,
  orderStatusEmailKey,
  withCompanyOwners,
} from './order-status-emails';
import { isApproved } from '../../../../shared/order-rules';
import { paymentDueAt } from '../../../../shared/payment-terms';
import {
  findOrderAccount,
  lockOrderById,
  markSyncFailed,
  markSyncPendingAgain,
  updateOrder,
  writeDraftIfNone,
  writeShopifyCheckedAt,
  type RecordedDraft,
} from './order-writes';
import { recordShopifyDraftRequested } from './order-records';
import { findPreparedOrder } from './change-writes';
import {
  forgetDeletedDraft,
  onDraftRecorded,
  onOrderStatusChanged,
  requeueDraftOrderCreate,
  type DraftRequeue,
} from '../shopify/shopify-sync';
import type { InvoiceJobPayload } from '../shopify/draft-order-definitions';

/*
 * The named transitions of an order after it was placed: the only code that changes an order's status,
 * payment, Shopify sync state or timeline (placement itself is place-order.ts; what Shopify reports is
 * apply-shopify-facts.ts). Each locks the order's row, checks what may follow what, and writes the audit
 * entry, the customer's e-mail and the Shopify jobs in the same transaction as the change.
 */

/** Who made a staff change (the audit log records the user and address). */
export type StaffActor = Pick<FastifyRequest, 'user' | 'ip'>;

/** The first time an order reaches a status, this column records when (docs/orders.md#order-timeline). */
const STATUS_TIMESTAMP: Partial<Record<OrderStatus, keyof OrderRow>> = {
  processing: 'approvedAt',
  shipped: 'shippedAt',
  delivered: 'deliveredAt',
  cancelled: 'cancelledAt',
};

/** What the audit log keeps of an order's status: the stored value and the timeline's dates. */
function statusSnapshot(order: OrderRow) {
  const iso = (value: Date | null) => value?.toISOString() ?? null;
  return {
    status: order.status,
    approvedAt: iso(order.approvedAt),
    shippedAt: iso(order.shippedAt),
    deliveredAt: iso(order.deliveredAt),
    cancelledAt: iso(order.cancelledAt),
    holdReason: order.holdReason,
  };
}

/**
 * The order changed since the version a person's change was made from: refused, with the order as it stands
 * (docs/orders.md#concurrent-changes).
 */
export class OrderChangedError extends AppError {
  constructor(readonly current: OrderRow) {
    super('CONFLICT', ORDER_CHANGE_MESSAGES.changed);
  }
}

export interface TransitionResult {
  /** The order before the change (locked). */
  before: OrderRow;
  /** The order as it now stands. */
  order: OrderRow;
  changed: boolean;
}

/**
 * What a status change does to the payment's due date (docs/orders.md#payment-terms). Approval sets it (net
 * terms, something to pay; with a store, Shopify's own date replaces it) when the order has none: the first
 * approval, or approval again after a move back to pending. Moving back to pending clears it and the marks of
 * its e-mails, so the order is not overdue while pending and its notices start over with the next approval.
 */
function dueDateOnStatusChange(order: OrderRow, status: OrderStatus, now: Date) {
  if (status === 'pending') {
    return { paymentDueAt: null, paymentDueSoonEmailedAt: null, paymentOverdueEmailedAt: null };
  }
  const firstApproval = isApproved(status) && order.approvedAt === null;
  const approvedAgain = isApproved(status) && !isApproved(order.status) && order.paymentDueAt === null;
  if (!firstApproval && !approvedAgain) return {};
  return { paymentDueAt: order.orderTotal > 0 ? paymentDueAt(order.paymentTerms, now) : null };
}

/**
 * An order awaiting its buyer's confirmation leaves that state only by the buyer (confirm, decline), by
 * expiring, or by staff cancelling it; and only preparing an order puts one there
 * (docs/orders.md#who-may-move-an-order-where).
 */
function refuseAwaitingMoves(from: OrderStatus, to: OrderStatus) {
  if (to === 'awaiting_confirmation') throw new AppError('UNPROCESSABLE', ORDER_HANDS_MESSAGES.notAwaitable);
  if (from === 'awaiting_confirmation' && to !== 'cancelled') {
    throw new AppError('CONFLICT', ORDER_HANDS_MESSAGES.awaitingNeedsBuyer);
  }
}

/**
 * A prepared order its buyer never confirmed (declined, expired, withdrawn) stays cancelled: bringing it
 * back would approve or submit it in the buyer's place (docs/orders.md#staff-prepare-an-order).
 */
async function refuseReviving(tx: DatabaseOrTransaction, order: OrderRow) {
  if (toOrderStatus(order.status) !== 'cancelled') return;
  const prepared = await findPreparedOrder(tx, order.id);
  if (prepared && prepared.confirmedAt === null) {
    throw new AppError('CONFLICT', ORDER_HANDS_MESSAGES.neverConfirmed);
  }
}

/** What a staff status change may carry besides the status (docs/credit.md#credit-hold-at-approval). */
export interface StatusChangeOptions {
  /** The version staff saw; when given, refused once the order moved on (docs/orders.md#concurrent-changes). */
  version?: number | undefined;
  /** Approve despite the credit check, with the reason. */
  override?: CreditOverride | undefined;
  /** Staff's words for a hold (else the credit problem's). */
  holdReason?: string | undefined;
}

/**
 * Staff set the order's status (docs/orders.md#status-changes-by-staff: any status may follow any other). The
 * first time the order reaches a status its timeline date is set; going straight to shipped or delivered
 * approves it too. The same status again changes nothing and sends nothing. With a store, approval leaves the
 * customer's e-mail to the invoice job so it carries the 'Pay now' link (shopify-sync.ts
 * onOrderStatusChanged). Null when there is no such order.
 */
export async function changeOrderStatus(
  tx: DatabaseOrTransaction,
  context: { actor: AuditActor; env: CreditEnv; storeConnected: boolean },
  orderId: number,
  status: OrderStatus,
  options: StatusChangeOptions = {},
): Promise<TransitionResult | null> {
  const order = await lockOrderById(tx, orderId);
  if (!order) return null;
  if (options.version !== undefined && order.version !== options.version) throw new OrderChangedError(order);
  if (toOrderStatus(order.status) === status) return { before: order, order, changed: false };
  refuseAwaitingMoves(toOrderStatus(order.status), status);
  await refuseReviving(tx, order);

  const now = new Date();
  // An approval passes the credit check first, the company locked (docs/credit.md#credit-hold-at-approval).
  const approving = isApproved(status) && !isApproved(order.status);
  const weighed = approving ? await weighApproval(tx, order, now) : null;
  if (approving) await passCreditCheck(tx, context.actor, order, weighed, options.override);
  const holdReason = status === 'on_hold' ? await holdReasonFor(tx, order, options.holdReason, now) : null;

  const timestampColumn = STATUS_TIMESTAMP[status];
  const changed = await updateOrder(tx, order.id, {
    status,
    holdReason,
    version: order.version + 1,
    updatedAt: now,
    ...(timestampColumn && order[timestampColumn] === null ? { [timestampColumn]: now } : {}),
    // Straight to shipped or delivered approves it too: the timeline's 'Approved' step gets its date.
    ...(isApproved(status) && order.approvedAt === null ? { approvedAt: now } : {}),
    ...dueDateOnStatusChange(order, status, now),
  });
  await recordAudit(tx, context.actor, {
    action: 'order.status',
    entityType: 'order',
    entityId: order.id,
    before: statusSnapshot(order),
    after: statusSnapshot(changed),
  });

  const { order: updated, approvalEmailDeferred } = await onOrderStatusChanged(tx, {
    connected: context.storeConnected,
    order: changed,
    previousStatus: order.status,
    status,
    changedAt: now,
  });
  if (approving) await noticeCreditUse(tx, context.env, updated, weighed, now);
  const account = await findOrderAccount(tx, updated.userId);
  const message = approvalEmailDeferred
    ? null
    : orderStatusEmail(
        context.env,
        orderRecipient(account, updated),
        { ...updated, orderNumber: formatOrderNumber(order.id) },
        status,
      );
  if (message) {
    await enqueueEmail(tx, withCompanyOwners(message, updated), {
      dedupeKey: orderStatusEmailKey(order.id, status, now),
    });
  }
  return { before: order, order: updated, changed: true };
}

/**
 * Staff ask for the order's Shopify draft again (sync 'failed', or 'pending' with no job left): a new create
 * job with the order back at sync 'pending', audited. `requeue` says why nothing was queued otherwise.
 */
export async function requestShopifyDraftAgain(
  tx: DatabaseOrTransaction,
  actor: StaffActor,
  orderId: number,
): Promise<(TransitionResult & { requeue: DraftRequeue }) | null> {
  const order = await lockOrderById(tx, orderId);
  if (!order) return null;
  const now = new Date();
  const requeue = await requeueDraftOrderCreate(tx, order, now);
  if (!requeue.queued) return { before: order, order, changed: false, requeue };
  const updated = await recordShopifyDraftRequested(tx, order.id, now);
  await recordAudit(tx, actor, {
    action: 'order.shopify-sync',
    entityType: 'order',
    entityId: order.id,
    before: { shopifySyncStatus: order.shopifySyncStatus },
    after: { shopifySyncStatus: updated.shopifySyncStatus },
  });
  return { before: order, order: updated, changed: true, requeue };
}

/**
 * The create job made (or found) the order's draft: recorded once, with what staff did meanwhile applied to
 * it (a cancellation deletes it, an approval sends its invoice: shopify-sync.ts onDraftRecorded).
 */
export async function recordShopifyDraft(db: Database, orderId: number, draft: RecordedDraft): Promise<void> {
  await db.transaction(async (tx) => {
    const locked = await lockOrderById(tx, orderId);
    if (!locked || locked.shopifyDraftOrderGid !== null) return;
    const stored = await writeDraftIfNone(tx, orderId, draft, new Date());
    if (stored) await onDraftRecorded(tx, stored, draft.id);
  });
}

/**
 * An order cancelled before its draft existed needs none: sync 'not_required'. False when staff brought it
 * back meanwhile (then it needs its draft after all).
 */
export async function settleCancelledWithoutDraft(db: Database, orderId: number): Promise<boolean> {
  return db.transaction(async (tx) => {
    const locked = await lockOrderById(tx, orderId);
    if (!locked || toOrderStatus(locked.status) !== 'cancelled') return false;
    if (locked.shopifyDraftOrderGid === null) {
      await updateOrder(tx, orderId, { shopifySyncStatus: 'not_required', updatedAt: new Date() });
    }
    return true;
  });
}

/** The draft could not be made (the job ended, or is on its last attempt): staff see sync 'failed'. */
export const markShopifySyncFailed = markSyncFailed;
/** A last attempt put back is not the last any more: its pessimistic 'failed' is undone. */
export const markShopifySyncPendingAgain = markSyncPendingAgain;

/**
 * The order's draft `draftGid` is gone from Shopify (deleted by a cancellation, or by hand): the order
 * forgets it, and gets a new one if it is no longer cancelled (shopify-sync.ts forgetDeletedDraft).
 */
export async function forgetShopifyDraft(db: Database, orderId: number, draftGid: string): Promise<void> {
  await db.transaction(async (tx) => {
    const locked = await lockOrderById(tx, orderId);
    if (locked?.shopifyDraftOrderGid === draftGid) await forgetDeletedDraft(tx, locked, new Date());
  });
}

/** The approval e-mail the invoice job owes, for the order as it now stands, if it is still approved. */
export async function tellCustomerOfApproval(
  db: Database,
  env: MailEnv,
  payload: InvoiceJobPayload,
  outcome: InvoiceOutcome,
): Promise<void> {
  await db.transaction(async (tx) => {
    const order = await lockOrderById(tx, payload.orderId);
    const key = order ? approvalEmailKey(order, payload, outcome) : null;
    if (order && key) await enqueueApprovalEmail(tx, env, order, key);
  });
}

/**
 * The draft's invoice is out: payment 'invoice_sent' and the customer's 'Pay now' link (unless recorded or
 * paid meanwhile), with the approval e-mail in the same transaction. An order moved back to pending since
 * keeps the invoice recorded; its e-mail waits for the approval.
 */
export async function recordInvoiceSent(
  db: Database,
  env: MailEnv,
  payload: InvoiceJobPayload,
  invoice: {
    invoiceSentAt?: string | null;
    invoiceUrl: string | null;
    /** Net terms (invoice-on-terms.ts): Shopify's due date and the order the draft became. */
    paymentDueAt?: Date | null;
    shopifyOrder?: { gid: string; name: string };
  },
): Promise<void> {
  await db.transaction(async (tx) => {
    const locked = await lockOrderById(tx, payload.orderId);
    if (!locked) return;
    const now = new Date();
    const link = invoice.shopifyOrder;
    const order =
      locked.paymentStatus === 'unpaid'
        ? await updateOrder(tx, locked.id, {
            paymentStatus: 'invoice_sent',
            invoiceSentAt: invoice.invoiceSentAt ? new Date(invoice.invoiceSentAt) : now,
            shopifyCheckoutUrl: invoice.invoiceUrl ?? locked.shopifyCheckoutUrl,
            ...(invoice.paymentDueAt ? { paymentDueAt: invoice.paymentDueAt } : {}),
            ...(link && locked.shopifyOrderGid === null
              ? { shopifyOrderGid: link.gid, shopifyOrderId: link.name }
              : {}),
            updatedAt: now,
          })
        : locked;
    const key = approvalEmailKey(order, payload, 'invoiced');
    if (key) await enqueueApprovalEmail(tx, env, order, key);
  });
}

/** The reconciliation read the order's state from Shopify at `at` (it checks the longest unchecked first). */
export const markShopifyChecked = writeShopifyCheckedAt;
