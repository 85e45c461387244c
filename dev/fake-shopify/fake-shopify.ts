import type { IncomingMessage, ServerResponse } from 'node:http';
import { createServer } from 'node:http';
import type { Socket } from 'node:net';
import type { GraphQLSchema } from 'graphql';
import { loadAdminSchema } from './schema';
import { addProduct, updateProduct, type ProductChanges, type ProductSeed } from './catalogue';
import { renderCheckoutPage, renderOrderStatusPage } from './checkout-page';
import { deleteCompany } from './companies';
import { companySummaries, customerSummary, type CompanySummary } from './company-control';
import { addCustomer } from './company-contacts';
import { handleControlRequest } from './control-routes';
import { createLeakyBucket, type BucketSettings, type LeakyBucket, type ThrottleStatus } from './cost';
import { completeDraftOrder } from './draft-orders';
import { createFailureQueue, failureAnswer, strikesAfterExecute, type FakeFailure } from './failures';
import { splitGid, toGid } from './gid';
import { createGraphqlEndpoint, requestedOperationName } from './graphql-endpoint';
import { HISTORY_LIMIT, pushBounded } from './history';
import { changeDueDate, fulfillOrder, payOrder, updateFulfillment, type FulfillInput } from './orders';
import { configurePaymentTermsTemplates } from './payment-terms';
import type { FakePaymentTermsTemplate, FakeProduct, ShipmentStatus } from './state';
import { createFakeStore, type FakeStore } from './store';
import { iso } from './view-basics';
import { payloadForEvent } from './webhook-payloads';
import {
  createWebhookDispatcher,
  DEFAULT_WEBHOOK_TOPICS,
  type EmitOptions,
  type WebhookDelivery,
} from './webhooks';

/**
 * A fake Shopify Admin API server for tests and local demos (docs/shopify.md#the-fake-store, issue 8): the
 * real endpoint, auth header and schema, the operations the portal uses with Shopify's semantics, cost and
 * throttling, switchable failures, an invoice page to "pay" on, and signed webhooks back to the portal.
 */
export interface FakeShopifyOptions {
  /** 0 (default): any free port. */
  port?: number;
  host?: string;
  shopDomain?: string;
  shopId?: number;
  shopName?: string;
  currencyCode?: string;
  /** The Admin API access token the store accepts (X-Shopify-Access-Token). */
  token?: string;
  /**
   * Tokens of other apps installed on the same shop, accepted too. Shopify keeps one leaky bucket per app and
   * shop, so each has a bucket of its own: one app spending its points does not throttle another.
   */
  otherAppTokens?: string[];
  /** The version webhooks are sent with (X-Shopify-API-Version). API requests echo the URL's version. */
  apiVersion?: string;
  /**
   * The host of invoice URLs: by default `https://{shopDomain}` like the real shop; 'self' points them at this
   * server, which then serves a checkout page with a 'Pay now' button (local demos).
   */
  invoiceBaseUrl?: 'self' | (string & {});
  /** Where webhooks go (the portal's POST /api/shopify/webhooks); null: only API-created subscriptions. */
  webhookUrl?: string | null;
  webhookTopics?: string[];
  /** The app's client secret that signs webhooks. */
  webhookSecret?: string;
  webhookMaxAttempts?: number;
  webhookRetryDelayMs?: number;
  webhookTimeoutMs?: number;
  /**
   * The leaky bucket per token (docs/shopify.md#throttling-and-retries): Standard plan numbers by default.
   */
  bucket?: Partial<BucketSettings>;
  /** The clock for the bucket and all timestamps (ms since the epoch); `control.moveClock` shifts it. */
  now?: () => number;
  /** See FakeStoreOptions.idOffset. */
  idOffset?: number;
  utcOffsetMinutes?: number;
  schema?: GraphQLSchema;
  /** For webhook deliveries. */
  fetch?: typeof fetch;
  /** For webhook retry delays. */
  sleep?: (ms: number) => Promise<void>;
  log?: (line: string) => void;
  /** Called after each Admin API request is answered (or left hanging); the dev script logs them. */
  onRequest?: (request: RecordedRequest) => void;
  /** How many recent requests and webhook deliveries `control` keeps (default HISTORY_LIMIT, 500). */
  historyLimit?: number;
}

export interface RecordedRequest {
  at: string;
  method: string;
  path: string;
  apiVersion: string | null;
  operationName: string | null;
  requestedQueryCost: number | null;
  /** HTTP status, or null when the request got no answer (hang, reset). */
  status: number | null;
  failure: FakeFailure['kind'] | null;
  body: string;
}

export interface SeededProduct {
  id: string;
  legacyResourceId: string;
  handle: string;
  title: string;
  variants: { id: string; legacyResourceId: string; sku: string | null; title: string }[];
}

export interface FakeShopifyControl {
  /** The next `count` Admin API requests fail this way (queued after earlier switches). */
  failNext(count: number, failure: FakeFailure): void;
  clearFailures(): void;
  /** Connection refused from now on (listener closed, open sockets destroyed). */
  goDown(): Promise<void>;
  goUp(): Promise<void>;
  readonly isDown: boolean;
  /** Sets the bucket of `token` (by default the store's own token); other tokens' buckets stay as they are. */
  setThrottle(settings: Partial<BucketSettings & { currentlyAvailable: number }>, token?: string): void;
  throttleStatus(token?: string): ThrottleStatus;
  /** The most recent Admin API requests, oldest first (at most `historyLimit`). */
  readonly requests: RecordedRequest[];
  seedProducts(seeds: ProductSeed[]): SeededProduct[];
  updateProduct(
    productGid: string,
    changes: Omit<ProductChanges, 'variants'> & { variants?: VariantChange[] },
  ): SeededProduct;
  /** The customer pays the invoice: the draft becomes a paid order (draft_orders/update, orders/paid). */
  payDraftOrder(draftGid: string): { draftOrderId: string; orderId: string; orderName: string };
  /**
   * The customer pays a payment pending order (an order on terms) on its status page: PAID, the schedule
   * completed (orders/paid, orders/updated).
   */
  payOrder(orderGid: string): { orderId: string; orderName: string; financialStatus: string };
  /** The merchant moves the due date of an order's open payment schedule (orders/updated). */
  changeDueDate(orderGid: string, dueAt: string): { orderId: string; dueAt: string };
  /** Removes standard payment terms templates (by name or GID) or restores them ('all' for every one). */
  configurePaymentTermsTemplates(changes: {
    remove?: string[];
    restore?: string[] | 'all';
  }): FakePaymentTermsTemplate[];
  /**
   * Moves the store's clock: every later timestamp, due and overdue payment terms, webhook times and the
   * leaky bucket follow. `advanceMs` adds to the offset, `at` jumps to a time, `reset` goes back to the
   * unshifted clock. Answers the store's time then.
   */
  moveClock(change: { advanceMs?: number; at?: string; reset?: boolean }): { now: string; offsetMs: number };
  /** The merchant ships with tracking (fulfillments/create, then orders/fulfilled). */
  fulfillOrder(
    orderGid: string,
    tracking?: { company?: string | null; number?: string | null; url?: string | null },
    options?: { shipmentStatus?: ShipmentStatus | null; lineItems?: FulfillInput['lineItems'] },
  ): { fulfillmentId: string; name: string };
  /** The carrier reports progress, e.g. 'delivered' (fulfillments/update). */
  updateFulfillment(fulfillmentGid: string, shipmentStatus: ShipmentStatus | null): void;
  emitWebhook(topic: string, payload: unknown, options?: EmitOptions): WebhookDelivery[];
  redeliver(deliveryId: string, options?: { newWebhookId?: boolean }): WebhookDelivery;
  holdWebhooks(): void;
  releaseWebhooks(options?: { order?: 'emitted' | 'reverse' }): Promise<void>;
  /** The most recent webhook deliveries, oldest first (at most `historyLimit`). */
  readonly deliveries: WebhookDelivery[];
  /** Resolves when every delivery (retries included) is done. */
  webhooksSettled(): Promise<void>;
  setWebhookUrl(url: string | null): void;
  /**
   * Shop.entitlements.b2b (on by default). Off: every field that needs B2B answers ACCESS_DENIED and a draft
   * for a company is refused, as on a shop whose plan has no B2B.
   */
  setB2bEnabled(enabled: boolean): void;
  /**
   * The app was not granted the companies scope: B2B fields answer ACCESS_DENIED while the entitlement still
   * says B2B is enabled (how the portal tells a missing scope from a shop without B2B).
   */
  setCompaniesAccessDenied(denied: boolean): void;
  /** The store's companies with their locations, contacts and role assignments (by role name). */
  companies(): CompanySummary[];
  /** The merchant deletes a company in the Shopify admin: its locations and contacts go, customers stay. */
  deleteCompany(companyGid: string): void;
  /** A customer the shop already has (say from an online order), before any company names them. */
  addCustomer(seed: { email: string; firstName?: string | null; lastName?: string | null }): {
    id: string;
    email: string | null;
  };
}

export type VariantChange = { id: string } & Partial<{
  title: string;
  sku: string | null;
  price: string | number;
  compareAtPrice: string | number | null;
  inventoryQuantity: number;
}>;

export interface FakeShopify {
  /** `http://127.0.0.1:PORT`: use as SHOPIFY_STORE_DOMAIN. */
  url: string;
  shopDomain: string;
  token: string;
  webhookSecret: string;
  store: FakeStore;
  control: FakeShopifyControl;
  close(): Promise<void>;
}

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);
const GRAPHQL_PATH = /^\/admin\/api\/([^/]+)\/graphql\.json$/;
const INVOICE_PATH = /^\/(\d+)\/invoices\/([0-9a-f]{32})(\/pay)?$/;
const ORDER_STATUS_PATH = /^\/(\d+)\/orders\/([0-9a-f]+)\/authenticate(\/pay)?$/;
const MAX_BODY_BYTES = 2 * 1024 * 1024;

class BodyTooLargeError extends Error {}

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    request.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) {
        reject(new BodyTooLargeError());
        request.destroy();
        return;
      }
      chunks.push(chunk);
    });
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });
}

function send(
  response: ServerResponse,
  answer: { status: number; headers: Record<string, string>; body: string },
) {
  response.writeHead(answer.status, answer.headers);
  response.end(answer.body);
}

function requireGid(value: string, type: string): number {
  const parts = splitGid(value);
  if (!parts || parts.type !== type) throw new Error(`Expected a ${type} GID, got '${value}'`);
  return parts.id;
}

export async function startFakeShopify(options: FakeShopifyOptions = {}): Promise<FakeShopify> {
  const host = options.host ?? '127.0.0.1';
  const shopDomain = options.shopDomain ?? 'fake-store.myshopify.com';
  const token = options.token ?? 'shpat_fake_store_token';
  const apiVersion = options.apiVersion ?? '2026-10';
  const webhookSecret = options.webhookSecret ?? 'fake-shopify-webhook-secret';
  const unshiftedNow = options.now ?? Date.now;
  let clockOffsetMs = 0;
  const now = () => unshiftedNow() + clockOffsetMs;
  const log = options.log ?? (() => undefined);
  const historyLimit = options.historyLimit ?? HISTORY_LIMIT;
  const schema = options.schema ?? loadAdminSchema();
  const utcOffsetMinutes = options.utcOffsetMinutes ?? -300;
  let serverUrl = '';
  let webhookUrl = options.webhookUrl ?? null;

  const store = createFakeStore({
    shop: {
      id: options.shopId ?? 548380009,
      name: options.shopName ?? 'Fake Store',
      domain: shopDomain,
      email: `owner@${shopDomain}`,
      currencyCode: options.currencyCode ?? 'USD',
      ianaTimezone: 'America/New_York',
    },
    now,
    invoiceBaseUrl: () =>
      options.invoiceBaseUrl === 'self' ? serverUrl : (options.invoiceBaseUrl ?? `https://${shopDomain}`),
    idOffset: options.idOffset,
  });

  const dispatcher = createWebhookDispatcher({
    secret: webhookSecret,
    shopDomain,
    apiVersion,
    url: () => webhookUrl,
    topics: options.webhookTopics ?? DEFAULT_WEBHOOK_TOPICS,
    subscriptions: () => [...store.webhookSubscriptions.values()],
    maxAttempts: options.webhookMaxAttempts ?? 4,
    retryDelayMs: options.webhookRetryDelayMs ?? 1000,
    timeoutMs: options.webhookTimeoutMs ?? 5000,
    now,
    fetch: options.fetch ?? fetch,
    sleep: options.sleep,
    log,
    historyLimit,
  });
  store.onEvent((event) => {
    dispatcher.emit(event.topic, payloadForEvent(store, event, { apiVersion, utcOffsetMinutes }));
  });

  const tokens = new Set([token, ...(options.otherAppTokens ?? [])]);
  const bucketSettings: BucketSettings = {
    maximumAvailable: options.bucket?.maximumAvailable ?? 2000,
    restoreRate: options.bucket?.restoreRate ?? 100,
  };
  const buckets = new Map<string, LeakyBucket>();
  const bucketFor = (key: string) => {
    if (!tokens.has(key)) throw new Error(`'${key}' is not an access token of this store`);
    let bucket = buckets.get(key);
    if (!bucket) {
      bucket = createLeakyBucket(bucketSettings, now);
      buckets.set(key, bucket);
    }
    return bucket;
  };
  const endpoint = createGraphqlEndpoint({
    schema,
    store,
    isValidToken: (candidate) => tokens.has(candidate),
    bucketFor,
  });
  const failures = createFailureQueue();
  const requests: RecordedRequest[] = [];
  const sockets = new Set<Socket>();
  let down = false;

  async function handleAdminApi(
    request: IncomingMessage,
    response: ServerResponse,
    version: string,
    path: string,
  ) {
    const body = await readBody(request);
    const record: RecordedRequest = {
      at: new Date(now()).toISOString(),
      method: request.method ?? 'POST',
      path,
      apiVersion: version,
      operationName: null,
      requestedQueryCost: null,
      status: null,
      failure: null,
      body,
    };
    pushBounded(requests, record, historyLimit);
    const failure = failures.next(() => requestedOperationName(body));
    record.failure = failure?.kind ?? null;
    response.on('close', () => options.onRequest?.(record));

    /** Answers with the failure (or hangs, or drops the connection); false when the endpoint answers. */
    const strike = (chosen: FakeFailure): boolean => {
      const action = failureAnswer(chosen);
      if (action === null) return false;
      record.status = typeof action === 'string' ? null : action.status;
      if (action === 'hang') return true; // the socket stays open until the client or close() ends it
      if (action === 'reset') {
        request.socket.destroy();
        return true;
      }
      send(response, action);
      return true;
    };
    const afterExecute = failure !== undefined && strikesAfterExecute(failure);
    if (failure && !afterExecute && strike(failure)) return;

    const tokenHeader = request.headers['x-shopify-access-token'];
    const answer = endpoint({
      apiVersion: version,
      accessToken: Array.isArray(tokenHeader) ? tokenHeader[0] : tokenHeader,
      contentType: request.headers['content-type'],
      body,
      forceThrottled: failure?.kind === 'throttled',
    });
    record.status = answer.status;
    record.operationName = answer.operationName;
    record.requestedQueryCost = answer.requestedQueryCost;
    // The store has run the operation; its answer is lost on the way back.
    if (failure && afterExecute && strike(failure)) return;
    send(response, answer);
  }

  /** A page the customer opens from an e-mail, and what its 'Pay now' button (POST …/pay) does. */
  interface CustomerPage {
    render(payPath: string): string;
    pay(): void;
  }

  /** The draft's invoice page and the order's status page, found by the token in their URL. */
  const customerPages: { path: RegExp; find: (token: string) => CustomerPage | undefined }[] = [
    {
      path: INVOICE_PATH,
      find(token) {
        const draft = store.findDraftByInvoiceToken(token);
        return (
          draft && {
            render: (payPath) => renderCheckoutPage(store, draft, payPath),
            pay: () => {
              if (draft.status !== 'COMPLETED') control.payDraftOrder(toGid('DraftOrder', draft.id));
            },
          }
        );
      },
    },
    {
      path: ORDER_STATUS_PATH,
      find(token) {
        const order = store.findOrderByToken(token);
        return (
          order && {
            render: (payPath) => renderOrderStatusPage(store, order, payPath),
            pay: () => {
              if (order.financialStatus === 'PENDING') control.payOrder(toGid('Order', order.id));
            },
          }
        );
      },
    },
  ];

  function handleCustomerPage(
    request: IncomingMessage,
    response: ServerResponse,
    [pathname = '', shopId, token = '', pay]: string[],
    find: (token: string) => CustomerPage | undefined,
  ) {
    const page = shopId === String(store.shop.id) ? find(token) : undefined;
    if (!page) {
      return send(response, {
        status: 404,
        headers: { 'content-type': 'text/html; charset=utf-8' },
        body: '<h1>Not found</h1>',
      });
    }
    const pagePath = pay ? pathname.slice(0, -pay.length) : pathname;
    if (pay && request.method === 'POST') {
      page.pay();
      response.writeHead(303, { location: pagePath });
      response.end();
      return;
    }
    send(response, {
      status: 200,
      headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' },
      body: page.render(`${pagePath}/pay`),
    });
  }

  async function route(request: IncomingMessage, response: ServerResponse) {
    const url = new URL(request.url ?? '/', 'http://fake');
    const graphql = GRAPHQL_PATH.exec(url.pathname);
    if (graphql) {
      if (request.method !== 'POST') {
        return send(response, {
          status: 405,
          headers: { 'content-type': 'application/json', allow: 'POST' },
          body: JSON.stringify({ errors: 'Method Not Allowed' }),
        });
      }
      return handleAdminApi(request, response, decodeURIComponent(graphql[1] ?? ''), url.pathname);
    }
    for (const { path, find } of customerPages) {
      const match = path.exec(url.pathname);
      if (match && (request.method === 'GET' || request.method === 'POST')) {
        return handleCustomerPage(request, response, [...match], find);
      }
    }
    if (url.pathname.startsWith('/__fake/')) {
      if (!LOOPBACK.has(request.socket.remoteAddress ?? '')) {
        return send(response, {
          status: 403,
          headers: { 'content-type': 'application/json' },
          body: '{"errors":"Forbidden"}',
        });
      }
      const body = request.method === 'GET' ? '' : await readBody(request);
      return send(
        response,
        await handleControlRequest({
          control,
          store,
          method: request.method ?? 'GET',
          path: url.pathname,
          body,
        }),
      );
    }
    send(response, {
      status: 404,
      headers: { 'content-type': 'application/json' },
      body: '{"errors":"Not Found"}',
    });
  }

  const server = createServer((request, response) => {
    route(request, response).catch((error: unknown) => {
      if (error instanceof BodyTooLargeError) return;
      log(`fake Shopify: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
      if (!response.headersSent) {
        send(response, {
          status: 500,
          headers: { 'content-type': 'application/json' },
          body: '{"errors":"Internal Server Error"}',
        });
      }
    });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });

  const listen = (port: number) =>
    new Promise<number>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, host, () => {
        server.off('error', reject);
        const address = server.address();
        resolve(typeof address === 'object' && address ? address.port : port);
      });
    });
  const stopListening = () =>
    new Promise<void>((resolve) => {
      server.close(() => resolve());
      for (const socket of sockets) socket.destroy();
      sockets.clear();
    });

  const port = await listen(options.port ?? 0);
  serverUrl = `http://${host.includes(':') ? `[${host}]` : host}:${port}`;

  const summary = (product: FakeProduct): SeededProduct => ({
    id: toGid('Product', product.id),
    legacyResourceId: String(product.id),
    handle: product.handle,
    title: product.title,
    variants: product.variantIds.flatMap((id) => {
      const variant = store.variants.get(id);
      return variant
        ? [
            {
              id: toGid('ProductVariant', id),
              legacyResourceId: String(id),
              sku: variant.sku,
              title: variant.title,
            },
          ]
        : [];
    }),
  });

  const control: FakeShopifyControl = {
    failNext: (count, failure) => failures.add(count, failure),
    clearFailures: () => failures.clear(),
    async goDown() {
      if (down) return;
      down = true;
      await stopListening();
    },
    async goUp() {
      if (!down) return;
      await listen(port);
      down = false;
    },
    get isDown() {
      return down;
    },
    setThrottle(settings, bucketToken = token) {
      bucketFor(bucketToken).configure(settings);
    },
    throttleStatus: (bucketToken = token) => bucketFor(bucketToken).status(),
    requests,
    seedProducts: (seeds) => seeds.map((seed) => summary(addProduct(store, seed))),
    updateProduct(productGid, changes) {
      const product = updateProduct(store, requireGid(productGid, 'Product'), {
        ...changes,
        variants: changes.variants?.map((variant) => ({
          ...variant,
          id: requireGid(variant.id, 'ProductVariant'),
        })),
      });
      return summary(product);
    },
    payDraftOrder(draftGid) {
      const result = completeDraftOrder(store, requireGid(draftGid, 'DraftOrder'), { via: 'checkout' });
      const draft = result.draftOrder;
      const order = draft?.orderId ? store.orders.get(draft.orderId) : undefined;
      if (!draft || !order)
        throw new Error(result.userErrors.map((error) => error.message).join('; ') || 'Cannot pay');
      return { draftOrderId: draftGid, orderId: toGid('Order', order.id), orderName: `#${order.number}` };
    },
    payOrder(orderGid) {
      const order = payOrder(store, requireGid(orderGid, 'Order'));
      return { orderId: orderGid, orderName: `#${order.number}`, financialStatus: order.financialStatus };
    },
    changeDueDate(orderGid, dueAt) {
      const at = Date.parse(dueAt);
      if (Number.isNaN(at)) throw new Error(`'${dueAt}' is not a date-time`);
      changeDueDate(store, requireGid(orderGid, 'Order'), at);
      return { orderId: orderGid, dueAt: new Date(at).toISOString() };
    },
    configurePaymentTermsTemplates: (changes) => configurePaymentTermsTemplates(store, changes),
    moveClock(change) {
      if (change.reset) clockOffsetMs = 0;
      if (change.at !== undefined) {
        const at = Date.parse(change.at);
        if (Number.isNaN(at)) throw new Error(`'${change.at}' is not a date-time`);
        clockOffsetMs = at - unshiftedNow();
      }
      clockOffsetMs += change.advanceMs ?? 0;
      return { now: iso(store.now()) ?? '', offsetMs: clockOffsetMs };
    },
    fulfillOrder(orderGid, tracking = {}, fulfillOptions = {}) {
      const fulfillment = fulfillOrder(store, requireGid(orderGid, 'Order'), {
        ...tracking,
        ...fulfillOptions,
      });
      const order = store.orders.get(fulfillment.orderId);
      return {
        fulfillmentId: toGid('Fulfillment', fulfillment.id),
        name: `#${order?.number ?? ''}.${fulfillment.sequence}`,
      };
    },
    updateFulfillment(fulfillmentGid, shipmentStatus) {
      updateFulfillment(store, requireGid(fulfillmentGid, 'Fulfillment'), { shipmentStatus });
    },
    emitWebhook: (topic, payload, emitOptions) => dispatcher.emit(topic, payload, emitOptions),
    redeliver: (deliveryId, redeliverOptions) => dispatcher.redeliver(deliveryId, redeliverOptions),
    holdWebhooks: () => dispatcher.hold(),
    releaseWebhooks: (releaseOptions) => dispatcher.release(releaseOptions),
    deliveries: dispatcher.deliveries,
    webhooksSettled: () => dispatcher.settled(),
    setWebhookUrl(url) {
      webhookUrl = url;
    },
    setB2bEnabled(enabled) {
      store.b2bEnabled = enabled;
    },
    setCompaniesAccessDenied(denied) {
      store.companiesAccessDenied = denied;
    },
    companies: () => companySummaries(store),
    deleteCompany: (companyGid) => deleteCompany(store, requireGid(companyGid, 'Company')),
    addCustomer: (seed) => customerSummary(addCustomer(store, seed)),
  };

  return {
    url: serverUrl,
    shopDomain,
    token,
    webhookSecret,
    store,
    control,
    async close() {
      dispatcher.close();
      if (!down) await stopListening();
      down = true;
    },
  };
}
