import { z } from 'zod';
import { customerSummary } from './company-control';
import type { FakeShopifyControl } from './fake-shopify';
import { toGid } from './gid';
import { formatMoney } from './money';
import { DAY_MS, termsPastDue } from './payment-terms';
import type { FakeOrder, FakePaymentTermsTemplate } from './state';
import type { FakeStore } from './store';
import { iso } from './view-basics';

/**
 * `/__fake/...`: the control API over HTTP (JSON, no auth, loopback only) for a fake store running in its own
 * process (`npm run dev:shopify`, Playwright). Each route calls the same control function tests call directly.
 */

const shipmentStatus = z.enum([
  'label_printed',
  'label_purchased',
  'attempted_delivery',
  'ready_for_pickup',
  'confirmed',
  'in_transit',
  'out_for_delivery',
  'delivered',
  'failure',
]);

const money = z.union([z.string(), z.number()]);
const variantSeed = z.object({
  title: z.string().optional(),
  sku: z.string().nullable().optional(),
  price: money,
  compareAtPrice: money.nullable().optional(),
  inventoryQuantity: z.number().int().optional(),
  imageUrl: z.string().nullable().optional(),
});
const productSeed = z.object({
  title: z.string().min(1),
  handle: z.string().optional(),
  status: z.enum(['ACTIVE', 'ARCHIVED', 'DRAFT', 'UNLISTED']).optional(),
  vendor: z.string().optional(),
  productType: z.string().optional(),
  tags: z.array(z.string()).optional(),
  imageUrl: z.string().nullable().optional(),
  variants: z.array(variantSeed).optional(),
});

// FakeFailure (failures.ts), strict: `after` on 'throttled' is refused, not silently dropped.
const operation = { operation: z.string().min(1).optional() };
const after = { after: z.literal('execute').optional() };
const failure = z.discriminatedUnion('kind', [
  z.strictObject({
    kind: z.literal('server-error'),
    status: z.union([z.literal(500), z.literal(502), z.literal(503), z.literal(504)]).optional(),
    ...after,
    ...operation,
  }),
  z.strictObject({ kind: z.literal('rate-limited'), retryAfter: z.string().optional(), ...operation }),
  z.strictObject({ kind: z.literal('throttled'), ...operation }),
  z.strictObject({ kind: z.literal('hang'), ...after, ...operation }),
  z.strictObject({ kind: z.literal('reset'), ...after, ...operation }),
]);

class BadRequestError extends Error {}

type Handler = (control: FakeShopifyControl, raw: unknown) => unknown;

/** A route: its body schema and what it does with the parsed body. */
function route<S extends z.ZodType>(
  schema: S,
  run: (control: FakeShopifyControl, body: z.output<S>) => unknown,
): Handler {
  return (control, raw) => {
    const parsed = schema.safeParse(raw);
    if (!parsed.success) throw new BadRequestError(z.prettifyError(parsed.error));
    return run(control, parsed.data);
  };
}

const ok = { ok: true };

const routes: Record<string, Handler> = {
  'POST /__fake/products': route(z.object({ products: z.array(productSeed) }), (control, body) => ({
    products: control.seedProducts(body.products),
  })),
  'POST /__fake/products/update': route(
    z.object({
      id: z.string(),
      title: z.string().optional(),
      status: z.enum(['ACTIVE', 'ARCHIVED', 'DRAFT', 'UNLISTED']).optional(),
      tags: z.array(z.string()).optional(),
      variants: z
        .array(
          z.object({
            id: z.string(),
            title: z.string().optional(),
            sku: z.string().nullable().optional(),
            price: money.optional(),
            compareAtPrice: money.nullable().optional(),
            inventoryQuantity: z.number().int().optional(),
          }),
        )
        .optional(),
    }),
    (control, { id, ...changes }) => ({ product: control.updateProduct(id, changes) }),
  ),
  'POST /__fake/draft-orders/pay': route(z.object({ id: z.string() }), (control, body) =>
    control.payDraftOrder(body.id),
  ),
  'POST /__fake/orders/pay': route(z.object({ id: z.string() }), (control, body) =>
    control.payOrder(body.id),
  ),
  'POST /__fake/orders/due-date': route(z.object({ id: z.string(), dueAt: z.string() }), (control, body) =>
    control.changeDueDate(body.id, body.dueAt),
  ),
  'POST /__fake/payment-terms-templates': route(
    z.strictObject({
      remove: z.array(z.string()).optional(),
      restore: z.union([z.literal('all'), z.array(z.string())]).optional(),
    }),
    (control, body) => ({
      paymentTermsTemplates: control.configurePaymentTermsTemplates(body).map(templateSummary),
    }),
  ),
  'POST /__fake/clock': route(
    z
      .strictObject({
        advanceMs: z.number().int().min(0).optional(),
        advanceDays: z.number().min(0).optional(),
        at: z.string().optional(),
        reset: z.literal(true).optional(),
      })
      .refine((body) => Object.keys(body).length === 1, 'Give one of advanceMs, advanceDays, at, reset'),
    (control, { advanceDays, ...change }) =>
      control.moveClock(advanceDays === undefined ? change : { advanceMs: Math.round(advanceDays * DAY_MS) }),
  ),
  'POST /__fake/orders/fulfill': route(
    z.object({
      id: z.string(),
      company: z.string().nullable().optional(),
      number: z.string().nullable().optional(),
      url: z.string().nullable().optional(),
      shipmentStatus: shipmentStatus.nullable().optional(),
    }),
    (control, body) =>
      control.fulfillOrder(
        body.id,
        { company: body.company, number: body.number, url: body.url },
        { shipmentStatus: body.shipmentStatus },
      ),
  ),
  'POST /__fake/fulfillments/update': route(
    z.object({ id: z.string(), shipmentStatus: shipmentStatus.nullable() }),
    (control, body) => {
      control.updateFulfillment(body.id, body.shipmentStatus);
      return ok;
    },
  ),
  'POST /__fake/webhooks/emit': route(
    z.object({
      topic: z.string().min(1),
      payload: z.unknown(),
      eventId: z.string().optional(),
      triggeredAt: z.string().optional(),
    }),
    (control, body) => ({
      deliveries: control.emitWebhook(body.topic, body.payload, {
        eventId: body.eventId,
        triggeredAt: body.triggeredAt,
      }),
    }),
  ),
  'POST /__fake/webhooks/redeliver': route(
    z.object({ deliveryId: z.string(), newWebhookId: z.boolean().optional() }),
    (control, body) => ({
      delivery: control.redeliver(body.deliveryId, { newWebhookId: body.newWebhookId }),
    }),
  ),
  'POST /__fake/webhooks/hold': route(z.unknown(), (control) => {
    control.holdWebhooks();
    return ok;
  }),
  'POST /__fake/webhooks/release': route(
    z.object({ order: z.enum(['emitted', 'reverse']).optional() }).optional(),
    async (control, body) => {
      await control.releaseWebhooks({ order: body?.order });
      return ok;
    },
  ),
  'POST /__fake/webhook-url': route(z.object({ url: z.string().nullable() }), (control, body) => {
    control.setWebhookUrl(body.url);
    return ok;
  }),
  'POST /__fake/failures': route(
    z.object({ count: z.number().int().min(1).default(1), failure }),
    (control, body) => {
      control.failNext(body.count, body.failure);
      return ok;
    },
  ),
  'DELETE /__fake/failures': route(z.unknown(), (control) => {
    control.clearFailures();
    return ok;
  }),
  'POST /__fake/throttle': route(
    z.object({
      maximumAvailable: z.number().positive().optional(),
      restoreRate: z.number().positive().optional(),
      currentlyAvailable: z.number().min(0).optional(),
      /** Whose bucket: by default the store's own token. */
      token: z.string().optional(),
    }),
    (control, { token, ...settings }) => {
      control.setThrottle(settings, token);
      return control.throttleStatus(token);
    },
  ),
  'POST /__fake/b2b': route(
    z
      .strictObject({ enabled: z.boolean().optional(), companiesAccessDenied: z.boolean().optional() })
      .refine((body) => Object.keys(body).length > 0, 'Give enabled, companiesAccessDenied or both'),
    (control, body) => {
      if (body.enabled !== undefined) control.setB2bEnabled(body.enabled);
      if (body.companiesAccessDenied !== undefined)
        control.setCompaniesAccessDenied(body.companiesAccessDenied);
      return ok;
    },
  ),
  'POST /__fake/companies/delete': route(z.object({ id: z.string() }), (control, body) => {
    control.deleteCompany(body.id);
    return ok;
  }),
  'POST /__fake/customers': route(
    z.object({
      email: z.string().min(1),
      firstName: z.string().nullable().optional(),
      lastName: z.string().nullable().optional(),
    }),
    (control, body) => ({ customer: control.addCustomer(body) }),
  ),
  'POST /__fake/down': route(z.object({ forMs: z.number().int().min(1).max(600_000) }), (control, body) => {
    // Answer first, then go down, and come back up by itself.
    setTimeout(() => {
      void control.goDown().then(() => setTimeout(() => void control.goUp(), body.forMs).unref());
    }, 20).unref();
    return { ok: true, downForMs: body.forMs };
  }),
};

const templateSummary = (template: FakePaymentTermsTemplate) => ({
  id: toGid('PaymentTermsTemplate', template.id),
  name: template.name,
  paymentTermsType: template.paymentTermsType,
  dueInDays: template.dueInDays,
});

const orderName = (store: FakeStore, orderId: number) => `#${store.orders.get(orderId)?.number ?? ''}`;

function orderPaymentTerms(store: FakeStore, order: FakeOrder) {
  const terms = order.paymentTerms;
  if (!terms) return null;
  const schedule = terms.schedules[0];
  return {
    name: terms.name,
    paymentScheduleId: schedule ? toGid('PaymentSchedule', schedule.id) : null,
    issuedAt: iso(schedule?.issuedAt ?? null),
    dueAt: iso(schedule?.dueAt ?? null),
    completedAt: iso(schedule?.completedAt ?? null),
    overdue: termsPastDue(store, terms),
  };
}

/** Order invoices the store e-mailed (orderInvoiceSend), oldest first. */
const sentOrderInvoices = (store: FakeStore) =>
  store.sentOrderInvoices.map(({ orderId, sentAt, ...invoice }) => ({
    orderId: toGid('Order', orderId),
    orderName: orderName(store, orderId),
    ...invoice,
    sentAt: iso(sentAt),
  }));

/** Payment reminders the store e-mailed (paymentReminderSend), oldest first. */
const paymentReminders = (store: FakeStore) =>
  store.paymentReminders.map((reminder) => ({
    paymentScheduleId: toGid('PaymentSchedule', reminder.paymentScheduleId),
    orderId: toGid('Order', reminder.orderId),
    orderName: orderName(store, reminder.orderId),
    to: reminder.to,
    sentAt: iso(reminder.sentAt),
  }));

/** A readable snapshot for GET /__fake/state (demos, debugging). */
function stateSnapshot(store: FakeStore, control: FakeShopifyControl) {
  return {
    now: iso(store.now()),
    shop: store.shop,
    products: [...store.products.values()].map((product) => ({
      id: toGid('Product', product.id),
      title: product.title,
      status: product.status,
      updatedAt: iso(product.updatedAt),
      variants: product.variantIds.map((id) => {
        const variant = store.variants.get(id);
        return {
          id: toGid('ProductVariant', id),
          sku: variant?.sku ?? null,
          price: variant ? formatMoney(variant.price) : null,
        };
      }),
    })),
    draftOrders: [...store.draftOrders.values()].map((draft) => ({
      id: toGid('DraftOrder', draft.id),
      name: `#D${draft.number}`,
      status: draft.status,
      email: draft.email,
      poNumber: draft.poNumber,
      tags: draft.tags,
      invoiceUrl: store.invoiceUrl(draft),
      orderId: draft.orderId === null ? null : toGid('Order', draft.orderId),
      purchasingCompany: draft.purchasingCompany && {
        companyId: toGid('Company', draft.purchasingCompany.companyId),
        companyLocationId: toGid('CompanyLocation', draft.purchasingCompany.locationId),
        companyContactId: toGid('CompanyContact', draft.purchasingCompany.contactId),
      },
    })),
    orders: [...store.orders.values()].map((order) => ({
      id: toGid('Order', order.id),
      name: `#${order.number}`,
      financialStatus: order.financialStatus,
      statusPageUrl: store.orderStatusUrl(order),
      paymentTerms: orderPaymentTerms(store, order),
      fulfillmentStatus: order.fulfillmentStatus,
      fulfillments: order.fulfillmentIds.map((id) => toGid('Fulfillment', id)),
    })),
    sentInvoices: store.sentInvoices,
    sentOrderInvoices: sentOrderInvoices(store),
    paymentReminders: paymentReminders(store),
    paymentTermsTemplates: store.paymentTermsTemplates.map(templateSummary),
    webhookSubscriptions: [...store.webhookSubscriptions.values()],
    b2b: { enabled: store.b2bEnabled, companiesAccessDenied: store.companiesAccessDenied },
    companies: control.companies(),
    customers: [...store.customers.values()].map(customerSummary),
    deliveries: control.deliveries.map(({ body: _body, headers: _headers, ...delivery }) => delivery),
    requests: control.requests.length,
    isDown: control.isDown,
    throttleStatus: control.throttleStatus(),
  };
}

/** The GET routes: what the store holds, without a body. */
const reads: Record<string, (store: FakeStore, control: FakeShopifyControl) => unknown> = {
  'GET /__fake/state': stateSnapshot,
  'GET /__fake/webhooks': (_store, control) => ({ deliveries: control.deliveries }),
  'GET /__fake/order-invoices': (store) => ({ orderInvoices: sentOrderInvoices(store) }),
  'GET /__fake/payment-reminders': (store) => ({ paymentReminders: paymentReminders(store) }),
  'GET /__fake/companies': (store, control) => ({
    b2b: { enabled: store.b2bEnabled, companiesAccessDenied: store.companiesAccessDenied },
    companies: control.companies(),
  }),
  'GET /__fake/payment-terms-templates': (store) => ({
    paymentTermsTemplates: store.paymentTermsTemplates.map(templateSummary),
  }),
};

export async function handleControlRequest(request: {
  control: FakeShopifyControl;
  store: FakeStore;
  method: string;
  path: string;
  body: string;
}): Promise<{ status: number; headers: Record<string, string>; body: string }> {
  const reply = (status: number, payload: unknown) => ({
    status,
    headers: { 'content-type': 'application/json; charset=utf-8' },
    body: JSON.stringify(payload),
  });
  const key = `${request.method} ${request.path}`;
  const read = Object.hasOwn(reads, key) ? reads[key] : undefined;
  if (read) return reply(200, read(request.store, request.control));
  const handler = Object.hasOwn(routes, key) ? routes[key] : undefined;
  if (!handler) return reply(404, { error: `No control route ${key}` });
  let raw: unknown;
  try {
    raw = request.body ? JSON.parse(request.body) : undefined;
  } catch {
    return reply(400, { error: 'The body must be JSON' });
  }
  try {
    return reply(200, await handler(request.control, raw));
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    return reply(error instanceof BadRequestError ? 400 : 409, { error: message });
  }
}
