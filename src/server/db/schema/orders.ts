import { sql, type SQL } from 'drizzle-orm';
import {
  type AnyPgColumn,
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
import { STORED_ORDER_STATUS_VALUES } from '../../../shared/orders';
import { PAYMENT_TERMS } from '../../../shared/payment-terms';
import { PAYMENT_STATUSES, SHOPIFY_SYNC_STATUSES } from '../../../shared/schemas/orders';
import { sqlLiteralList } from '../sql-literals';
import { products } from './catalog';
import { cents, createdAt, percentHundredths, updatedAt } from './columns';
import { companies, companyLocations } from './companies';
import { users } from './users';

/**
 * Unpaid with a due date: the predicate of the index orders_unpaid_due_idx, and the first terms of every read
 * of the orders that owe payment (owesPaymentSql in features/orders/rules/order-rules.sql.ts), so that each
 * of them can read the index.
 */
export function unpaidWithDueDate(columns: { paymentDueAt: AnyPgColumn; paymentStatus: AnyPgColumn }): SQL {
  return sql`${columns.paymentDueAt} is not null and ${columns.paymentStatus} <> 'paid'`;
}

/**
 * Orders (docs/orders.md#what-an-order-stores). Contact and shipping fields are a snapshot taken at
 * submission; money is recomputed on the server and stored in cents. `shopifyOrderId` holds the draft name
 * (#D12), later the order name (#1001).
 */
export const orders = pgTable(
  'orders',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'restrict' }),
    /** The company the order is for (docs/companies.md#what-a-company-holds); the person who placed it is `userId`. */
    companyId: integer('company_id').references(() => companies.id, { onDelete: 'restrict' }),
    /**
     * The company location the order ships to (docs/companies.md#locations); the address columns keep what
     * it was then. Null for orders from before locations, or when the location was removed since.
     */
    locationId: integer('location_id').references(() => companyLocations.id, { onDelete: 'set null' }),
    customerName: text('customer_name').notNull(),
    customerEmail: text('customer_email').notNull(),
    customerPhone: text('customer_phone'),
    businessName: text('business_name').notNull(),
    notes: text('notes'),
    /** The buyer's own purchase-order number, trimmed, at most 60 printable characters (issue 20). */
    poNumber: text('po_number'),
    shippingAddress: text('shipping_address'),
    shippingAddressLine1: text('shipping_address_line1'),
    shippingAddressLine2: text('shipping_address_line2'),
    shippingCity: text('shipping_city'),
    shippingState: text('shipping_state'),
    shippingZip: text('shipping_zip'),
    shippingCountry: text('shipping_country').default('US'),
    status: text('status').notNull().default('pending'),
    paymentStatus: text('payment_status', { enum: PAYMENT_STATUSES }).notNull().default('unpaid'),
    /** The customer's terms when the order was submitted (docs/orders.md#payment-terms). */
    paymentTerms: text('payment_terms', { enum: PAYMENT_TERMS }).notNull().default('on_approval'),
    /** Set at approval for net terms: when payment falls due. Null for 'Pay on approval'. */
    paymentDueAt: timestamp('payment_due_at', { withTimezone: true }),
    /** The buyer's 'payment due soon' and 'payment overdue' e-mails went out (once each). */
    paymentDueSoonEmailedAt: timestamp('payment_due_soon_emailed_at', { withTimezone: true }),
    paymentOverdueEmailedAt: timestamp('payment_overdue_emailed_at', { withTimezone: true }),
    /** Staff last sent a payment reminder from admin Orders. */
    paymentReminderSentAt: timestamp('payment_reminder_sent_at', { withTimezone: true }),
    fulfillmentStatus: text('fulfillment_status').notNull().default('unfulfilled'),
    shippingStatus: text('shipping_status').notNull().default('not_shipped'),
    totalCases: integer('total_cases').notNull().default(0),
    standardTotal: cents('standard_total').notNull().default(0),
    orderTotal: cents('order_total').notNull().default(0),
    tierId: integer('tier_id'),
    discountPercentage: percentHundredths('discount_percentage').notNull().default(0),
    testMode: boolean('test_mode').notNull().default(true),
    shopifyOrderId: text('shopify_order_id'),
    shopifyCheckoutUrl: text('shopify_checkout_url'),
    shopifyDraftOrderGid: text('shopify_draft_order_gid').unique(),
    shopifyOrderGid: text('shopify_order_gid').unique(),
    shopifySyncStatus: text('shopify_sync_status', { enum: SHOPIFY_SYNC_STATUSES })
      .notNull()
      .default('not_required'),
    shopifyUpdatedAt: timestamp('shopify_updated_at', { withTimezone: true }),
    /** When the reconciliation last read this order back from Shopify: runs take the least recently checked. */
    shopifyCheckedAt: timestamp('shopify_checked_at', { withTimezone: true }),
    trackingNumber: text('tracking_number'),
    trackingUrl: text('tracking_url'),
    trackingCompany: text('tracking_company'),
    approvedAt: timestamp('approved_at', { withTimezone: true }),
    invoiceSentAt: timestamp('invoice_sent_at', { withTimezone: true }),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    shippedAt: timestamp('shipped_at', { withTimezone: true }),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    /**
     * The buyer who cancelled their own pending order (docs/orders.md#buyers-cancel-a-pending-order); null when
     * staff cancelled it, or it is not cancelled.
     */
    cancelledByUserId: integer('cancelled_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    /**
     * Bumped by every change a buyer or staff make to the order (its status, its cancellation): a change made
     * from what someone saw names the version they saw, and is refused once it moved on
     * (docs/orders.md#concurrent-changes).
     */
    version: integer('version').notNull().default(1),
    /**
     * Why the order is on hold, as its buyer reads it (docs/credit.md#credit-hold-at-approval): set when staff
     * leave it 'On hold', cleared when it leaves that status.
     */
    holdReason: text('hold_reason'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    check('orders_status_check', sql`${table.status} in (${sqlLiteralList(STORED_ORDER_STATUS_VALUES)})`),
    check(
      'orders_payment_status_check',
      sql`${table.paymentStatus} in (${sqlLiteralList(PAYMENT_STATUSES)})`,
    ),
    check(
      'orders_shopify_sync_status_check',
      sql`${table.shopifySyncStatus} in (${sqlLiteralList(SHOPIFY_SYNC_STATUSES)})`,
    ),
    check('orders_payment_terms_check', sql`${table.paymentTerms} in (${sqlLiteralList(PAYMENT_TERMS)})`),
    check('orders_totals_check', sql`${table.orderTotal} >= 0 and ${table.standardTotal} >= 0`),
    index('orders_user_id_created_at_idx').on(table.userId, table.createdAt.desc()),
    index('orders_company_id_created_at_idx').on(table.companyId, table.createdAt.desc()),
    index('orders_location_id_idx').on(table.locationId),
    index('orders_status_idx').on(table.status),
    /**
     * Newest first with the id breaking ties: the admin list's pages and the streamed CSV export's keyset pages
     * (docs/admin.md#orders) read a range of it instead of sorting the table for every page.
     */
    index('orders_created_at_id_idx').on(table.createdAt.desc(), table.id.desc()),
    /** Unpaid orders with a due date: the Overdue filter, the payment e-mails and Insights read this. */
    index('orders_unpaid_due_idx').on(table.paymentDueAt).where(unpaidWithDueDate(table)),
  ],
);

/**
 * Order lines (docs/orders.md#what-an-order-stores): quantity in bottles, price per bottle; name and SKU kept
 * as sold.
 */
export const orderItems = pgTable(
  'order_items',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'restrict' }),
    quantity: integer('quantity').notNull(),
    price: cents('price').notNull(),
    name: text('name'),
    sku: text('sku'),
  },
  (table) => [
    index('order_items_order_id_idx').on(table.orderId),
    index('order_items_product_id_idx').on(table.productId),
    check('order_items_quantity_check', sql`${table.quantity} >= 0`),
    check('order_items_price_check', sql`${table.price} >= 0`),
  ],
);

/**
 * Idempotency keys for order submission (docs/orders.md#idempotency): the first answer is replayed for the
 * same key and body; a different body under the same key is refused; a key still in progress answers 409.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    requestHash: text('request_hash').notNull(),
    state: text('state', { enum: ['in_progress', 'completed'] })
      .notNull()
      .default('in_progress'),
    responseStatus: integer('response_status'),
    responseBody: jsonb('response_body'),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    unique('idempotency_keys_user_key_unique').on(table.userId, table.key),
    index('idempotency_keys_expires_at_idx').on(table.expiresAt),
  ],
);

export type OrderRow = typeof orders.$inferSelect;
export type IdempotencyKeyRow = typeof idempotencyKeys.$inferSelect;
