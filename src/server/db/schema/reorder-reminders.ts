import { index, integer, pgTable, serial, text, timestamp, uniqueIndex, boolean } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { companies } from './companies';
import { orders } from './orders';
import { users } from './users';

/**
 * The reorder reminders sent (docs/reorder-reminders.md): one per company and order cycle, the cycle being
 * the company's last order when the reminder was computed; the unique key is what makes it once, whichever
 * instance runs the job. `unsubscribe_token_hash` is the SHA-256 of the e-mail's unsubscribe secret.
 */
export const reorderReminders = pgTable(
  'reorder_reminders',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    lastOrderId: integer('last_order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    intervalDays: integer('interval_days').notNull(),
    unsubscribeTokenHash: text('unsubscribe_token_hash').notNull().unique(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('reorder_reminders_cycle_idx').on(table.companyId, table.lastOrderId),
    index('reorder_reminders_user_id_idx').on(table.userId),
  ],
);

/**
 * A reorder reminder's one-click link (docs/reorder-reminders.md#the-link): single use, 14 days, signs its
 * person in and opens the order form with `order_id`'s lines. `token` is the SHA-256 of the e-mailed secret.
 */
export const reorderLinkTokens = pgTable(
  'reorder_link_tokens',
  {
    token: text('token').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    used: boolean('used').notNull().default(false),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [
    index('reorder_link_tokens_user_id_idx').on(table.userId),
    index('reorder_link_tokens_expires_at_idx').on(table.expiresAt),
  ],
);

export type ReorderReminderRow = typeof reorderReminders.$inferSelect;
