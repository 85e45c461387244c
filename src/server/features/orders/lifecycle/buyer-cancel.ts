import { formatOrderNumber, toOrderStatus } from '../../../../shared/orders';
import { ORDER_CHANGE_MESSAGES } from '../../../../shared/schemas/orders';
import { fullName } from '../../../../shared/user-name';
import { recordOrderMove } from './order-move-audit';
import type { DatabaseOrTransaction } from '../../../db/client';
import type { AccountRow, OrderRow } from '../../../db/schema';
import type { Env } from '../../../env';
import { AppError } from '../../../errors';
import { composeEmail } from '../../../mail/compose';
import { enqueueEmail } from '../../../mail/email.jobs';
import { onOrderStatusChanged } from '../shopify/shopify-sync';
import { lockOrderById, updateOrder } from './order-writes';
import { OrderChangedError } from './order-transitions';

/*
 * A buyer cancels their own order while it waits for approval (docs/orders.md#buyers-cancel-a-pending-order):
 * the order is cancelled in one transaction with its audit entry, staff's e-mail and, with a store, the job
 * that deletes its Shopify draft. Once staff approved it, the buyer reports an issue instead.
 */

type CancelEnv = Pick<Env, 'APP_ORIGIN' | 'STORE_NAME' | 'SUPPORT_EMAIL' | 'STAFF_EMAIL'>;

/**
 * Cancels order `orderId` for `buyer`, who may see it and may order (the caller checks both). `version` is
 * the order's version the buyer saw; the order's row is locked while it is checked and changed.
 */
export async function cancelOrderByBuyer(
  tx: DatabaseOrTransaction,
  context: { buyer: AccountRow; ip: string; env: CancelEnv; storeConnected: boolean },
  orderId: number,
  version: number,
): Promise<OrderRow> {
  const order = await lockOrderById(tx, orderId);
  if (!order) throw new AppError('NOT_FOUND', 'Order not found');
  if (order.version !== version) throw new OrderChangedError(order);
  const status = toOrderStatus(order.status);
  if (status === 'cancelled') throw new AppError('CONFLICT', ORDER_CHANGE_MESSAGES.alreadyCancelled);
  // A held order waits for staff as a pending one does: its buyer may still cancel it (docs/credit.md).
  if (status !== 'pending' && status !== 'on_hold') {
    throw new AppError('CONFLICT', ORDER_CHANGE_MESSAGES.notPending);
  }
  const now = new Date();
  const cancelled = await updateOrder(tx, order.id, {
    status: 'cancelled',
    cancelledAt: now,
    cancelledByUserId: context.buyer.id,
    holdReason: null,
    version: order.version + 1,
    updatedAt: now,
  });
  await recordOrderMove(
    tx,
    { user: context.buyer, ip: context.ip },
    'order.cancelled-by-buyer',
    order,
    cancelled,
  );
  const { order: updated } = await onOrderStatusChanged(tx, {
    connected: context.storeConnected,
    order: cancelled,
    previousStatus: order.status,
    status: 'cancelled',
    changedAt: now,
  });
  const orderNumber = formatOrderNumber(order.id);
  const who = fullName(context.buyer) || context.buyer.email;
  await enqueueEmail(
    tx,
    composeEmail(context.env, context.env.STAFF_EMAIL, `Order ${orderNumber} cancelled by the buyer`, {
      lines: [
        `${who} of ${order.businessName} cancelled order ${orderNumber} while it was waiting for approval.`,
        'Nothing needs doing: it will not be invoiced or shipped.',
      ],
      link: { url: `${context.env.APP_ORIGIN}/admin`, label: 'See it in the admin portal' },
    }),
    { dedupeKey: `order-cancelled-by-buyer:${order.id}` },
  );
  return updated;
}
