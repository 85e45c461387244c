import { z } from 'zod';
import { formatOrderNumber, toOrderStatus } from '../../../shared/orders';
import {
  supportOrderDetailsSchema,
  supportRecentOrderSchema,
  supportUserInfoSchema,
  type SupportOrderDetails,
  type SupportRecentOrder,
} from '../../../shared/schemas/support';
import { type AdminSupportMessage } from '../../../shared/schemas/admin-support';

/**
 * Readers of a support message's stored jsonb (userInfo, recentOrders, orderDetails). What this portal
 * stores passes the shared schemas as it is; rows written before (the spec's `total: 0`, legacy statuses,
 * missing fields) are read field by field with sensible fallbacks, so one odd row never breaks the inbox.
 */

const text = (fallback: string) => z.string().catch(fallback);
const optionalText = z.string().nullable().catch(null);
/** A stored status as read (legacy `submitted` is pending, `completed` delivered, anything else pending). */
const status = z.string().nullish().catch(null).transform(toOrderStatus);
const id = z.number().int();

const lenientUserInfoSchema = z
  .object({
    name: text('Unknown customer'),
    email: text(''),
    phone: text('Not provided'),
    businessName: text(''),
    accountCreated: text(''),
  })
  .catch({
    name: 'Unknown customer',
    email: '',
    phone: 'Not provided',
    businessName: '',
    accountCreated: '',
  });

const lenientRecentOrderSchema = z.object({
  id,
  orderNumber: z.string().optional().catch(undefined),
  date: text(''),
  status,
  // The spec's recent orders carried `total: 0`: a number is read as dollars.
  total: z.union([z.string(), z.number().transform((dollars) => dollars.toFixed(2))]).catch('0.00'),
});

const lenientOrderDetailsSchema = z.object({
  id: id.optional().catch(undefined),
  orderNumber: z.string().optional().catch(undefined),
  status,
  createdAt: text(''),
  customerName: text(''),
  customerEmail: text(''),
  businessName: text(''),
  notes: optionalText,
  shopifyOrderId: optionalText,
});

/** The customer as stored when the message was sent; `id` is the row's user (null once the account is gone). */
export function readStoredCustomer(value: unknown, userId: number | null): AdminSupportMessage['customer'] {
  const strict = supportUserInfoSchema.safeParse(value);
  const info = strict.success ? strict.data : lenientUserInfoSchema.parse(value ?? {});
  return {
    id: userId,
    name: info.name,
    email: info.email,
    phone: info.phone,
    businessName: info.businessName,
    accountCreated: info.accountCreated,
  };
}

/** The recent orders as stored; entries that are not orders at all are left out. */
export function readStoredRecentOrders(value: unknown): SupportRecentOrder[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((entry): SupportRecentOrder[] => {
    const strict = supportRecentOrderSchema.safeParse(entry);
    if (strict.success) return [strict.data];
    const lenient = lenientRecentOrderSchema.safeParse(entry);
    if (!lenient.success) return [];
    const order = lenient.data;
    return [{ ...order, orderNumber: order.orderNumber ?? formatOrderNumber(order.id) }];
  });
}

/** The order the message is about as stored, or null; without an id of its own it takes the row's link. */
export function readStoredOrderDetails(
  value: unknown,
  specificOrderId: number | null,
): SupportOrderDetails | null {
  if (value === null || value === undefined) return null;
  const strict = supportOrderDetailsSchema.safeParse(value);
  if (strict.success) return strict.data;
  const lenient = lenientOrderDetailsSchema.safeParse(value);
  if (!lenient.success) return null;
  const orderId = lenient.data.id ?? specificOrderId;
  if (orderId === null) return null;
  return {
    ...lenient.data,
    id: orderId,
    orderNumber: lenient.data.orderNumber ?? formatOrderNumber(orderId),
  };
}
