import { formatOrderNumber, toOrderStatus } from '../../../../shared/orders';
import { ORDER_CHANGE_MESSAGES } from '../../../../shared/schemas/orders';
import { ORDER_HANDS_MESSAGES } from '../../../../shared/schemas/order-changes';
import { fullName } from '../../../../shared/user-name';
import { recordOrderMove } from './order-move-audit';
import type { DatabaseOrTransaction } from '../../../db/client';
import type { AccountRow, OrderRow, PreparedOrderRow } from '../../../db/schema';
import type { Env } from '../../../env';
import { AppError } from '../../../errors';
import { enqueueEmail } from '../../../mail/email.jobs';
import { enqueueJob } from '../../../jobs/queue';
import { newOrderStaffEmail, orderSubmittedEmail, type MailCart } from '../placement/order-emails';
import { findItemsOfOrders, type OrderItemRow } from '../reads/orders.repository';
import { toOrderItemView } from '../reads/order-view';
import { draftOrderCreateJob, onOrderStatusChanged } from '../shopify/shopify-sync';
import { findPreparedOrder, updatePreparedOrder } from './change-writes';
import { preparedOrderEndedStaffEmail } from './order-hands-emails';
import { withCompanyOwners } from './order-status-emails';
import { findOrderAccount, lockOrderById, updateOrder } from './order-writes';
import { changeOrderStatus, OrderChangedError } from './order-transitions';
import { CreditCheckError } from './credit-holds';

/*
 * The buyer's answer to an order staff prepared (docs/orders.md#staff-prepare-an-order): Confirm makes it a
 * submitted order (pending approval, or approved at once when staff said so), with the submission's e-mails
 * and its Shopify draft; Decline cancels it and tells staff why. Either only while it awaits confirmation
 * and before it expires; the caller checks that the buyer may see the order and may order.
 */

type AnswerEnv = Pick<Env, 'APP_ORIGIN' | 'STORE_NAME' | 'SUPPORT_EMAIL' | 'STAFF_EMAIL'>;
interface AnswerContext {
  buyer: AccountRow;
  ip: string;
  env: AnswerEnv;
  storeConnected: boolean;
}

/** The order, locked, still awaiting this answer: its prepared row, or the refusal that says why not. */
async function lockAwaiting(
  tx: DatabaseOrTransaction,
  orderId: number,
  version: number,
  now: Date,
): Promise<{ order: OrderRow; prepared: PreparedOrderRow }> {
  const order = await lockOrderById(tx, orderId);
  if (!order) throw new AppError('NOT_FOUND', 'Order not found');
  const prepared = await findPreparedOrder(tx, order.id);
  // Expired since the page was opened: that, not "changed", is what the buyer needs to read.
  if (prepared?.expiredAt) throw new AppError('CONFLICT', ORDER_HANDS_MESSAGES.expired);
  if (order.version !== version) throw new OrderChangedError(order);
  if (!prepared || toOrderStatus(order.status) !== 'awaiting_confirmation') {
    const cancelled = toOrderStatus(order.status) === 'cancelled';
    throw new AppError(
      'CONFLICT',
      cancelled ? ORDER_CHANGE_MESSAGES.alreadyCancelled : ORDER_HANDS_MESSAGES.notAwaiting,
    );
  }
  // Past its deadline but not yet expired by the job (prepared-order-deadlines.ts): expired all the same.
  if (prepared.expiresAt.getTime() <= now.getTime())
    throw new AppError('CONFLICT', ORDER_HANDS_MESSAGES.expired);
  return { order, prepared };
}

/** The stored lines as the submission e-mails show them (the prices staff prepared, not today's). */
function storedCart(order: OrderRow, items: readonly OrderItemRow[]): MailCart {
  return {
    lines: items.map((item) => {
      const view = toOrderItemView(item);
      return {
        name: view.name,
        kind: view.unit === 'tester' ? 'tester' : view.unit === 'bundle' ? 'bundle' : 'case',
        quantity: item.quantity,
        cases: view.caseCount ?? 0,
        units: view.units,
        unitPrice: item.price,
        lineTotal: item.price * item.quantity,
      };
    }),
    orderTotal: order.orderTotal,
    savings: Math.max(order.standardTotal - order.orderTotal, 0),
  };
}

const buyerName = (buyer: AccountRow) => fullName(buyer) || buyer.email;

export async function confirmPreparedOrder(
  tx: DatabaseOrTransaction,
  context: AnswerContext,
  orderId: number,
  version: number,
): Promise<OrderRow> {
  const now = new Date();
  const { order, prepared } = await lockAwaiting(tx, orderId, version, now);
  const confirmed = await updateOrder(tx, order.id, {
    status: 'pending',
    // Its draft is made now: nothing went to Shopify while it waited.
    shopifySyncStatus: order.testMode ? 'not_required' : 'pending',
    version: order.version + 1,
    updatedAt: now,
  });
  await updatePreparedOrder(tx, order.id, { confirmedAt: now, confirmedByUserId: context.buyer.id });
  await recordOrderMove(
    tx,
    { user: context.buyer, ip: context.ip },
    'order.confirmed-by-buyer',
    order,
    confirmed,
  );
  const cart = storedCart(confirmed, await findItemsOfOrders(tx, [order.id]));
  const submitted = { ...confirmed, orderNumber: formatOrderNumber(order.id) };
  // To the person it was prepared for (and the owners), whoever of them confirmed it.
  const recipient = (await findOrderAccount(tx, confirmed.userId)) ?? context.buyer;
  await enqueueEmail(
    tx,
    withCompanyOwners(orderSubmittedEmail(context.env, recipient, submitted, cart), confirmed),
    {
      dedupeKey: `order-submitted:${order.id}`,
    },
  );
  await enqueueEmail(tx, newOrderStaffEmail(context.env, context.env.STAFF_EMAIL, submitted, cart), {
    dedupeKey: `order-submitted-staff:${order.id}`,
  });
  if (!confirmed.testMode) await enqueueJob(tx, draftOrderCreateJob(order.id));
  if (!prepared.approveOnConfirm) return confirmed;
  // Staff said so when preparing it: approved at once, in their name (the audit log's actor), with the
  // approval's usual e-mail and invoice; unless the credit check stops it, and then it waits on hold with
  // the reason for staff to decide (docs/credit.md#credit-hold-at-approval).
  const staff = {
    actor: { user: prepared.preparedByUserId ? { id: prepared.preparedByUserId } : null, ip: context.ip },
    env: context.env,
    storeConnected: context.storeConnected,
  };
  try {
    const approved = await changeOrderStatus(tx, staff, order.id, 'processing');
    return approved?.order ?? confirmed;
  } catch (error) {
    if (!(error instanceof CreditCheckError)) throw error;
    const held = await changeOrderStatus(tx, staff, order.id, 'on_hold');
    return held?.order ?? confirmed;
  }
}

export async function declinePreparedOrder(
  tx: DatabaseOrTransaction,
  context: AnswerContext,
  orderId: number,
  version: number,
  reason: string | null,
): Promise<OrderRow> {
  const now = new Date();
  const { order } = await lockAwaiting(tx, orderId, version, now);
  const declined = await updateOrder(tx, order.id, {
    status: 'cancelled',
    cancelledAt: now,
    cancelledByUserId: context.buyer.id,
    version: order.version + 1,
    updatedAt: now,
  });
  // Never in Shopify while it waited; should a draft exist all the same, it is deleted as a cancellation's is.
  await onOrderStatusChanged(tx, {
    connected: context.storeConnected,
    order: declined,
    previousStatus: order.status,
    status: 'cancelled',
    changedAt: now,
  });
  await updatePreparedOrder(tx, order.id, {
    declinedAt: now,
    declinedByUserId: context.buyer.id,
    declineReason: reason,
  });
  await recordOrderMove(
    tx,
    { user: context.buyer, ip: context.ip },
    'order.declined-by-buyer',
    order,
    declined,
    { reason },
  );
  await enqueueEmail(
    tx,
    preparedOrderEndedStaffEmail(context.env, context.env.STAFF_EMAIL, order, {
      declinedBy: buyerName(context.buyer),
      reason,
    }),
    { dedupeKey: `order-declined:${order.id}` },
  );
  return declined;
}
