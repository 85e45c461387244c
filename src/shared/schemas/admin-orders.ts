import { z } from 'zod';
import {
  orderItemViewSchema,
  orderStatusSchema,
  type OrderStatus,
  paymentStateSchema,
  paymentStatusSchema,
  shopifySyncStatusSchema,
} from './orders';
import { idSchema } from './pricing';
import { oneLine } from './text';
import type { ReminderRefusal } from '../order-rules';
import { formatReminderTime, PAYMENT_TERMS } from '../payment-terms';
import { creditOverrideSchema, holdReasonSchema } from './credit';

/**
 * Contracts of the admin Orders section (docs/admin.md#orders, docs/orders.md#order-states). Money leaves the
 * server as decimal strings with two decimals ("127.80").
 */

/**
 * The status filter's choices (docs/admin.md#orders): 'all', one of the statuses, 'unpaid' (neither paid
 * nor cancelled, docs/orders.md#payment-status) or 'overdue' (unpaid past the due date of its payment terms,
 * docs/orders.md#payment-terms).
 */
export const ADMIN_ORDER_STATUS_FILTERS = [
  'all',
  'awaiting_confirmation',
  'pending',
  'on_hold',
  'processing',
  'shipped',
  'delivered',
  'cancelled',
  'unpaid',
  'overdue',
] as const;
export const adminOrderStatusFilterSchema = z.enum(ADMIN_ORDER_STATUS_FILTERS, {
  message: `must be one of ${ADMIN_ORDER_STATUS_FILTERS.join(', ')}`,
});
export type AdminOrderStatusFilter = z.infer<typeof adminOrderStatusFilterSchema>;

export const ADMIN_ORDERS_PAGE_SIZE = 20;
export const MAX_ADMIN_ORDERS_PAGE_SIZE = 100;
export const MAX_ADMIN_ORDER_SEARCH_LENGTH = 200;

/**
 * One text value per parameter: `?status=a&status=b` arrives as an array and is refused
 * (docs/security.md#input-validation), never silently narrowed to one of them.
 */
const searchSchema = z
  .string({ message: 'must be a single text value' })
  .trim()
  .max(MAX_ADMIN_ORDER_SEARCH_LENGTH, `must be at most ${MAX_ADMIN_ORDER_SEARCH_LENGTH} characters`)
  .superRefine(oneLine())
  .optional()
  .default('');

/** What GET /api/admin/orders and its CSV export filter by. */
export const adminOrderFilterSchema = z
  .object({
    search: searchSchema,
    status: adminOrderStatusFilterSchema.optional().default('all'),
  })
  .strict();
export type AdminOrderFilter = z.infer<typeof adminOrderFilterSchema>;

/** GET /api/admin/orders?search=&status=&page=&limit= (newest first, 20 a page, at most 100). */
export const adminOrderListQuerySchema = adminOrderFilterSchema
  .extend({
    page: z.optional(idSchema).default(1),
    limit: z
      .pipe(
        idSchema,
        z.number().max(MAX_ADMIN_ORDERS_PAGE_SIZE, `must be at most ${MAX_ADMIN_ORDERS_PAGE_SIZE}`),
      )
      .optional()
      .default(ADMIN_ORDERS_PAGE_SIZE),
  })
  .strict();
export type AdminOrderListQuery = z.infer<typeof adminOrderListQuerySchema>;

const money = z.string().regex(/^-?\d+\.\d{2}$/);

/** An order as the administrator sees it in the list (docs/admin.md#orders). */
export const adminOrderSchema = z.object({
  id: z.number().int(),
  /** The portal's order reference, e.g. WO-1001. */
  orderNumber: z.string(),
  customerName: z.string(),
  customerEmail: z.string(),
  customerPhone: z.string().nullable(),
  businessName: z.string(),
  /** What a status change names as the order it was made from (docs/orders.md#concurrent-changes). */
  version: z.number().int(),
  createdAt: z.string(),
  /**
   * As read (docs/orders.md#legacy-status-values): a legacy `submitted` is pending, a legacy `completed`
   * delivered.
   */
  status: orderStatusSchema,
  paymentStatus: paymentStatusSchema,
  notes: z.string().nullable(),
  /** The buyer's purchase-order number (issue 20); the search finds it. */
  poNumber: z.string().nullable(),
  /** The terms it was submitted under, its due date once approved, and whether it is overdue (issue 20). */
  paymentTerms: z.enum(PAYMENT_TERMS),
  paymentDueAt: z.string().nullable(),
  paymentOverdue: z.boolean(),
  /** Where the money stands (docs/orders.md#payment-status); null on a cancelled order never paid. */
  paymentState: paymentStateSchema,
  /** Why the order is on hold, as its buyer reads it (docs/credit.md); null unless it is. */
  holdReason: z.string().nullable(),
  /** When staff last sent a payment reminder (admin Orders 'Send payment reminder'). */
  paymentReminderSentAt: z.string().nullable(),
  /**
   * Nothing refuses a payment reminder of it (shared/order-rules.ts reminderRefusal: approved, unpaid, on net
   * terms, overdue). The one-a-day limit aside: the button stays while `nextPaymentReminderAt` says when.
   */
  canSendReminder: z.boolean(),
  /** While the last reminder is less than a day old and the order owes payment: when the next may go. */
  nextPaymentReminderAt: z.string().nullable(),
  shopifyOrderId: z.string().nullable(),
  shopifyCheckoutUrl: z.string().nullable(),
  orderTotal: money,
  totalCases: z.number().int(),
  shopifySyncStatus: shopifySyncStatusSchema,
  /** Support messages about this order (issue 7); the row links to them in the Support section. */
  supportMessageCount: z.number().int(),
  /**
   * The company the order is for, named as it is now (admin Companies, docs/companies.md#admin-companies);
   * `businessName` is the name it was placed under. Null for an order of no company (before companies).
   */
  company: z.object({ id: z.number().int(), name: z.string() }).nullable(),
});
export type AdminOrder = z.infer<typeof adminOrderSchema>;

export const adminOrderListResponseSchema = z.object({
  orders: z.array(adminOrderSchema),
  /** How many orders match the filter, over all pages. */
  total: z.number().int(),
  /** 0 when nothing matches. */
  totalPages: z.number().int(),
  page: z.number().int(),
  limit: z.number().int(),
});
export type AdminOrderListResponse = z.infer<typeof adminOrderListResponseSchema>;

export const adminOrderParamsSchema = z.object({ id: idSchema });

/**
 * GET /api/admin/orders/{id}/items: the order's lines (docs/admin.md#orders). `quantity` is in the
 * line's `unit` (ADR 0008: bottles, bundles, or the single tester); `price` is per unit.
 */
export const adminOrderItemSchema = orderItemViewSchema.pick({
  id: true,
  productId: true,
  name: true,
  sku: true,
  quantity: true,
  unit: true,
  caseCount: true,
  price: true,
  lineTotal: true,
});
export type AdminOrderItem = z.infer<typeof adminOrderItemSchema>;
export const adminOrderItemsResponseSchema = z.array(adminOrderItemSchema);

/**
 * The statuses staff set by hand: the specification's five. Only preparing an order makes one
 * `awaiting_confirmation` (docs/orders.md#staff-prepare-an-order).
 */
const STAFF_SET_STATUSES = orderStatusSchema.options.filter(
  (status): status is Exclude<OrderStatus, 'awaiting_confirmation'> => status !== 'awaiting_confirmation',
) as [Exclude<OrderStatus, 'awaiting_confirmation'>, ...Array<Exclude<OrderStatus, 'awaiting_confirmation'>>];

/**
 * PATCH /api/admin/orders/{id}/status: any of the five statuses (docs/orders.md#status-changes-by-staff: no
 * restriction).
 */
export const updateOrderStatusRequestSchema = z.object({
  status: z.enum(STAFF_SET_STATUSES, { message: `must be one of ${STAFF_SET_STATUSES.join(', ')}` }),
  /**
   * The order's version staff saw (docs/orders.md#concurrent-changes): when given, a change since (the buyer
   * cancelled it, another administrator moved it) refuses the update with 409. Optional: the spec's callers
   * send the status alone.
   */
  version: z.number().int().positive().max(2_147_483_647).optional(),
  /**
   * Approve despite the credit check, with the reason (docs/credit.md#credit-hold-at-approval); without it an
   * approval the check stops answers 409 CREDIT_CHECK.
   */
  override: creditOverrideSchema.optional(),
  /** With status 'on_hold' and no credit problem: why (the buyer reads it); with one, the server words it. */
  holdReason: holdReasonSchema.optional(),
});

export const updateOrderStatusResponseSchema = z.object({
  message: z.string(),
  /** False when the order already had that status: nothing was changed and no e-mail was sent. */
  changed: z.boolean(),
  order: adminOrderSchema,
});
export type UpdateOrderStatusResponse = z.infer<typeof updateOrderStatusResponseSchema>;

/** GET /api/admin/orders/export.csv?search=&status= (the same filter as the list, every page). */
export const ADMIN_ORDERS_EXPORT_PATH = '/api/admin/orders/export.csv';
/** The export's header naming how many orders it holds (admin Orders shows the download's progress). */
export const ORDERS_EXPORT_TOTAL_HEADER = 'x-total-count';

/** The query string of a list or export request; empty and default values are left out. */
export function adminOrdersQueryString(query: {
  search?: string;
  status?: AdminOrderStatusFilter;
  page?: number;
  limit?: number;
}): string {
  const params = new URLSearchParams();
  const search = query.search?.trim();
  if (search) params.set('search', search);
  if (query.status && query.status !== 'all') params.set('status', query.status);
  if (query.page !== undefined) params.set('page', String(query.page));
  if (query.limit !== undefined) params.set('limit', String(query.limit));
  const text = params.toString();
  return text ? `?${text}` : '';
}

/**
 * POST /api/admin/orders/{id}/payment-reminder (docs/orders.md#payment-terms): e-mails the buyer a reminder
 * of an overdue order on net terms, through Shopify's paymentReminderSend when the store is connected (Shopify
 * refuses reminders before the due date), else from the portal. 409 with PAYMENT_REMINDER_REFUSALS when the order cannot be reminded.
 */
export const paymentReminderResponseSchema = z.object({
  message: z.string(),
  order: adminOrderSchema,
});
export type PaymentReminderResponse = z.infer<typeof paymentReminderResponseSchema>;

export const PAYMENT_REMINDER_SENT = 'Payment reminder sent';
export const PAYMENT_REMINDER_REFUSALS = {
  notOnTerms: 'This order is not on payment terms',
  notApproved: 'This order is not approved',
  notOverdue: 'A payment reminder can be sent once the payment is overdue',
  paid: 'This order is already paid',
  cancelled: 'This order is cancelled',
  notInvoiced: 'Shopify has not invoiced this order yet; please try again in a few minutes',
  shopifyDailyLimit:
    "Shopify already sent a payment reminder for this order in the last 24 hours (perhaps from Shopify's own admin); you can send another tomorrow",
} as const satisfies Record<ReminderRefusal | 'notInvoiced' | 'shopifyDailyLimit', string>;

/**
 * The 429 of a reminder asked for within a day of the last (docs/orders.md#payment-terms): when the next one
 * may go, in UTC (the server does not know the reader's zone; admin Orders also shows it in theirs).
 */
export function paymentReminderCooldownMessage(nextAt: Date): string {
  return `A payment reminder was sent for this order less than a day ago. You can send another after ${formatReminderTime(nextAt)}.`;
}
