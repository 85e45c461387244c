import { toOrderStatus } from '../../../../shared/orders';
import type { PricingCatalog } from '../../../../shared/pricing';
import { ORDER_CHANGE_MESSAGES, type OrderLineDiff } from '../../../../shared/schemas/orders';
import { ORDER_HANDS_MESSAGES } from '../../../../shared/schemas/order-changes';
import { fullName } from '../../../../shared/user-name';
import { recordAudit, type AuditActor } from '../../../audit/audit-log';
import type { DatabaseOrTransaction } from '../../../db/client';
import type { AccountRow, OrderRow } from '../../../db/schema';
import type { Env } from '../../../env';
import { AppError } from '../../../errors';
import { enqueueEmail } from '../../../mail/email.jobs';
import { enqueueJob } from '../../../jobs/queue';
import { itemsToWrite, mergeLines, priceOrderLines } from '../placement/place-order';
import { findItemsOfOrders, type OrderItemRow } from '../reads/orders.repository';
import { draftOrderUpdateJob } from '../shopify/shopify-sync';
import { recordOrderChange, replaceOrderItems } from './change-writes';
import { orderChangedByBuyerEmail, orderChangedByStaffEmail } from './order-hands-emails';
import { orderRecipient, withCompanyOwners } from './order-status-emails';
import { findOrderAccount, lockOrderById, updateOrder } from './order-writes';
import { OrderChangedError } from './order-transitions';

/*
 * A pending order's lines changed before approval (docs/orders.md#changing-a-pending-order), by staff (with
 * a reason the buyer reads) or by a buyer of the company ('Edit order', 'Save changes'). The new lines are
 * priced from today's catalogue exactly as a new order (the tier over the new total); the order keeps its
 * number. One transaction: the lines, the totals and the version, the change's record, the audit entry
 * (before and after), the e-mail to whoever did not make it, and the job that updates its Shopify draft.
 */

export type Reviser =
  { by: 'staff'; actor: AuditActor; reason: string } | { by: 'buyer'; buyer: AccountRow; ip: string };

type ReviseEnv = Pick<Env, 'APP_ORIGIN' | 'STORE_NAME' | 'SUPPORT_EMAIL' | 'STAFF_EMAIL'>;

export interface RevisedOrder {
  order: OrderRow;
  /** False when the lines sent are the lines it has: nothing was written or sent. */
  changed: boolean;
}

/** Staff may change a pending order or one awaiting confirmation; a buyer only a pending one. */
function requireEditable(order: OrderRow, by: Reviser['by']) {
  const status = toOrderStatus(order.status);
  if (status === 'cancelled' && by === 'buyer')
    throw new AppError('CONFLICT', ORDER_CHANGE_MESSAGES.alreadyCancelled);
  if (status === 'awaiting_confirmation' && by === 'buyer')
    throw new AppError('CONFLICT', ORDER_HANDS_MESSAGES.confirmFirst);
  const editable = status === 'pending' || (by === 'staff' && status === 'awaiting_confirmation');
  if (!editable) {
    throw new AppError(
      'CONFLICT',
      by === 'staff' ? ORDER_HANDS_MESSAGES.staffNotEditable : ORDER_HANDS_MESSAGES.buyerNotEditable,
    );
  }
  // An invoice already out (Shopify's admin can send one early) fixes the lines: cancel and re-create.
  if (order.paymentStatus !== 'unpaid') throw new AppError('CONFLICT', ORDER_HANDS_MESSAGES.invoiced);
}

/** Each product whose quantity differs, in the order's line order then the new lines'. */
function diffLines(
  before: readonly OrderItemRow[],
  after: ReadonlyArray<{ productId: number; quantity: number; name: string }>,
): OrderLineDiff[] {
  const afterById = new Map(after.map((line) => [line.productId, line]));
  const beforeIds = new Set(before.map((item) => item.productId));
  const diffs: OrderLineDiff[] = before.map((item) => ({
    productId: item.productId,
    name: item.name ?? item.product?.name ?? `Product ${item.productId}`,
    before: item.quantity,
    after: afterById.get(item.productId)?.quantity ?? 0,
  }));
  for (const line of after) {
    if (!beforeIds.has(line.productId)) {
      diffs.push({ productId: line.productId, name: line.name, before: 0, after: line.quantity });
    }
  }
  return diffs.filter((diff) => diff.before !== diff.after);
}

/**
 * Replaces order `orderId`'s lines with `items`, priced from `catalog` (the catalogue of this moment).
 * `version` is the order's version the person saw: refused (OrderChangedError) once it moved on.
 */
export async function reviseOrderLines(
  tx: DatabaseOrTransaction,
  context: { env: ReviseEnv; storeConnected: boolean },
  catalog: PricingCatalog,
  reviser: Reviser,
  orderId: number,
  version: number,
  items: ReadonlyArray<{ productId: number; quantity: number }>,
): Promise<RevisedOrder> {
  const order = await lockOrderById(tx, orderId);
  if (!order) throw new AppError('NOT_FOUND', 'Order not found');
  if (order.version !== version) throw new OrderChangedError(order);
  requireEditable(order, reviser.by);
  if (mergeLines(items).length === 0) throw new AppError('UNPROCESSABLE', ORDER_HANDS_MESSAGES.noLines);
  const cart = priceOrderLines(catalog, items);
  const before = await findItemsOfOrders(tx, [order.id]);
  const lines = diffLines(before, cart.lines);
  if (lines.length === 0) return { order, changed: false };

  const now = new Date();
  await replaceOrderItems(tx, order.id, itemsToWrite(cart));
  const revised = await updateOrder(tx, order.id, {
    totalCases: cart.totalCases,
    standardTotal: cart.standardTotal,
    orderTotal: cart.orderTotal,
    tierId: cart.tier?.id ?? null,
    discountPercentage: cart.tier?.discountPercentage ?? 0,
    version: order.version + 1,
    updatedAt: now,
  });
  const byStaff = reviser.by === 'staff';
  const actor = byStaff ? reviser.actor : { user: reviser.buyer, ip: reviser.ip };
  const reason = byStaff ? reviser.reason : null;
  await recordOrderChange(tx, {
    orderId: order.id,
    changedByUserId: actor.user?.id ?? null,
    byStaff,
    reason,
    lines,
    totalBefore: order.orderTotal,
    totalAfter: revised.orderTotal,
    version: revised.version,
  });
  const snapshot = (
    row: OrderRow,
    rows: ReadonlyArray<{ productId: number; quantity: number; price: number }>,
  ) => ({
    version: row.version,
    orderTotal: row.orderTotal,
    totalCases: row.totalCases,
    lines: rows.map(({ productId, quantity, price }) => ({ productId, quantity, price })),
  });
  await recordAudit(tx, actor, {
    action: byStaff ? 'order.lines-changed-by-staff' : 'order.lines-changed-by-buyer',
    entityType: 'order',
    entityId: order.id,
    before: { ...snapshot(order, before), ...(reason ? { reason } : {}) },
    after: snapshot(revised, itemsToWrite(cart)),
  });
  const change = { order, lines, totalBefore: order.orderTotal, totalAfter: revised.orderTotal, reason };
  const dedupeKey = `order-lines-changed:${order.id}:${revised.version}`;
  if (byStaff) {
    const account = await findOrderAccount(tx, order.userId);
    const to = orderRecipient(account, order);
    const message = orderChangedByStaffEmail(context.env, { email: to.email, firstName: to.name }, change);
    await enqueueEmail(tx, withCompanyOwners(message, order), { dedupeKey });
  } else {
    const who = fullName(reviser.buyer) || reviser.buyer.email;
    await enqueueEmail(tx, orderChangedByBuyerEmail(context.env, context.env.STAFF_EMAIL, who, change), {
      dedupeKey,
    });
  }
  // A draft made, or being made, is brought in line; an order without one (test mode, awaiting) has none.
  if (context.storeConnected && order.shopifySyncStatus !== 'not_required') {
    await enqueueJob(tx, draftOrderUpdateJob(order.id, revised.version));
  }
  return { order: revised, changed: true };
}
