import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { SUPPORT_MESSAGE_STATUS_VALUES } from '../../../shared/schemas/admin-support';
import { SUPPORT_PRIORITY_VALUES } from '../../../shared/schemas/support';
import { createdAt, updatedAt } from './columns';
import { orders } from './orders';
import { users } from './users';

/** FAQ categories (docs/admin.md#faq-management), shown sorted by displayOrder. */
export const faqCategories = pgTable(
  'faq_categories',
  {
    id: serial('id').primaryKey(),
    title: text('title').notNull(),
    displayOrder: integer('display_order').notNull().default(0),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [index('faq_categories_display_order_idx').on(table.displayOrder)],
);

/**
 * FAQ items (docs/admin.md#faq-management). A category with items cannot vanish under them: the foreign key
 * restricts.
 */
export const faqItems = pgTable(
  'faq_items',
  {
    id: serial('id').primaryKey(),
    categoryId: integer('category_id')
      .notNull()
      .references(() => faqCategories.id, { onDelete: 'restrict' }),
    question: text('question').notNull(),
    answer: text('answer').notNull(),
    displayOrder: integer('display_order').notNull().default(0),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [index('faq_items_category_id_display_order_idx').on(table.categoryId, table.displayOrder)],
);

/**
 * Support messages (docs/support-and-faq.md#what-a-support-message-carries). userInfo, recentOrders and
 * orderDetails are filled by the server from the session and the database, kept as sent; `status` is the
 * staff inbox state (issue 7).
 */
export const supportMessages = pgTable(
  'support_messages',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    subject: text('subject').notNull(),
    priority: text('priority', { enum: SUPPORT_PRIORITY_VALUES }).notNull(),
    message: text('message').notNull(),
    userInfo: jsonb('user_info').notNull(),
    recentOrders: jsonb('recent_orders')
      .notNull()
      .default(sql`'[]'::jsonb`),
    specificOrderId: integer('specific_order_id').references(() => orders.id, { onDelete: 'set null' }),
    orderDetails: jsonb('order_details'),
    status: text('status', { enum: SUPPORT_MESSAGE_STATUS_VALUES }).notNull().default('open'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    check('support_messages_priority_check', sql`${table.priority} in ('low', 'medium', 'high')`),
    check('support_messages_status_check', sql`${table.status} in ('open', 'answered', 'closed')`),
    check('support_messages_length_check', sql`char_length(${table.message}) between 10 and 2000`),
    index('support_messages_created_at_idx').on(table.createdAt.desc()),
    index('support_messages_user_id_idx').on(table.userId),
    index('support_messages_specific_order_id_idx').on(table.specificOrderId),
  ],
);

export type SupportMessageRow = typeof supportMessages.$inferSelect;
export type FaqCategoryRow = typeof faqCategories.$inferSelect;
export type FaqItemRow = typeof faqItems.$inferSelect;
