// `npm run dev:shopify`: a standalone fake Shopify store for local demos (issue 8,
// docs/shopify.md#the-fake-store), seeded with the portal's catalogue, serving its own invoice pages ('Pay
// now') and sending signed webhooks to the portal.
import { seedDemoCatalogue } from '../dev/fake-shopify/demo-catalogue';
import { startFakeShopify } from '../dev/fake-shopify/fake-shopify';

const port = Number(process.env.FAKE_SHOPIFY_PORT || 4010);
if (!Number.isInteger(port) || port < 1 || port > 65535) {
  console.error(`FAKE_SHOPIFY_PORT must be a port number, got '${process.env.FAKE_SHOPIFY_PORT}'`);
  process.exit(1);
}
const portalPort = process.env.PORT ?? '5000';
const webhookUrl =
  process.env.FAKE_SHOPIFY_WEBHOOK_URL ?? `http://127.0.0.1:${portalPort}/api/shopify/webhooks`;
const webhookSecret = process.env.SHOPIFY_WEBHOOK_SECRET || 'fake-shopify-webhook-secret';
const token = process.env.SHOPIFY_ADMIN_TOKEN || 'shpat_fake_store_token';
const apiVersion = process.env.SHOPIFY_API_VERSION || '2026-10';

const time = () => new Date().toISOString().slice(11, 19);

const fake = await startFakeShopify({
  port,
  token,
  apiVersion,
  webhookUrl,
  webhookSecret,
  invoiceBaseUrl: 'self',
  // Draft orders and orders of a new run never reuse the GIDs of the previous one (the portal keeps them).
  idOffset: (Math.floor(Date.now() / 1000) % 1_000_000) * 1000,
  log: (line) => console.log(`${time()} ${line}`),
  onRequest: (request) =>
    console.log(
      `${time()} ${request.operationName ?? '(anonymous)'} → ${request.status ?? 'no answer'}` +
        (request.failure ? ` [${request.failure}]` : '') +
        (request.requestedQueryCost !== null ? ` cost ${request.requestedQueryCost}` : ''),
    ),
});
const products = seedDemoCatalogue(fake.store);

console.log(`
Fake Shopify store ${fake.shopDomain} on ${fake.url} (${products.length} products seeded)

Point the portal at it:
  SHOPIFY_STORE_DOMAIN=${fake.url}
  SHOPIFY_ADMIN_TOKEN=${token}
  SHOPIFY_WEBHOOK_SECRET=${webhookSecret}
  SHOPIFY_API_VERSION=${apiVersion}
e.g.  SHOPIFY_STORE_DOMAIN=${fake.url} SHOPIFY_ADMIN_TOKEN=${token} SHOPIFY_WEBHOOK_SECRET=${webhookSecret} npm start

Webhooks go to ${webhookUrl} (FAKE_SHOPIFY_WEBHOOK_URL to change).
Invoice links open a checkout page here with a 'Pay now' button.
Control (JSON, loopback only):
  GET  ${fake.url}/__fake/state
  POST ${fake.url}/__fake/draft-orders/pay      {"id":"gid://shopify/DraftOrder/…"}
  POST ${fake.url}/__fake/orders/pay            {"id":"gid://shopify/Order/…"}   (an order on payment terms)
  POST ${fake.url}/__fake/orders/fulfill        {"id":"gid://shopify/Order/…","company":"UPS","number":"1Z999","url":"https://…"}
  POST ${fake.url}/__fake/payment-terms-templates {"remove":["Net 15"]} or {"restore":"all"}
  POST ${fake.url}/__fake/clock                 {"advanceDays":31} or {"reset":true}
  GET  ${fake.url}/__fake/order-invoices         GET ${fake.url}/__fake/payment-reminders
  POST ${fake.url}/__fake/fulfillments/update   {"id":"gid://shopify/Fulfillment/…","shipmentStatus":"delivered"}
  POST ${fake.url}/__fake/failures              {"count":3,"failure":{"kind":"server-error"}}
  POST ${fake.url}/__fake/failures              {"failure":{"kind":"server-error","after":"execute","operation":"CreateDraftOrder"}}
  POST ${fake.url}/__fake/down                  {"forMs":30000}
  GET  ${fake.url}/__fake/companies              (B2B companies with locations, contacts and roles)
  POST ${fake.url}/__fake/b2b                   {"enabled":false} or {"companiesAccessDenied":true}
  POST ${fake.url}/__fake/companies/delete      {"id":"gid://shopify/Company/…"}
  POST ${fake.url}/__fake/customers             {"email":"ada@example.com"}   (a retail customer already in the store)
`);

let stopping = false;
async function stop() {
  if (stopping) return;
  stopping = true;
  await fake.close();
  process.exit(0);
}
process.on('SIGINT', () => void stop());
process.on('SIGTERM', () => void stop());
