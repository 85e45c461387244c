import { z } from 'zod';
import { MAX_CHANGE_REASON_LENGTH, MAX_ID, MAX_NOTES_LENGTH } from '../limits';
import { idSchema, quantitySchema } from './pricing';
import { idempotencyKeySchema, optionalLines, poNumberSchema } from './orders';
import { adminOrderSchema } from './admin-orders';

/*
 * Contracts of orders that change hands (docs/orders.md#orders-that-change-hands): staff prepare an order for
 * a buyer, who confirms or declines it; staff and buyers change a pending order's lines; every change names
 * the version of the order it was made from (docs/orders.md#concurrent-changes).
 */

const versionSchema = z.number({ message: 'version is required' }).int().positive().max(MAX_ID);

/** A line as a change sends it: the product and its quantity (prices are the server's, never the client's). */
export const orderLineChangeSchema = z.object({ productId: idSchema, quantity: quantitySchema }).strict();
export const orderLinesSchema = z.array(orderLineChangeSchema).max(100, 'has too many items');

/** The longest reason a person may give for a change or a decline. */
export { MAX_CHANGE_REASON_LENGTH };

/** PUT /api/orders/{id}/items: the buyer's 'Save changes' on their pending order. */
export const editOrderRequestSchema = z.object({ version: versionSchema, items: orderLinesSchema }).strict();

/** PUT /api/admin/orders/{id}/items: staff change the lines before approval; the reason is required. */
export const staffEditOrderRequestSchema = z
  .object({
    version: versionSchema,
    items: orderLinesSchema,
    reason: z
      .string({ message: 'reason is required' })
      .trim()
      .min(1, 'reason is required')
      .max(MAX_CHANGE_REASON_LENGTH, `must be at most ${MAX_CHANGE_REASON_LENGTH} characters`),
  })
  .strict();

/** POST /api/orders/{id}/confirm: the buyer confirms an order staff prepared. */
export const confirmOrderRequestSchema = z.object({ version: versionSchema }).strict();

/** POST /api/orders/{id}/decline: the buyer declines it, with an optional reason staff are told. */
export const declineOrderRequestSchema = z
  .object({ version: versionSchema, reason: optionalLines(MAX_CHANGE_REASON_LENGTH) })
  .strict();

/**
 * POST /api/admin/orders: staff prepare an order for a buyer (`userId`, an owner or buyer of an approved
 * company) at one of their locations (none: their first). `note` is shown to the buyer; `approveOnConfirm`
 * approves it at once when the buyer confirms it.
 */
export const prepareOrderRequestSchema = z
  .object({
    userId: idSchema,
    locationId: z.optional(idSchema),
    items: orderLinesSchema,
    note: optionalLines(MAX_NOTES_LENGTH),
    poNumber: poNumberSchema,
    approveOnConfirm: z.boolean().default(false),
    /**
     * A key the dialog makes once per opening (random, 8 to 200 visible characters): sent again, by a retry
     * or a second press, it answers with the order already prepared instead of a second one.
     */
    requestKey: idempotencyKeySchema.optional(),
  })
  .strict();
export type PrepareOrderRequest = z.input<typeof prepareOrderRequestSchema>;
export type PrepareOrderData = z.output<typeof prepareOrderRequestSchema>;

export const prepareOrderResponseSchema = z.object({
  orderId: z.number().int(),
  orderNumber: z.string(),
  /** When it expires unless the buyer confirms it. */
  confirmationExpiresAt: z.string(),
});
export type PrepareOrderResponse = z.infer<typeof prepareOrderResponseSchema>;

/** What a change of hands is refused with (docs/orders.md#orders-that-change-hands). */
export const ORDER_HANDS_MESSAGES = {
  noLines: 'An order needs at least one line. To drop the whole order, use Cancel order.',
  buyerNotEditable:
    'This order has already been approved, so it can no longer be changed here. Please use Report Issue.',
  invoiced:
    'This order has already been invoiced, so it can no longer be changed. Cancel it and create a new order instead.',
  staffNotEditable:
    'Only an order that is pending or awaiting confirmation can be changed. Cancel it and create a new order instead.',
  notAwaiting: 'This order is no longer waiting for your confirmation.',
  expired: 'This order expired before it was confirmed. Please contact us if you still want it.',
  awaitingNeedsBuyer:
    "An order awaiting the buyer's confirmation can only be cancelled here: the buyer confirms or declines it.",
  notAwaitable: 'Only a prepared order awaits confirmation: use New order to prepare one.',
  neverConfirmed:
    'This order was prepared by staff and never confirmed by the buyer, so it cannot be brought back. Prepare a new order instead.',
  confirmFirst: 'This order is waiting for your confirmation: confirm or decline it first.',
  notOrderer: 'This person cannot order for their company (a viewer, or not an approved customer).',
} as const;

/** PUT /api/admin/orders/{id}/items's answer: what happened, and the order's row as it now stands. */
export const staffEditOrderResponseSchema = z.object({ message: z.string(), order: adminOrderSchema });
export type StaffEditOrderResponse = z.infer<typeof staffEditOrderResponseSchema>;

/**
 * GET /api/admin/orders/orderers?search=: the people staff may prepare an order for (owners and buyers of
 * approved companies, approved and not disabled), found by name, e-mail or company; at most 20.
 */
export const orderersQuerySchema = z
  .object({ search: z.string().trim().max(200, 'must be at most 200 characters').optional() })
  .strict();
export const ordererSchema = z.object({
  userId: z.number().int(),
  name: z.string(),
  email: z.string(),
  companyId: z.number().int(),
  companyName: z.string(),
  companyRole: z.enum(['owner', 'buyer']),
  /** The locations they order for, their first (the default) first. */
  locations: z.array(z.object({ id: z.number().int(), name: z.string() })),
});
export type Orderer = z.infer<typeof ordererSchema>;
export const orderersResponseSchema = z.object({ orderers: z.array(ordererSchema) });
export type OrderersResponse = z.infer<typeof orderersResponseSchema>;

/** A prepared order unconfirmed this long gets one reminder, and this long after it was prepared it expires. */
export const PREPARED_ORDER_REMINDER_DAYS = 7;
export const PREPARED_ORDER_EXPIRY_DAYS = 14;
