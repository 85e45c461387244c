import { z } from 'zod';
import { PAYMENT_STATES } from '../order-rules';
import { PAYMENT_TERMS } from '../payment-terms';
import { emailSchema, INVALID_EMAIL_MESSAGE } from './auth';
import { sentence } from './messages';
import { multiLine, oneLine, oneLineText } from './text';
import { idSchema, quantitySchema } from './pricing';
import { MAX_NOTES_LENGTH, MAX_PO_NUMBER_LENGTH } from '../limits';

/**
 * Contracts of ordering (docs/orders.md#order-api, docs/orders.md#submission, docs/orders.md#reorder):
 * submission, history, detail and reorder. Money leaves the server as decimal strings with two decimals
 * (`"127.80"`), as the spec's order item `price (string)`, plus a number where the spec asks for one
 * (`priceForCalculation`).
 */

/** The customer rules of docs/orders.md#submission-rules, word for word. */
export const ORDER_CUSTOMER_MESSAGES = {
  fullName: sentence('Full name is required'),
  email: INVALID_EMAIL_MESSAGE,
  businessName: sentence('Business name is required'),
} as const;

/** The idempotency header of POST /api/create-draft-order (docs/orders.md#idempotency). */
export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';
/** 8 to 200 visible ASCII characters: a UUID, or any client-made random string. */
export const idempotencyKeySchema = z
  .string()
  .regex(/^[\x21-\x7e]{8,200}$/, 'must be 8 to 200 visible ASCII characters');

/*
 * Every text of the submission follows the one text rule (shared/text-rules.ts, docs/security.md#input-validation):
 * names, phone and address lines are one line of printable text; the notes and the combined address strings
 * (lines joined by line breaks) may run over several lines but hold no bidi control or invisible character.
 */

/** Optional one-line text: blank or absent is null. */
const optionalLine = (max: number) =>
  oneLineText(max)
    .nullish()
    .transform((value) => value || null);

/** Optional text over several lines: blank or absent is null. */
export const optionalLines = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `must be at most ${max} characters`)
    .superRefine(multiLine())
    .nullish()
    .transform((value) => value || null);

/** One line of text, required: names go into e-mails, the PDF and the CSV. */
const requiredLine = (max: number, message: string) =>
  z
    .string({ message })
    .trim()
    .min(1, message)
    .max(max, `must be at most ${max} characters`)
    .superRefine(oneLine());

export const PO_NUMBER_MESSAGES = {
  tooLong: `must be at most ${MAX_PO_NUMBER_LENGTH} characters`,
  unprintable: 'must not contain control characters or line breaks',
} as const;

/**
 * The buyer's own purchase-order number (issue 20, docs/orders.md#submission): optional, trimmed, up to 60
 * printable characters on one line; empty or absent is null. Shown back to the buyer and staff, in both
 * order e-mails, the admin CSV and as the Shopify draft's `poNumber`.
 */
export const poNumberSchema = z
  .string({ message: 'must be text' })
  .trim()
  .max(MAX_PO_NUMBER_LENGTH, PO_NUMBER_MESSAGES.tooLong)
  // The one-line rule, with the PO number's own message for all of it (docs/storefront.md quotes it).
  .superRefine(
    oneLine({ lineBreak: PO_NUMBER_MESSAGES.unprintable, unprintable: PO_NUMBER_MESSAGES.unprintable }),
  )
  .nullish()
  .transform((value) => value || null);

/**
 * The submission's customer (docs/orders.md#submission). Only name, e-mail and business are rules
 * (docs/orders.md#submission-rules); the rest is optional. The split shipping lines are this portal's
 * addition (sent by the review page from the profile) so the order keeps an address Shopify can read; without
 * them the profile's are used.
 */
export const orderCustomerSchema = z.object({
  customerName: requiredLine(200, ORDER_CUSTOMER_MESSAGES.fullName),
  customerEmail: emailSchema,
  customerPhone: optionalLine(50),
  businessName: requiredLine(200, ORDER_CUSTOMER_MESSAGES.businessName),
  shippingAddress: optionalLines(1000),
  billingAddress: optionalLines(1000),
  shippingAddressLine1: optionalLine(200),
  shippingAddressLine2: optionalLine(200),
  city: optionalLine(100),
  state: optionalLine(100),
  zip: optionalLine(20),
  country: oneLineText(60)
    .nullish()
    .transform((value) => value || 'US'),
});
export type OrderCustomer = z.infer<typeof orderCustomerSchema>;
export type OrderCustomerInput = z.input<typeof orderCustomerSchema>;

/**
 * A submitted line. Quantity in the pricing engine's units (ADR 0008): bottles, bundles for 800-0004, 1 for
 * the tester. `price`, `name`, `sku`, `imageUrl` and `shopifyVariantId` are informational: the server
 * recomputes every price and reads names from its catalogue.
 */
export const orderItemInputSchema = z.object({
  productId: idSchema,
  quantity: quantitySchema,
  price: z.number().optional(),
  name: z.string().max(500).optional(),
  sku: z.string().max(100).optional(),
  imageUrl: z.string().max(2000).nullish(),
  shopifyVariantId: z.string().max(200).nullish(),
});
export type OrderItemInput = z.input<typeof orderItemInputSchema>;

const orderItemsSchema = z.array(orderItemInputSchema).max(100, 'has too many items');

/**
 * POST /api/create-draft-order (docs/orders.md#submission). `items` is the alternate name of
 * `orderItems`. `testMode` is accepted and ignored: the server decides it. Anything else (an owner id, a
 * status, a total) is dropped, never honoured.
 */
export const createDraftOrderRequestSchema = z
  .object({
    customer: orderCustomerSchema,
    orderItems: orderItemsSchema.optional(),
    items: orderItemsSchema.optional(),
    notes: optionalLines(MAX_NOTES_LENGTH),
    poNumber: poNumberSchema,
    /** The company location it ships to (docs/companies.md#locations); none: the person's first. */
    locationId: z.optional(idSchema),
    testMode: z.boolean().optional(),
  })
  .refine((body) => body.orderItems !== undefined || body.items !== undefined, {
    message: 'orderItems is required',
    path: ['orderItems'],
  });
export type CreateDraftOrderRequest = z.input<typeof createDraftOrderRequestSchema>;

/**
 * The draft order response (docs/orders.md#submission). `invoiceUrl` is null until staff approve
 * (docs/orders.md#approval-and-payment).
 */
export const createDraftOrderResponseSchema = z.object({
  success: z.literal(true),
  error: z.null(),
  orderName: z.string(),
  orderId: z.number().int(),
  invoiceUrl: z.string().nullable(),
  testMode: z.boolean(),
});
export type CreateDraftOrderResponse = z.infer<typeof createDraftOrderResponseSchema>;

/**
 * Statuses as the customer reads them (docs/orders.md#legacy-status-values: legacy submitted → pending,
 * completed → delivered).
 */
export const orderStatusSchema = z.enum([
  'awaiting_confirmation',
  'pending',
  'on_hold',
  'processing',
  'shipped',
  'delivered',
  'cancelled',
]);
export type OrderStatus = z.infer<typeof orderStatusSchema>;
export const PAYMENT_STATUSES = ['unpaid', 'invoice_sent', 'paid'] as const;
export const paymentStatusSchema = z.enum(PAYMENT_STATUSES);
export type PaymentStatus = z.infer<typeof paymentStatusSchema>;
/** Where an order's money stands (shared/order-rules.ts paymentStateOf); null on a cancelled order never paid. */
export const paymentStateSchema = z.enum(PAYMENT_STATES).nullable();
/** Whether the order is in Shopify (docs/orders.md#shopify-sync-status). */
export const SHOPIFY_SYNC_STATUSES = ['not_required', 'pending', 'synced', 'failed'] as const;
export const shopifySyncStatusSchema = z.enum(SHOPIFY_SYNC_STATUSES);

const isoDate = z.string();
const money = z.string().regex(/^-?\d+\.\d{2}$/);

/**
 * An order line as the customer sees it (docs/orders.md#what-an-order-stores). `quantity` is in the
 * line's `unit` (ADR 0008); `units` is the bottles it ships (0 for the tester); `caseCount` is null for the
 * tester. `price` is per unit of `unit`.
 */
export const orderItemViewSchema = z.object({
  id: z.number().int(),
  productId: z.number().int(),
  name: z.string(),
  productName: z.string(),
  sku: z.string().nullable(),
  unit: z.enum(['bottle', 'bundle', 'tester']),
  quantity: z.number().int(),
  units: z.number().int(),
  caseCount: z.number().int().nullable(),
  price: money,
  priceForCalculation: z.number(),
  lineTotal: money,
  imageUrl: z.string().nullable(),
  shopifyVariantId: z.string().nullable(),
});
export type OrderItemView = z.infer<typeof orderItemViewSchema>;

/** An order in the history list (docs/orders.md#order-api plus its number, counts and total). */
export const orderSummarySchema = z.object({
  id: z.number().int(),
  /** The portal's order reference, e.g. WO-1001. */
  orderNumber: z.string(),
  status: orderStatusSchema,
  paymentStatus: paymentStatusSchema,
  createdAt: isoDate,
  updatedAt: isoDate,
  shopifyOrderId: z.string().nullable(),
  customerName: z.string(),
  customerEmail: z.string(),
  customerPhone: z.string().nullable(),
  businessName: z.string(),
  notes: z.string().nullable(),
  /** The buyer's purchase-order number, as submitted (issue 20). */
  poNumber: z.string().nullable(),
  /** The terms the order was submitted under (docs/orders.md#payment-terms). */
  paymentTerms: z.enum(PAYMENT_TERMS),
  /** Net terms: when payment falls due, set at approval; null otherwise. */
  paymentDueAt: isoDate.nullable(),
  /** Unpaid past its due date. */
  paymentOverdue: z.boolean(),
  /** Where the money stands (docs/orders.md#payment-status). */
  paymentState: paymentStateSchema,
  /** The Shopify invoice ('Pay now'), only while an invoice is out and unpaid on an approved order. */
  invoiceUrl: z.string().nullable(),
  totalCases: z.number().int(),
  totalUnits: z.number().int(),
  orderTotal: money,
  /**
   * Who of the company placed the order: their id and name ('First Last', else their username); null when
   * the account is gone (docs/companies.md#orders).
   */
  placedBy: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  /** The company location it ships to; null for orders from before locations, or a removed location. */
  location: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  items: z.array(orderItemViewSchema),
});
export type OrderSummary = z.infer<typeof orderSummarySchema>;

/** GET /api/orders?page=&limit= (docs/orders.md#order-api: page size 5). */
export const ORDERS_PAGE_SIZE = 5;
export const MAX_ORDERS_PAGE_SIZE = 50;
export const orderListQuerySchema = z
  .object({
    page: z.optional(idSchema).default(1),
    limit: z
      .pipe(idSchema, z.number().max(MAX_ORDERS_PAGE_SIZE, `must be at most ${MAX_ORDERS_PAGE_SIZE}`))
      .optional()
      .default(ORDERS_PAGE_SIZE),
    /** Only the orders of this company location (docs/companies.md#orders). */
    location: z.optional(idSchema),
  })
  .strict();
export const orderListResponseSchema = z.object({
  orders: z.array(orderSummarySchema),
  /** 0 when the customer has no orders. */
  totalPages: z.number().int(),
  page: z.number().int(),
  total: z.number().int(),
});
export type OrderListResponse = z.infer<typeof orderListResponseSchema>;

/** One line of a change: its quantity before and after (0 before: added; 0 after: removed). */
export const orderLineDiffSchema = z.object({
  productId: z.number().int(),
  name: z.string(),
  before: z.number().int(),
  after: z.number().int(),
});
export type OrderLineDiff = z.infer<typeof orderLineDiffSchema>;

/** A change of an order's lines, as the order page and the e-mails show it. */
export const orderChangeSchema = z.object({
  at: z.string(),
  /** Who changed it: staff (named as the store's staff to the buyer) or a buyer of the company. */
  by: z.enum(['staff', 'buyer']),
  /** The buyer's name when a buyer changed it; null for staff. */
  buyerName: z.string().nullable(),
  reason: z.string().nullable(),
  lines: z.array(orderLineDiffSchema),
  totalBefore: money,
  totalAfter: money,
});
export type OrderChange = z.infer<typeof orderChangeSchema>;

/** What the order page shows of an order staff prepared (null for an order the buyer placed). */
export const preparedOrderSchema = z.object({
  /** The note staff wrote to the buyer. */
  note: z.string().nullable(),
  /** When it expires unless confirmed (14 days after it was prepared). */
  expiresAt: z.string(),
  confirmedAt: z.string().nullable(),
  confirmedBy: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  declinedAt: z.string().nullable(),
  declineReason: z.string().nullable(),
  expiredAt: z.string().nullable(),
});
export type PreparedOrder = z.infer<typeof preparedOrderSchema>;

/**
 * Everything the detail page shows: the timeline's dates (docs/orders.md#order-timeline), address, tracking,
 * totals.
 */
export const orderDetailSchema = orderSummarySchema.omit({ items: true }).extend({
  standardTotal: money,
  savings: money,
  /** Percent, e.g. 7 or 7.5. */
  discountPercentage: z.number(),
  shippingAddress: z.string().nullable(),
  shippingAddressLine1: z.string().nullable(),
  shippingAddressLine2: z.string().nullable(),
  shippingCity: z.string().nullable(),
  shippingState: z.string().nullable(),
  shippingZip: z.string().nullable(),
  shippingCountry: z.string().nullable(),
  approvedAt: isoDate.nullable(),
  invoiceSentAt: isoDate.nullable(),
  paidAt: isoDate.nullable(),
  shippedAt: isoDate.nullable(),
  deliveredAt: isoDate.nullable(),
  cancelledAt: isoDate.nullable(),
  /** The buyer who cancelled it while it waited for approval; null when staff did (or it is not cancelled). */
  cancelledBy: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  /** What a change to the order names as the order it was made from (docs/orders.md#concurrent-changes). */
  version: z.number().int(),
  /** Staff prepared it for the buyer to confirm (docs/orders.md#staff-prepare-an-order); null otherwise. */
  prepared: preparedOrderSchema.nullable(),
  /** Every change of its lines since it was placed, oldest first (docs/orders.md#changing-a-pending-order). */
  changes: z.array(orderChangeSchema),
  /** Why the order is on hold (docs/credit.md#credit-hold-at-approval); null unless it is. */
  holdReason: z.string().nullable(),
  trackingNumber: z.string().nullable(),
  trackingUrl: z.string().nullable(),
  trackingCompany: z.string().nullable(),
});
export type OrderDetail = z.infer<typeof orderDetailSchema>;

/** What a buyer's change to their own order is refused with (docs/orders.md#buyers-cancel-a-pending-order). */
export const ORDER_CHANGE_MESSAGES = {
  notPending:
    'This order has already been approved, so it can no longer be cancelled here. Please use Report Issue.',
  alreadyCancelled: 'This order is already cancelled.',
  changed:
    'This order has changed since you opened it. It is shown as it stands now: please check it and try again.',
} as const;

/** POST /api/orders/{id}/cancel: the version of the order the buyer saw. */
export const cancelOrderRequestSchema = z
  .object({ version: z.number({ message: 'version is required' }).int().positive().max(2_147_483_647) })
  .strict();

/** GET /api/orders/{id} (docs/orders.md#order-api). */
export const orderDetailResponseSchema = z.object({
  order: orderDetailSchema,
  items: z.array(orderItemViewSchema),
  orderTotal: money,
});
export type OrderDetailResponse = z.infer<typeof orderDetailResponseSchema>;

export const orderParamsSchema = z.object({ id: idSchema });

/**
 * POST /api/orders/{id}/reorder (docs/orders.md#reorder): the old lines at TODAY's prices
 * (`price` per unit in dollars, at the tier the reordered cart reaches), and the lines that cannot be
 * reordered (product gone or inactive), reported rather than added.
 */
export const reorderItemSchema = z.object({
  productId: z.number().int(),
  quantity: z.number().int(),
  price: z.number(),
  productName: z.string(),
  sku: z.string(),
  imageUrl: z.string().nullable(),
  shopifyVariantId: z.string().nullable(),
});
export const reorderResponseSchema = z.object({
  order: z.object({ id: z.number().int(), orderNumber: z.string() }),
  id: z.number().int(),
  items: z.array(reorderItemSchema),
  unavailable: z.array(
    z.object({ productId: z.number().int(), productName: z.string(), sku: z.string().nullable() }),
  ),
});
export type ReorderResponse = z.infer<typeof reorderResponseSchema>;
