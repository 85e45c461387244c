import { draftTotals } from './draft-totals';
import { formatMoney } from './money';
import type { FakeDraftOrder } from './state';
import type { FakeStore } from './store';

/**
 * The page behind a draft order's invoice URL when the fake serves its own invoices (invoiceBaseUrl 'self'):
 * what the customer sees after clicking the payment link, with one 'Pay now' button that stands in for
 * Shopify's checkout. Paying completes the draft into a paid order and sends the webhooks (fake-shopify.ts).
 */

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char] ?? char,
  );

export function renderCheckoutPage(store: FakeStore, draft: FakeDraftOrder, payPath: string): string {
  const totals = draftTotals(store, draft);
  const currency = draft.currencyCode;
  const order = draft.orderId === null ? undefined : store.orders.get(draft.orderId);
  const rows = draft.lineItems
    .map((line) => {
      const prices = totals.lines.get(line.id);
      const title = line.variantTitle ? `${line.title} - ${line.variantTitle}` : line.title;
      return `<tr><td>${escapeHtml(title)}${line.sku ? ` <small>(${escapeHtml(line.sku)})</small>` : ''}</td><td>${line.quantity}</td><td>${formatMoney(prices?.unitPrice ?? 0)}</td><td>${formatMoney(prices?.discountedTotal ?? 0)}</td></tr>`;
    })
    .join('\n');
  const action = order
    ? `<p role="status"><strong>Thank you for your purchase!</strong> This invoice has been paid: order ${escapeHtml(`#${order.number}`)}.</p>`
    : `<form method="post" action="${escapeHtml(payPath)}"><button type="submit">Pay now</button></form>`;
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Invoice #D${draft.number} · ${escapeHtml(store.shop.name)}</title>
<style>
body{font-family:system-ui,sans-serif;max-width:40rem;margin:2rem auto;padding:0 1rem;color:#222}
table{width:100%;border-collapse:collapse}td,th{padding:.4rem;border-bottom:1px solid #ddd;text-align:left}
button{font-size:1.1rem;padding:.6rem 1.4rem;background:#1a73e8;color:#fff;border:0;border-radius:.4rem;cursor:pointer}
.note{color:#666;font-size:.85rem}
</style>
</head>
<body>
<p class="note">${escapeHtml(store.shop.name)} — fake Shopify checkout (no real payment is taken)</p>
<h1>Invoice #D${draft.number}</h1>
${draft.email ? `<p>For ${escapeHtml(draft.email)}</p>` : ''}
<table>
<thead><tr><th>Item</th><th>Qty</th><th>Price</th><th>Total</th></tr></thead>
<tbody>
${rows}
</tbody>
</table>
<p><strong>Total: ${formatMoney(totals.total)} ${escapeHtml(currency)}</strong></p>
${action}
</body>
</html>
`;
}
