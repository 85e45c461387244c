import { and, eq, isNull } from 'drizzle-orm';
import type { DatabaseOrTransaction } from '../../../db/client';
import { orders, users, type OrderRow } from '../../../db/schema';
import { canRemindSql } from '../rules/order-rules.sql';

/*
 * The order row's reads for a change and its writes. Only lifecycle/ imports this file (eslint/boundaries.js
 * ORDER_ROOMS): an order's state changes through the named transitions of order-transitions.ts, which lock
 * the row, check what may follow what, and queue the e-mails and Shopify jobs in the same transaction; the
 * other rooms record their changes through order-records.ts.
 */

/** Columns to write on an order; `updatedAt` is the caller's (the clock of the change). */
export type OrderChanges = Partial<typeof orders.$inferInsert>;

/** One order by id (staff, jobs and webhooks read orders through here). */
export async function findOrderById(db: DatabaseOrTransaction, id: number): Promise<OrderRow | null> {
  const [row] = await db.select().from(orders).where(eq(orders.id, id)).limit(1);
  return row ?? null;
}

/**
 * The order, locked until the transaction ends: status changes, the Shopify jobs and webhooks of one order
 * run one after the other.
 */
export async function lockOrderById(db: DatabaseOrTransaction, id: number): Promise<OrderRow | null> {
  const [row] = await db.select().from(orders).where(eq(orders.id, id)).limit(1).for('update');
  return row ?? null;
}

export async function updateOrder(
  db: DatabaseOrTransaction,
  id: number,
  values: OrderChanges,
): Promise<OrderRow> {
  const [row] = await db.update(orders).set(values).where(eq(orders.id, id)).returning();
  if (!row) throw new Error(`Order ${id} was not updated`);
  return row;
}

/** The account that placed the order: its address and first name for the customer's e-mails. */
export async function findOrderAccount(
  db: DatabaseOrTransaction,
  userId: number | null,
): Promise<{ email: string; firstName: string | null } | null> {
  if (userId === null) return null;
  const [row] = await db
    .select({ email: users.email, firstName: users.firstName })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return row ?? null;
}

/**
 * Records the order's sync as 'failed' while it has no draft and is still 'pending' (a job that ends, or is
 * on its last attempt); a recorded draft or a cancellation already settled it.
 */
export async function markSyncFailed(db: DatabaseOrTransaction, orderId: number, now: Date): Promise<void> {
  await db
    .update(orders)
    .set({ shopifySyncStatus: 'failed', updatedAt: now })
    .where(
      and(
        eq(orders.id, orderId),
        isNull(orders.shopifyDraftOrderGid),
        eq(orders.shopifySyncStatus, 'pending'),
      ),
    );
}

/** Undoes markSyncFailed of a last attempt that was put back (job-support.ts PostponeJob). */
export async function markSyncPendingAgain(db: DatabaseOrTransaction, orderId: number, now: Date) {
  await db
    .update(orders)
    .set({ shopifySyncStatus: 'pending', updatedAt: now })
    .where(
      and(
        eq(orders.id, orderId),
        isNull(orders.shopifyDraftOrderGid),
        eq(orders.shopifySyncStatus, 'failed'),
      ),
    );
}

/** The draft Shopify made for the order, as the order records it. */
export interface RecordedDraft {
  id: string;
  name: string;
  invoiceUrl: string | null;
}

/** Records the order's draft unless one is recorded already (then null: a second writer changes nothing). */
export async function writeDraftIfNone(
  db: DatabaseOrTransaction,
  orderId: number,
  draft: RecordedDraft,
  now: Date,
): Promise<OrderRow | null> {
  const [stored] = await db
    .update(orders)
    .set({
      shopifyDraftOrderGid: draft.id,
      shopifyOrderId: draft.name,
      // The invoice URL stays private until approval: customers see it only once paymentStatus is
      // invoice_sent on an approved order (order-view.ts payableInvoiceUrl).
      shopifyCheckoutUrl: draft.invoiceUrl,
      shopifySyncStatus: 'synced',
      updatedAt: now,
    })
    .where(and(eq(orders.id, orderId), isNull(orders.shopifyDraftOrderGid)))
    .returning();
  return stored ?? null;
}

/** When the reconciliation last read the order from Shopify (no other column changes). */
export async function writeShopifyCheckedAt(db: DatabaseOrTransaction, orderId: number, at: Date) {
  await db.update(orders).set({ shopifyCheckedAt: at }).where(eq(orders.id, orderId));
}

/**
 * Claims the order's payment reminder at `now` (docs/orders.md#payment-terms): one conditional update that
 * records the reminder only if it may go (canRemindSql: overdue on net terms, none within a day), so of any
 * number of requests at once, on any number of instances, one gets the row and the others null. (PostgreSQL
 * makes a second update of the row wait for the first and checks the condition again on what it wrote.)
 */
export async function claimPaymentReminder(
  db: DatabaseOrTransaction,
  orderId: number,
  now: Date,
): Promise<OrderRow | null> {
  const [row] = await db
    .update(orders)
    .set({ paymentReminderSentAt: now, updatedAt: now })
    .where(and(eq(orders.id, orderId), canRemindSql(now)))
    .returning();
  return row ?? null;
}

/** Gives back a claim that sent nothing (Shopify refused or failed): the order shows its last real reminder. */
export async function releasePaymentReminder(
  db: DatabaseOrTransaction,
  orderId: number,
  claimedAt: Date,
  previous: Date | null,
): Promise<void> {
  await db
    .update(orders)
    .set({ paymentReminderSentAt: previous })
    .where(and(eq(orders.id, orderId), eq(orders.paymentReminderSentAt, claimedAt)));
}
