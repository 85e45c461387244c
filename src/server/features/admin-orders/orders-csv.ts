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

/** Excel reads a UTF-8 file as UTF-8 only with a byte-order mark; other readers skip it. */
const BYTE_ORDER_MARK = '\uFEFF';
const LINE_END = '\r\n';

/**
 * A cell that starts with = + - @ tab or CR is read as a formula by Excel, LibreOffice and Google Sheets
 * (some importers first trim leading spaces, so spaces before them count too); a leading single quote makes
 * it text (OWASP CSV injection; ASVS 5.0 1.2.10).
 */
export function neutraliseFormula(value: string): string {
  return /^[ ]*[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

/** RFC 4180: a field with a comma, quote, CR or LF is quoted, its quotes doubled. */
export function quoteCsvField(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value;
}

export function toCsvCell(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  return quoteCsvField(neutraliseFormula(String(value)));
}

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
  const lines = [ORDERS_CSV_COLUMNS, ...orders.map(toCsvRow)].map((cells) => cells.map(toCsvCell).join(','));
  return BYTE_ORDER_MARK + lines.join(LINE_END) + LINE_END;
}

/** orders-2031-03-04.csv: the day of the export (UTC). */
export function ordersCsvFileName(now: Date): string {
  return `orders-${now.toISOString().slice(0, 10)}.csv`;
}
