import type { Cents } from '../../src/shared/money';
import { draftTotals } from './draft-totals';
import { formatMoney } from './money';
import { isPastDue } from './payment-terms';
import type { FakeDraftOrder, FakeOrder } from './state';
import type { FakeStore } from './store';

/**
 * The customer's pages when the fake serves them itself (invoiceBaseUrl 'self'), each with one 'Pay now'
 * button that stands in for Shopify's checkout: a draft order's invoice page (paying completes the draft
 * into a paid order) and an order's status page (paying a payment pending order on terms). The webhooks
 * follow (fake-shopify.ts).
 */

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char] ?? char,
  );

interface PageLine {
  title: string;
  variantTitle: string | null;
  sku: string | null;
  quantity: number;
  unitPrice: Cents;
  total: Cents;
}

const payButton = (payPath: string) =>
  `<form method="post" action="${escapeHtml(payPath)}"><button type="submit">Pay now</button></form>`;

function renderPage(
  store: FakeStore,
  page: { heading: string; email: string | null; lines: PageLine[]; total: Cents; currency: string },
  details: string,
): string {
  const rows = page.lines
    .map((line) => {
      const title = line.variantTitle ? `${line.title} - ${line.variantTitle}` : line.title;
      return `<tr><td>${escapeHtml(title)}${line.sku ? ` <small>(${escapeHtml(line.sku)})</small>` : ''}</td><td>${line.quantity}</td><td>${formatMoney(line.unitPrice)}</td><td>${formatMoney(line.total)}</td></tr>`;
    })
    .join('\n');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(page.heading)} · ${escapeHtml(store.shop.name)}</title>
<style>
body{font-family:system-ui,sans-serif;max-width:40rem;margin:2rem auto;padding:0 1rem;color:#222}
table{width:100%;border-collapse:collapse}td,th{padding:.4rem;border-bottom:1px solid #ddd;text-align:left}
button{font-size:1.1rem;padding:.6rem 1.4rem;background:#1a73e8;color:#fff;border:0;border-radius:.4rem;cursor:pointer}
.note{color:#666;font-size:.85rem}
</style>
</head>
<body>
<p class="note">${escapeHtml(store.shop.name)} — fake Shopify checkout (no real payment is taken)</p>
<h1>${escapeHtml(page.heading)}</h1>
${page.email ? `<p>For ${escapeHtml(page.email)}</p>` : ''}
<table>
<thead><tr><th>Item</th><th>Qty</th><th>Price</th><th>Total</th></tr></thead>
<tbody>
${rows}
</tbody>
</table>
<p><strong>Total: ${formatMoney(page.total)} ${escapeHtml(page.currency)}</strong></p>
${details}
</body>
</html>
`;
}

export function renderCheckoutPage(store: FakeStore, draft: FakeDraftOrder, payPath: string): string {
  const totals = draftTotals(store, draft);
  const order = draft.orderId === null ? undefined : store.orders.get(draft.orderId);
  const lines = draft.lineItems.map((line) => {
    const prices = totals.lines.get(line.id);
    return { ...line, unitPrice: prices?.unitPrice ?? 0, total: prices?.discountedTotal ?? 0 };
  });
  const action = order
    ? `<p role="status"><strong>Thank you for your purchase!</strong> This invoice has been paid: order ${escapeHtml(`#${order.number}`)}.</p>`
    : payButton(payPath);
  const page = { heading: `Invoice #D${draft.number}`, email: draft.email, lines, total: totals.total };
  return renderPage(store, { ...page, currency: draft.currencyCode }, action);
}

const dueDate = (ms: number) =>
  new Date(ms).toLocaleDateString('en-US', {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    timeZone: 'UTC',
  });

/** The order status page: its payment terms and due date, and 'Pay now' while payment is pending. */
export function renderOrderStatusPage(store: FakeStore, order: FakeOrder, payPath: string): string {
  const lines = order.lineItems.map((line) => ({
    ...line,
    total: line.unitPrice * line.quantity - line.discount,
  }));
  const terms = order.paymentTerms;
  const schedule = terms?.schedules[0];
  const termsText = terms
    ? `<p>Payment terms: ${escapeHtml(terms.name)}${schedule?.dueAt != null ? `, due ${dueDate(schedule.dueAt)}` : ''}${schedule && isPastDue(store, schedule) ? ' <strong>(overdue)</strong>' : ''}</p>`
    : '';
  const action =
    order.financialStatus === 'PENDING' && order.cancelledAt === null
      ? payButton(payPath)
      : `<p role="status">Payment status: ${escapeHtml(order.financialStatus.toLowerCase().replace('_', ' '))}.${order.financialStatus === 'PAID' ? ' <strong>Thank you for your payment!</strong>' : ''}</p>`;
  const page = { heading: `Order #${order.number}`, email: order.email, lines, total: order.total };
  return renderPage(store, { ...page, currency: order.currencyCode }, `${termsText}\n${action}`);
}
