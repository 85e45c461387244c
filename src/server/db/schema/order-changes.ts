import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  unique,
} from 'drizzle-orm/pg-core';
import type { OrderLineDiff } from '../../../shared/schemas/orders';
import { cents, createdAt } from './columns';
import { orders } from './orders';
import { users } from './users';

/**
 * An order staff prepared for a buyer to confirm (docs/orders.md#staff-prepare-an-order): one row per such
 * order, beside the order itself (whose status says where it stands). Written only by the orders feature's
 * lifecycle.
 */
export const preparedOrders = pgTable(
  'prepared_orders',
  {
    orderId: integer('order_id')
      .primaryKey()
      .references(() => orders.id, { onDelete: 'cascade' }),
    /** The staff member who prepared it (the audit log names them too); the buyer reads '{store} staff'. */
    preparedByUserId: integer('prepared_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    /** What staff wrote to the buyer. */
    note: text('note'),
    /** Staff said so when preparing it: the buyer's confirmation approves it at once. */
    approveOnConfirm: boolean('approve_on_confirm').notNull().default(false),
    /** Unconfirmed by then, it expires (14 days after it was prepared). */
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** The reminder (7 days after it was prepared) went out. */
    remindedAt: timestamp('reminded_at', { withTimezone: true }),
    confirmedByUserId: integer('confirmed_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    declinedByUserId: integer('declined_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    declinedAt: timestamp('declined_at', { withTimezone: true }),
    declineReason: text('decline_reason'),
    expiredAt: timestamp('expired_at', { withTimezone: true }),
    /**
     * The key the New order dialog sent with it (one per opening): the same key again from the same staff
     * member answers with this order instead of preparing a second (a lost answer, a second press).
     */
    requestKey: text('request_key'),
    createdAt: createdAt(),
  },
  (table) => [
    unique('prepared_orders_request_key_unique').on(table.preparedByUserId, table.requestKey),
    /** The reminder and expiry job reads the prepared orders still open, oldest deadline first. */
    index('prepared_orders_open_idx')
      .on(table.expiresAt)
      .where(
        sql`${table.confirmedAt} is null and ${table.declinedAt} is null and ${table.expiredAt} is null`,
      ),
  ],
);

/**
 * Every change of a pending order's lines (docs/orders.md#changing-a-pending-order): who (staff or a buyer),
 * why, each line before and after, and the total before and after. The order page lists them; the audit log
 * holds the same before and after.
 */
export const orderChanges = pgTable(
  'order_changes',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    changedByUserId: integer('changed_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    byStaff: boolean('by_staff').notNull(),
    reason: text('reason'),
    lines: jsonb('lines').$type<OrderLineDiff[]>().notNull(),
    totalBefore: cents('total_before').notNull(),
    totalAfter: cents('total_after').notNull(),
    /** The order's version this change made. */
    version: integer('version').notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    index('order_changes_order_id_idx').on(table.orderId, table.id),
    check('order_changes_totals_check', sql`${table.totalBefore} >= 0 and ${table.totalAfter} >= 0`),
  ],
);

export type PreparedOrderRow = typeof preparedOrders.$inferSelect;
export type OrderChangeRow = typeof orderChanges.$inferSelect;
