import { shippingAddressText } from '../../../shared/addresses';
import { csvHead, toCsvLine } from '../../../shared/csv';
import { centsToDecimal } from '../../../shared/money';
import { owesPayment, paymentStateOf } from '../../../shared/order-rules';
import { formatOrderNumber, shopifyNameLabel, toOrderStatus } from '../../../shared/orders';
import { PAYMENT_STATE_LABELS } from '../../../shared/payment-state';
import type { OrderRow } from '../../db/schema';
import type { OrderKey, OrdersAfterPage } from '../orders';

/**
 * The admin orders export (issue 6 'Orders'): RFC 4180 CSV, one order a row, newest first. 'Payment' is
 * the payment state's words as on screen (docs/orders.md#payment-status), 'Payment due' its due date
 * (yyyy-MM-dd, UTC) while one counts. 'Ship to' is the address in the one format of every output, 'Shopify' the
 * draft's or order's name as staff read it ('Shopify draft #D2', 'Shopify order #1001'); 'Total' a plain
 * decimal, machine-readable (docs/admin.md#orders).
 * Cells a spreadsheet would read as a formula are neutralised (docs/security.md#input-validation).
 */

export const ORDERS_CSV_COLUMNS = [
  'Order',
  'PO Number',
  'Date',
  'Status',
  'Payment',
  'Payment due',
  'Customer',
  'Email',
  'Phone',
  'Business',
  'Ship to',
  'Cases',
  'Total',
  'Shopify',
  'Notes',
] as const;

/** 'yyyy-MM-dd HH:mm' in UTC, whatever the server's time zone. */
export function formatCsvDate(date: Date): string {
  const iso = date.toISOString();
  return `${iso.slice(0, 10)} ${iso.slice(11, 16)}`;
}

function toCsvRow(order: OrderRow, now: Date): string[] {
  const state = paymentStateOf(order, now);
  return [
    formatOrderNumber(order.id),
    order.poNumber ?? '',
    formatCsvDate(order.createdAt),
    toOrderStatus(order.status),
    state ? PAYMENT_STATE_LABELS[state] : '',
    owesPayment(order) && order.paymentDueAt ? order.paymentDueAt.toISOString().slice(0, 10) : '',
    order.customerName,
    order.customerEmail,
    order.customerPhone ?? '',
    order.businessName,
    shippingAddressText(order),
    String(order.totalCases),
    centsToDecimal(order.orderTotal),
    order.shopifyOrderId ? shopifyNameLabel(order.shopifyOrderId) : '',
    order.notes ?? '',
  ];
}

/** Orders read per page of a streamed export: about 75 KB of CSV, a few milliseconds of work each. */
export const ORDERS_CSV_PAGE_ROWS = 500;

/** Reads the page of matching orders after `after` (null: the first page). */
export type OrdersPageReader = (after: OrderKey | null) => Promise<OrdersAfterPage>;

/**
 * The export as it is streamed (docs/admin.md#orders): the header row, then one chunk per page of orders,
 * each page read only when the one before has been taken, so a file of any size holds one page in memory and
 * the event loop serves other requests while each page is read.
 */
export async function* ordersCsvChunks(readPage: OrdersPageReader): AsyncGenerator<string> {
  yield csvHead(ORDERS_CSV_COLUMNS);
  const now = new Date();
  let after: OrderKey | null = null;
  do {
    const page: OrdersAfterPage = await readPage(after);
    if (page.rows.length > 0) yield page.rows.map((order) => toCsvLine(toCsvRow(order, now))).join('');
    after = page.next;
  } while (after !== null);
}

/** orders-2031-03-04.csv: the day of the export (UTC). */
export function ordersCsvFileName(now: Date): string {
  return `orders-${now.toISOString().slice(0, 10)}.csv`;
}
