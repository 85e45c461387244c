import { shippingAddressLines } from '../../../../shared/addresses';
import { describeTier } from '../../../../shared/discounts';
import { formatMoney, formatMoneyOff } from '../../../../shared/money';
import { orderLineCells, type OrderLineCells } from '../../../../shared/order-lines';
import { buildTimeline } from '../../../../shared/order-timeline';
import { ORDER_STATUS_LABELS } from '../../../../shared/orders';
import { safeExternalUrl } from '../../../../shared/external-url';
import { paymentStateText } from '../../../../shared/payment-state';
import { formatDueDate, PAYMENT_TERMS_LABELS } from '../../../../shared/payment-terms';
import { toOrderDetail, toOrderItemView } from '../reads/order-view';
import type { OrderForDocument } from '../reads/orders.repository';

/** A label and its value, one line of the document. */
export type DocumentFact = readonly [label: string, value: string];

export interface DocumentLine extends OrderLineCells {
  product: string;
  sku: string | null;
}

/**
 * What the order PDF says (docs/orders.md#order-pdf), as text, before any layout: order-pdf.ts draws it.
 * Every figure comes from the views the order page shows (order-view.ts) and the shared rules of the page
 * (tier, line cells, timeline, status and terms labels), so the document and the page cannot disagree.
 */
export interface OrderDocument {
  storeName: string;
  /** The seller's contact under its name: 'Questions? help@mist.example'. */
  contact: string;
  orderNumber: string;
  /** Order number, PO number, status, the dates that happened, payment terms and due date. */
  facts: DocumentFact[];
  /** Shopify's invoice ('Pay now') while the order is owed and its invoice is out; https only. */
  payLink: string | null;
  /** The buyer's business, name, e-mail and phone. */
  buyer: string[];
  shipTo: string[];
  lines: DocumentLine[];
  /** Cases, bottles, the tester, standard total, tier, savings, shipping and the total (last). */
  totals: DocumentFact[];
  notes: string | null;
  /** When the document was made, as a day. */
  madeOn: string;
}

/**
 * A day as the order history shows one ('Mar 4, 2031'), in UTC: the server does not know the reader's time
 * zone, and the document says so.
 */
const DAY = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  timeZone: 'UTC',
});
const formatDay = (iso: string) => DAY.format(new Date(iso));

/** Who sells: the store's name and the address buyers write to (SUPPORT_EMAIL), as the e-mails sign. */
export interface DocumentSeller {
  storeName: string;
  supportEmail: string;
}

export function buildOrderDocument(
  { order: row, tierName, items: itemRows }: OrderForDocument,
  seller: DocumentSeller,
  now = new Date(),
): OrderDocument {
  const items = itemRows.map(toOrderItemView);
  const order = toOrderDetail(row, items, now);
  const discounted = Number(order.savings) > 0;
  const tier =
    row.tierId === null && row.discountPercentage === 0
      ? null
      : { name: tierName, discountPercent: order.discountPercentage };

  // 'Approved  Mar 5, 2024 · Processing': the badge's word for where the step led (docs/orders.md#order-vocabulary).
  const dates = buildTimeline(order).flatMap(({ label, status, at }) =>
    at === null ? [] : [[label, status ? `${formatDay(at)} · ${status}` : formatDay(at)] as const],
  );
  // Where the money stands, in the words of every screen (docs/orders.md#payment-status): 'Payment due
  // <date>' while a due date counts, and past it 'Overdue' with the date it was due.
  const dueDate = order.paymentDueAt ? formatDueDate(order.paymentDueAt) : null;
  const payment = order.paymentState
    ? [['Payment status', paymentStateText(order.paymentState, dueDate)] as const]
    : [];
  const wasDue = order.paymentState === 'overdue' && dueDate ? [['Payment was due', dueDate] as const] : [];

  return {
    storeName: seller.storeName,
    contact: `Questions? ${seller.supportEmail}`,
    orderNumber: order.orderNumber,
    facts: [
      ['Order number', order.orderNumber],
      ...(order.poNumber ? [['PO number', order.poNumber] as const] : []),
      ['Status', ORDER_STATUS_LABELS[order.status]],
      ...dates,
      ['Payment terms', PAYMENT_TERMS_LABELS[order.paymentTerms]],
      ...payment,
      ...wasDue,
    ],
    // The order page's own 'Pay now' rule (an approved order whose invoice is out and unpaid: never a paid
    // or cancelled one), with the same https-only check as every link from outside.
    payLink: safeExternalUrl(order.invoiceUrl),
    buyer: [order.businessName, order.customerName, order.customerEmail, order.customerPhone ?? ''].filter(
      Boolean,
    ),
    shipTo: shippingAddressLines(order),
    lines: items.map((item) => ({
      product: item.name,
      sku: item.sku,
      ...orderLineCells(item),
    })),
    totals: [
      ['Cases', String(order.totalCases)],
      ['Bottles', String(order.totalUnits)],
      ...(items.some((item) => item.unit === 'tester') ? [['Free tester', 'Included'] as const] : []),
      ...(discounted ? [['Standard total', formatMoney(order.standardTotal)] as const] : []),
      ['Tier', describeTier(tier)],
      ...(discounted ? [['Savings', formatMoneyOff(order.savings)] as const] : []),
      ['Shipping', 'Free'],
      ['Total', formatMoney(order.orderTotal)],
    ],
    notes: order.notes?.trim() || null,
    madeOn: formatDay(now.toISOString()),
  };
}
