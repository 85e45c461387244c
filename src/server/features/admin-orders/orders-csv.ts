import { buildCsv } from '../../../shared/csv';
import { centsToDecimal } from '../../../shared/money';
import { formatOrderNumber, toOrderStatus } from '../../../shared/orders';
import type { OrderRow } from '../../db/schema';

/**
 * The admin orders export (issue 6 'Orders'): RFC 4180 CSV, one order a row, newest first.
 * Cells a spreadsheet would read as a formula are neutralised (docs/security.md#input-validation).
 */

export const ORDERS_CSV_COLUMNS = [
  'Order',
  'PO Number',
  'Date',
  'Status',
  'Payment',
  'Customer',
  'Email',
  'Phone',
  'Business',
  'Cases',
  'Total',
  'Shopify order',
  'Notes',
] as const;

/** 'yyyy-MM-dd HH:mm' in UTC, whatever the server's time zone. */
export function formatCsvDate(date: Date): string {
  const iso = date.toISOString();
  return `${iso.slice(0, 10)} ${iso.slice(11, 16)}`;
}

function toCsvRow(order: OrderRow): string[] {
  return [
    formatOrderNumber(order.id),
    order.poNumber ?? '',
    formatCsvDate(order.createdAt),
    toOrderStatus(order.status),
    order.paymentStatus,
    order.customerName,
    order.customerEmail,
    order.customerPhone ?? '',
    order.businessName,
    String(order.totalCases),
    centsToDecimal(order.orderTotal),
    order.shopifyOrderId ?? '',
    order.notes ?? '',
  ];
}

export function buildOrdersCsv(orders: readonly OrderRow[]): string {
  return buildCsv(ORDERS_CSV_COLUMNS, orders.map(toCsvRow));
}

/** orders-2031-03-04.csv: the day of the export (UTC). */
export function ordersCsvFileName(now: Date): string {
  return `orders-${now.toISOString().slice(0, 10)}.csv`;
}
