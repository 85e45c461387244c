import { MAX_ID } from './limits';
import type { OrderStatus } from './schemas/orders';

/** The portal's order reference: WO-1001 for order 1 (docs/orders.md#order-numbers). */
export const ORDER_NUMBER_PREFIX = 'WO-';
const ORDER_NUMBER_OFFSET = 1000;

export function formatOrderNumber(orderId: number): string {
  return `${ORDER_NUMBER_PREFIX}${orderId + ORDER_NUMBER_OFFSET}`;
}

/**
 * How staff read an order's Shopify name (docs/orders.md#order-numbers): a draft's name ('#D2', Shopify's
 * draft names are 'D' and a number) is 'Shopify draft #D2', an order's ('#1001') is 'Shopify order #1001'.
 * Buyers never see either: they know the order only by its number, formatOrderNumber.
 */
export function shopifyNameLabel(name: string): string {
  const trimmed = name.trim();
  return /^#?D\d+$/i.test(trimmed) ? `Shopify draft ${trimmed}` : `Shopify order ${trimmed}`;
}

/** Where an order's PDF downloads from (docs/orders.md#order-pdf): the customer's own order, and staff's copy. */
export const orderPdfPath = (orderId: number) => `/api/orders/${orderId}/pdf`;
export const adminOrderPdfPath = (orderId: number) => `/api/admin/orders/${orderId}/pdf`;

const inIdRange = (id: number) => (id >= 1 && id <= MAX_ID ? id : null);

/** An order id written in digits ('42'), or null when it cannot be one: an address's id, a draft's attribute. */
export function parseOrderId(text: string | null | undefined): number | null {
  return text && /^\d{1,10}$/.test(text) ? inIdRange(Number(text)) : null;
}

/** 'WO-1042' (any case, the dash optional) as the order id it names (42), or null. formatOrderNumber's inverse. */
export function parseOrderNumber(text: string): number | null {
  const match = /^wo-?(\d{1,10})$/i.exec(text.trim());
  return match?.[1] ? inIdRange(Number(match[1]) - ORDER_NUMBER_OFFSET) : null;
}

/**
 * The order a person or a Shopify draft names in text: its id ('42', or '#42' as staff write it) or its
 * number ('WO-1042'), spaces around it ignored; null for anything else or an id out of range.
 */
export function parseOrderReference(text: string): number | null {
  const trimmed = text.trim();
  return parseOrderId(trimmed.replace(/^#/, '')) ?? parseOrderNumber(trimmed);
}

/**
 * What the stored `status` column may hold for each status as read (docs/orders.md#legacy-status-values):
 * besides the status itself, legacy `submitted` is pending and legacy `completed` is delivered. The admin
 * status filter looks for all of a status's stored values; toOrderStatus reads them back.
 */
export const STORED_ORDER_STATUSES: Readonly<Record<OrderStatus, readonly string[]>> = {
  awaiting_confirmation: ['awaiting_confirmation'],
  pending: ['pending', 'submitted'],
  on_hold: ['on_hold'],
  processing: ['processing'],
  shipped: ['shipped'],
  delivered: ['delivered', 'completed'],
  cancelled: ['cancelled'],
};

/**
 * Every value the stored `status` column may hold, the statuses first and then the legacy values: the check
 * constraint orders_status_check.
 */
export const STORED_ORDER_STATUS_VALUES: readonly string[] = [
  ...Object.keys(STORED_ORDER_STATUSES),
  ...Object.values(STORED_ORDER_STATUSES)
    .flat()
    .filter((value) => !(value in STORED_ORDER_STATUSES)),
];

const STATUS_OF_STORED = new Map<string, OrderStatus>(
  (Object.entries(STORED_ORDER_STATUSES) as Array<[OrderStatus, readonly string[]]>).flatMap(
    ([status, stored]) => stored.map((value) => [value, status] as const),
  ),
);

/** The status a stored value reads as (legacy values included, STORED_ORDER_STATUSES), or null for no status. */
export function knownOrderStatus(stored: string | null | undefined): OrderStatus | null {
  return STATUS_OF_STORED.get(stored ?? '') ?? null;
}

/**
 * A stored status as the customer reads it (docs/orders.md#legacy-status-values): legacy `submitted` is
 * pending, legacy `completed` is delivered, a missing or unknown one is pending.
 */
export function toOrderStatus(stored: string | null | undefined): OrderStatus {
  return knownOrderStatus(stored) ?? 'pending';
}

/**
 * The order's vocabulary, decided once (docs/orders.md#order-vocabulary). What each status is called
 * wherever an order is shown: the badge, the admin select and filter, the progress tracker, the CSV, the
 * PDF, the e-mails and the order context of a support message. Staff approve an order by moving it to
 * Processing; the timeline's events say what happened and, where its name differs, which status it led to.
 */
export const ORDER_STATUS_LABELS: Readonly<Record<OrderStatus, string>> = {
  awaiting_confirmation: 'Awaiting your confirmation',
  pending: 'Pending',
  on_hold: 'On hold',
  processing: 'Processing',
  shipped: 'Shipped',
  delivered: 'Delivered',
  cancelled: 'Cancelled',
};

/**
 * Staff read the statuses as buyers do, but for the one addressed to the buyer: staff see who it waits for
 * (docs/orders.md#staff-prepare-an-order).
 */
export const STAFF_ORDER_STATUS_LABELS: Readonly<Record<OrderStatus, string>> = {
  ...ORDER_STATUS_LABELS,
  awaiting_confirmation: "Awaiting buyer's confirmation",
};

/** What each status means to the buyer: the tracker's message, the e-mails' first sentence. */
export const ORDER_STATUS_MESSAGES: Readonly<Record<OrderStatus, string>> = {
  awaiting_confirmation: 'Our team prepared this order for you. Please confirm or decline it.',
  pending: 'Your order has been submitted and is waiting for approval.',
  on_hold: 'Your order is on hold. Our team will be in touch.',
  processing: 'Your order has been approved and is being prepared.',
  shipped: 'Your order is on its way.',
  delivered: 'Your order has been delivered.',
  cancelled: 'This order has been cancelled and will not be shipped.',
};

/** The events of an order's timeline, in order, and the status each one moves the order to (if any). */
export const ORDER_EVENTS = {
  prepared: { label: 'Prepared by staff', status: 'awaiting_confirmation' },
  confirmed: { label: 'Confirmed', status: 'pending' },
  submitted: { label: 'Submitted', status: 'pending' },
  approved: { label: 'Approved', status: 'processing' },
  invoiceSent: { label: 'Invoice sent', status: null },
  paid: { label: 'Paid', status: null },
  shipped: { label: 'Shipped', status: 'shipped' },
  delivered: { label: 'Delivered', status: 'delivered' },
  cancelled: { label: 'Cancelled', status: 'cancelled' },
  declined: { label: 'Declined', status: 'cancelled' },
  expired: { label: 'Expired unconfirmed', status: 'cancelled' },
} as const satisfies Record<string, { label: string; status: OrderStatus | null }>;

export type OrderEvent = keyof typeof ORDER_EVENTS;

/**
 * The status an event led to, when its name is not already the status's ('Approved' → 'Processing',
 * 'Submitted' → 'Pending'); null otherwise. Ties the timeline's words to the badge's.
 */
export function statusNoteOf(event: OrderEvent): string | null {
  const { label, status } = ORDER_EVENTS[event];
  if (status === null) return null;
  const statusLabel = ORDER_STATUS_LABELS[status];
  return statusLabel === label ? null : statusLabel;
}
