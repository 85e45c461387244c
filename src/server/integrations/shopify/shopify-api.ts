import { shopifyFailure, type ShopifyClient, type ShopifyResult } from './client';
import {
  type FetchedProduct,
  type FetchedVariant,
  type ListedProduct,
  type ListedVariant,
  MAX_QUERY_COST,
  type Media,
  type MoneyBag,
  operations,
  type PageInfo,
  PRODUCT_VARIANT_PAGE,
} from './operations';

/*
 * Typed functions over the Shopify client, one per thing the portal does (docs/shopify.md#operations). At
 * this boundary money is a decimal string ("10.65", never a float), ids are GID strings
 * (`gid://shopify/Product/123`; numeric ids are accepted and converted), `userErrors` become `{ kind:
 * 'user-errors', retryable: false }` and a query for one object that answers null becomes `not-found`. Every
 * answer is parsed with the zod schema of its operation (operations.ts).
 */

export interface ShopifyVariant {
  id: string;
  legacyResourceId: string;
  title: string;
  sku: string | null;
  price: string;
  compareAtPrice: string | null;
  inventoryQuantity: number | null;
  /** The variant's first image; listProducts does not select variant media (cost), so null there. */
  imageUrl: string | null;
  /**
   * The portal's visibility as recorded on the variant (PORTAL_VISIBILITY_METAFIELD): null when never set.
   * Only getProduct reads it (sync compares it); absent from listProducts' first variant page (cost).
   */
  portalVisible?: boolean | null;
}

/**
 * Where the portal records a variant's visibility to wholesale customers in Shopify (issue 8: visibility edits
 * are pushed with productVariantsBulkUpdate). A metafield, not `published`: hiding a variant from wholesale
 * buyers must not take it off the retail store, and ProductVariantsBulkInput.published only applies to new
 * variants (Admin 2026-10). The namespace is the one GET_PRODUCT reads.
 */
export const PORTAL_VISIBILITY_METAFIELD = {
  namespace: 'wholesale_portal',
  key: 'visible',
  type: 'boolean',
} as const;

/** What updateVariants changes on one variant: absent fields stay as they are in Shopify. */
export interface VariantUpdate {
  id: string;
  price?: string;
  /** null clears it (docs/shopify.md#variant-price-and-visibility). */
  compareAtPrice?: string | null;
  portalVisible?: boolean;
}

export interface ShopifyProduct {
  id: string;
  legacyResourceId: string;
  title: string;
  handle: string;
  status: 'ACTIVE' | 'ARCHIVED' | 'DRAFT' | 'UNLISTED';
  updatedAt: string;
  imageUrl: string | null;
  /** ALL variants: variant pages beyond the first are followed. */
  variants: ShopifyVariant[];
}

export interface ShopifyDraftOrder {
  id: string;
  legacyResourceId?: string;
  name: string;
  status: 'OPEN' | 'INVOICE_SENT' | 'COMPLETED';
  invoiceUrl: string | null;
  invoiceSentAt?: string | null;
  completedAt?: string | null;
  order?: {
    id: string;
    name: string;
    displayFinancialStatus: string | null;
    displayFulfillmentStatus: string;
  } | null;
  totalPrice?: string;
}

export interface ShopifyOrder {
  id: string;
  legacyResourceId: string;
  name: string;
  email: string | null;
  displayFinancialStatus: string | null;
  displayFulfillmentStatus: string;
  fullyPaid: boolean;
  cancelledAt: string | null;
  /** When anything about the order last changed: the time of the state this answer describes. */
  updatedAt: string;
  fulfillments: {
    id: string;
    status: string;
    /** e.g. IN_TRANSIT, DELIVERED: the carrier's latest word on this shipment. */
    displayStatus: string | null;
    createdAt: string;
    deliveredAt: string | null;
    trackingInfo: { company: string | null; number: string | null; url: string | null }[];
  }[];
}

export interface DraftOrderLineInput {
  variantId: string;
  quantity: number;
  /** Wins over the variant's catalogue price and locks it (docs/shopify.md#draft-order-contents). */
  priceOverride: { amount: string; currencyCode: string };
  customAttributes?: { key: string; value: string }[];
}

/**
 * A line without a variant (docs/shopify.md#draft-orders): priced by `originalUnitPriceWithCurrency` (which
 * Shopify ignores on variant lines); it reserves no inventory.
 */
export interface DraftOrderCustomLineInput {
  title: string;
  sku?: string;
  quantity: number;
  originalUnitPriceWithCurrency: { amount: string; currencyCode: string };
  taxable?: boolean;
  requiresShipping?: boolean;
  customAttributes?: { key: string; value: string }[];
}

export interface DraftOrderInput {
  email: string;
  /** Written to `DraftOrderInput.note`; read back as `note2` (there is no DraftOrder.note). */
  note?: string | null;
  poNumber?: string;
  tags?: string[];
  customAttributes?: { key: string; value: string }[];
  shippingAddress?: {
    firstName?: string;
    lastName?: string;
    company?: string;
    address1?: string;
    address2?: string;
    city?: string;
    provinceCode?: string;
    /** ISO 3166-1 alpha-2, e.g. 'CA' (the deprecated `country` is never sent). */
    countryCode?: string;
    zip?: string;
    phone?: string;
  };
  lineItems: (DraftOrderLineInput | DraftOrderCustomLineInput)[];
  /** Net terms, issued when staff approve (docs/shopify.md#payment-terms); Shopify computes the due date. */
  paymentTerms?: { paymentTermsTemplateId: string; paymentSchedules: { issuedAt: string }[] };
  /** A fixed shipping charge; without one the checkout may add the store's own shipping rates. */
  shippingLine?: { title: string; priceWithCurrency: { amount: string; currencyCode: string } };
}

/** A NET payment terms template of the store, e.g. Net 30 (dueInDays 30). */
export interface PaymentTermsTemplate {
  id: string;
  name: string;
  dueInDays: number | null;
}

/** An order on payment terms: its status page (where the buyer pays) and its payment schedule. */
export interface OrderPaymentTerms {
  id: string;
  name: string;
  displayFinancialStatus: string | null;
  statusPageUrl: string;
  /** The first (for net terms, the only) schedule; null when the order has no payment terms. */
  schedule: { id: string; dueAt: string | null; completedAt: string | null } | null;
  overdue: boolean;
}

export interface ShopifyApi {
  listProducts(options?: {
    query?: string;
    pageSize?: number;
    variantsPerPage?: number;
  }): Promise<ShopifyResult<ShopifyProduct[]>>;
  getProduct(id: string): Promise<ShopifyResult<ShopifyProduct>>;
  updateVariants(
    productId: string,
    variants: VariantUpdate[],
  ): Promise<ShopifyResult<{ id: string; price: string; compareAtPrice: string | null }[]>>;
  findDraftOrderByTag(tag: string): Promise<ShopifyResult<ShopifyDraftOrder | null>>;
  createDraftOrder(input: DraftOrderInput): Promise<ShopifyResult<ShopifyDraftOrder>>;
  updateDraftOrder(id: string, input: Partial<DraftOrderInput>): Promise<ShopifyResult<ShopifyDraftOrder>>;
  getDraftOrder(id: string): Promise<ShopifyResult<ShopifyDraftOrder>>;
  sendDraftOrderInvoice(
    id: string,
    email?: { to?: string; subject?: string; customMessage?: string },
  ): Promise<ShopifyResult<ShopifyDraftOrder>>;
  deleteDraftOrder(id: string): Promise<ShopifyResult<{ deletedId: string }>>;
  completeDraftOrder(id: string): Promise<ShopifyResult<ShopifyDraftOrder>>;
  getOrder(id: string): Promise<ShopifyResult<ShopifyOrder>>;
  listNetPaymentTermsTemplates(): Promise<ShopifyResult<PaymentTermsTemplate[]>>;
  /** Completes a draft that has payment terms: the order is payment pending. */
  completeDraftOrderOnTerms(
    id: string,
  ): Promise<ShopifyResult<{ draftId: string; order: { id: string; name: string; statusPageUrl: string } }>>;
  getOrderPaymentTerms(id: string): Promise<ShopifyResult<OrderPaymentTerms>>;
  sendOrderInvoice(id: string): Promise<ShopifyResult<{ id: string }>>;
  sendPaymentReminder(paymentScheduleId: string): Promise<ShopifyResult<{ sent: true }>>;
  /** Subscribes `uri` to a topic such as `ORDERS_PAID` (JSON): a subscription made by the app is signed with its secret. */
  createWebhookSubscription(topic: string, uri: string): Promise<ShopifyResult<ShopifyWebhookSubscription>>;
}

export interface ShopifyWebhookSubscription {
  id: string;
  topic: string;
  uri: string;
}

// ---- ids (docs/shopify.md#shopify-ids) ----

export type GidType = 'Product' | 'ProductVariant' | 'DraftOrder' | 'Order' | 'PaymentSchedule';

/**
 * `gid://shopify/{type}/{id}` for a numeric id or a GID of that type; null for anything else (another type,
 * a name like '#D12', an empty string). Numeric ids stay strings: they can exceed 2^53.
 */
export function toGid(type: GidType, id: string | number): string | null {
  const value = String(id).trim();
  if (/^\d+$/.test(value)) return `gid://shopify/${type}/${value}`;
  return new RegExp(`^gid://shopify/${type}/\\d+$`).test(value) ? value : null;
}

// ---- mapping ----

const imageUrlOf = (node: Media | null | undefined) => node?.preview?.image?.url ?? null;

function toVariant(node: ListedVariant | FetchedVariant): ShopifyVariant {
  return {
    id: node.id,
    legacyResourceId: node.legacyResourceId,
    title: node.title,
    sku: node.sku,
    price: node.price,
    compareAtPrice: node.compareAtPrice,
    inventoryQuantity: node.inventoryQuantity,
    imageUrl: 'media' in node ? imageUrlOf(node.media.nodes[0]) : null,
    ...('portalVisible' in node ? { portalVisible: portalVisibleOf(node.portalVisible) } : {}),
  };
}

/** A boolean metafield's value is the string 'true' or 'false'; anything else (edited by hand) reads as unset. */
function portalVisibleOf(metafield: { value: string } | null): boolean | null {
  if (metafield?.value === 'true') return true;
  if (metafield?.value === 'false') return false;
  return null;
}

function toProduct(node: ListedProduct | FetchedProduct, variants: ShopifyVariant[]): ShopifyProduct {
  return {
    id: node.id,
    legacyResourceId: node.legacyResourceId,
    title: node.title,
    handle: node.handle,
    status: node.status,
    updatedAt: node.updatedAt,
    imageUrl: imageUrlOf(node.featuredMedia),
    variants,
  };
}

type DraftOrderNode = {
  id: string;
  legacyResourceId?: string;
  name: string;
  status: ShopifyDraftOrder['status'];
  invoiceUrl: string | null;
  invoiceSentAt?: string | null;
  completedAt?: string | null;
  order?: ShopifyDraftOrder['order'];
  totalPriceSet?: MoneyBag;
};

/** Only the fields the answering document selected: absent stays absent, null stays null. */
function toDraftOrder(node: DraftOrderNode): ShopifyDraftOrder {
  const draft: ShopifyDraftOrder = {
    id: node.id,
    name: node.name,
    status: node.status,
    invoiceUrl: node.invoiceUrl,
  };
  if (node.legacyResourceId !== undefined) draft.legacyResourceId = node.legacyResourceId;
  if (node.invoiceSentAt !== undefined) draft.invoiceSentAt = node.invoiceSentAt;
  if (node.completedAt !== undefined) draft.completedAt = node.completedAt;
  if (node.order !== undefined) draft.order = node.order;
  if (node.totalPriceSet) draft.totalPrice = node.totalPriceSet.shopMoney.amount;
  return draft;
}

function toDraftOrderInput(input: Partial<DraftOrderInput>): ShopifyResult<Record<string, unknown>> {
  const { lineItems, ...rest } = input;
  const graphqlInput: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(rest)) if (value !== undefined) graphqlInput[key] = value;
  if (lineItems) {
    const lines: Record<string, unknown>[] = [];
    for (const [index, line] of lineItems.entries()) {
      if (!('variantId' in line)) {
        lines.push({ ...line });
        continue;
      }
      const variantId = toGid('ProductVariant', line.variantId);
      if (!variantId)
        return invalidArgument(`lineItems[${index}].variantId '${line.variantId}' is not a variant id`);
      lines.push({ ...line, variantId });
    }
    graphqlInput.lineItems = lines;
  }
  return { ok: true, data: graphqlInput };
}

function invalidArgument<T>(message: string): ShopifyResult<T> {
  return shopifyFailure('graphql', message, { retryable: false });
}

function notFound<T>(what: string, id: string): ShopifyResult<T> {
  return shopifyFailure('not-found', `Shopify has no ${what} ${id}`);
}

/** Mutation payload → its result, or user-errors (never retryable: the same input fails the same way). */
function fromPayload<
  P extends { userErrors: { field: string[] | null; message: string; code?: string | null }[] },
  T,
>(operation: string, payload: P | null, map: (payload: P) => ShopifyResult<T>): ShopifyResult<T> {
  if (!payload) return shopifyFailure('invalid-response', `${operation}: Shopify returned no payload`);
  if (payload.userErrors.length > 0) {
    const message = payload.userErrors
      .map((error) => (error.field?.length ? `${error.field.join('.')}: ${error.message}` : error.message))
      .join('; ');
    return shopifyFailure('user-errors', `${operation}: ${message}`, {
      retryable: false,
      userErrors: payload.userErrors.map((error) => ({ ...error })),
    });
  }
  return map(payload);
}

function draftOrFailure(operation: string, draft: DraftOrderNode | null): ShopifyResult<ShopifyDraftOrder> {
  return draft
    ? { ok: true, data: toDraftOrder(draft) }
    : shopifyFailure(
        'invalid-response',
        `${operation}: Shopify returned neither a draft order nor user errors`,
      );
}

/** Shopify search syntax: quote the value so spaces, colons and dashes are literal. */
function searchValue(value: string): string {
  return `'${value.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;
}

function clamp(value: number | undefined, fallback: number, min: number, max: number): number {
  const number = Number.isFinite(value) ? Math.trunc(value as number) : fallback;
  return Math.min(Math.max(number, min), max);
}

export function createShopifyApi(client: ShopifyClient): ShopifyApi {
  /** The variants after `after`, page by page, through GetProduct (a product may have up to 2048). */
  async function remainingVariants(
    productId: string,
    after: string | null,
  ): Promise<ShopifyResult<{ product: FetchedProduct | null; variants: ShopifyVariant[] }>> {
    const variants: ShopifyVariant[] = [];
    let cursor = after;
    let product: FetchedProduct | null = null;
    for (;;) {
      const result = await client.request(operations.getProduct(PRODUCT_VARIANT_PAGE), {
        id: productId,
        variantsFirst: PRODUCT_VARIANT_PAGE,
        variantsAfter: cursor,
      });
      if (!result.ok) return result;
      if (!result.data.product) return { ok: true, data: { product: null, variants } };
      product ??= result.data.product;
      const page = result.data.product.variants;
      variants.push(...page.nodes.map(toVariant));
      const next = nextCursor(page.pageInfo, cursor, 'GetProduct variants');
      if (!next.ok) return next;
      if (next.data === null) return { ok: true, data: { product, variants } };
      cursor = next.data;
    }
  }

  async function getProduct(id: string): Promise<ShopifyResult<ShopifyProduct>> {
    const gid = toGid('Product', id);
    if (!gid) return notFound('product', id);
    const result = await remainingVariants(gid, null);
    if (!result.ok) return result;
    const { product, variants } = result.data;
    return product ? { ok: true, data: toProduct(product, variants) } : notFound('product', id);
  }

  return {
    async listProducts(options = {}) {
      const variantsFirst = clamp(options.variantsPerPage, 50, 1, 250);
      // Keep each page's requested cost under the 1000-point single-query limit (docs/shopify.md#query-cost).
      const maxFirst = Math.floor((MAX_QUERY_COST - 2) / (7 + variantsFirst));
      const first = clamp(options.pageSize, 10, 1, Math.min(250, maxFirst));
      const operation = operations.listProducts(first, variantsFirst);
      const products: ShopifyProduct[] = [];
      let after: string | null = null;
      for (;;) {
        const result = await client.request(operation, {
          first,
          after,
          query: options.query ?? null,
          variantsFirst,
        });
        if (!result.ok) return result;
        const page = result.data.products;
        for (const node of page.nodes) {
          const variants = node.variants.nodes.map(toVariant);
          if (node.variants.pageInfo.hasNextPage) {
            const start = nextCursor(node.variants.pageInfo, null, 'ListProducts variants');
            if (!start.ok) return start;
            const rest = await remainingVariants(node.id, start.data);
            if (!rest.ok) return rest;
            // Deleted while we were paging: leave it out, the next sync sees it gone.
            if (!rest.data.product) continue;
            variants.push(...rest.data.variants);
          }
          products.push(toProduct(node, variants));
        }
        const next = nextCursor(page.pageInfo, after, 'ListProducts');
        if (!next.ok) return next;
        if (next.data === null) return { ok: true, data: products };
        after = next.data;
      }
    },

    getProduct,

    async updateVariants(productId, variants) {
      const productGid = toGid('Product', productId);
      if (!productGid) return invalidArgument(`'${productId}' is not a product id`);
      const inputs: Record<string, unknown>[] = [];
      for (const variant of variants) {
        const id = toGid('ProductVariant', variant.id);
        if (!id) return invalidArgument(`'${variant.id}' is not a variant id`);
        // compareAtPrice: absent = leave as is, null = clear it
        // (docs/shopify.md#variant-price-and-visibility).
        inputs.push({
          id,
          ...(variant.price !== undefined ? { price: variant.price } : {}),
          ...(variant.compareAtPrice !== undefined ? { compareAtPrice: variant.compareAtPrice } : {}),
          ...(variant.portalVisible !== undefined
            ? { metafields: [{ ...PORTAL_VISIBILITY_METAFIELD, value: String(variant.portalVisible) }] }
            : {}),
        });
      }
      const result = await client.request(operations.updateVariants, {
        productId: productGid,
        variants: inputs,
      });
      if (!result.ok) return result;
      return fromPayload('productVariantsBulkUpdate', result.data.productVariantsBulkUpdate, (payload) => ({
        ok: true,
        data: (payload.productVariants ?? []).map((variant) => ({ ...variant })),
      }));
    },

    async findDraftOrderByTag(tag) {
      const result = await client.request(operations.findDraftOrderByTag, {
        query: `tag:${searchValue(tag)}`,
      });
      if (!result.ok) return result;
      // Search is fuzzy and case-insensitive: only an exact tag match counts.
      const match = result.data.draftOrders.nodes.find((node) =>
        node.tags.some((candidate) => candidate.toLowerCase() === tag.toLowerCase()),
      );
      return { ok: true, data: match ? toDraftOrder(match) : null };
    },

    async createDraftOrder(input) {
      const graphqlInput = toDraftOrderInput(input);
      if (!graphqlInput.ok) return graphqlInput;
      const result = await client.request(operations.createDraftOrder, { input: graphqlInput.data });
      if (!result.ok) return result;
      return fromPayload('draftOrderCreate', result.data.draftOrderCreate, (payload) =>
        draftOrFailure('draftOrderCreate', payload.draftOrder),
      );
    },

    async updateDraftOrder(id, input) {
      const gid = toGid('DraftOrder', id);
      if (!gid) return notFound('draft order', id);
      const graphqlInput = toDraftOrderInput(input);
      if (!graphqlInput.ok) return graphqlInput;
      const result = await client.request(operations.updateDraftOrder, { id: gid, input: graphqlInput.data });
      if (!result.ok) return result;
      return fromPayload('draftOrderUpdate', result.data.draftOrderUpdate, (payload) =>
        draftOrFailure('draftOrderUpdate', payload.draftOrder),
      );
    },

    async getDraftOrder(id) {
      const gid = toGid('DraftOrder', id);
      if (!gid) return notFound('draft order', id);
      const result = await client.request(operations.getDraftOrder, { id: gid });
      if (!result.ok) return result;
      const draft = result.data.draftOrder;
      return draft ? { ok: true, data: toDraftOrder(draft) } : notFound('draft order', id);
    },

    async sendDraftOrderInvoice(id, email) {
      const gid = toGid('DraftOrder', id);
      if (!gid) return notFound('draft order', id);
      const result = await client.request(operations.sendDraftOrderInvoice, {
        id: gid,
        email: email ?? null,
      });
      if (!result.ok) return result;
      return fromPayload('draftOrderInvoiceSend', result.data.draftOrderInvoiceSend, (payload) =>
        draftOrFailure('draftOrderInvoiceSend', payload.draftOrder),
      );
    },

    async deleteDraftOrder(id) {
      const gid = toGid('DraftOrder', id);
      if (!gid) return notFound('draft order', id);
      const result = await client.request(operations.deleteDraftOrder, { id: gid });
      if (!result.ok) return result;
      return fromPayload('draftOrderDelete', result.data.draftOrderDelete, (payload) =>
        payload.deletedId
          ? { ok: true, data: { deletedId: payload.deletedId } }
          : notFound('draft order', id),
      );
    },

    async completeDraftOrder(id) {
      const gid = toGid('DraftOrder', id);
      if (!gid) return notFound('draft order', id);
      const result = await client.request(operations.completeDraftOrder, { id: gid });
      if (!result.ok) return result;
      return fromPayload('draftOrderComplete', result.data.draftOrderComplete, (payload) =>
        draftOrFailure('draftOrderComplete', payload.draftOrder),
      );
    },

    async getOrder(id) {
      const gid = toGid('Order', id);
      if (!gid) return notFound('order', id);
      const result = await client.request(operations.getOrder, { id: gid });
      if (!result.ok) return result;
      const order = result.data.order;
      return order ? { ok: true, data: order } : notFound('order', id);
    },

    async listNetPaymentTermsTemplates() {
      const result = await client.request(operations.paymentTermsTemplates, {});
      if (!result.ok) return result;
      return {
        ok: true,
        data: result.data.paymentTermsTemplates
          .filter((template) => template.paymentTermsType === 'NET')
          .map(({ id, name, dueInDays }) => ({ id, name, dueInDays })),
      };
    },

    async completeDraftOrderOnTerms(id) {
      const gid = toGid('DraftOrder', id);
      if (!gid) return notFound('draft order', id);
      const result = await client.request(operations.completeDraftOrderOnTerms, { id: gid });
      if (!result.ok) return result;
      return fromPayload('draftOrderComplete', result.data.draftOrderComplete, (payload) => {
        const order = payload.draftOrder?.order;
        if (!payload.draftOrder || !order) {
          return shopifyFailure('invalid-response', 'draftOrderComplete: Shopify returned no order');
        }
        const { id: orderId, name, statusPageUrl } = order;
        return {
          ok: true,
          data: { draftId: payload.draftOrder.id, order: { id: orderId, name, statusPageUrl } },
        };
      });
    },

    async getOrderPaymentTerms(id) {
      const gid = toGid('Order', id);
      if (!gid) return notFound('order', id);
      const result = await client.request(operations.getOrderPaymentTerms, { id: gid });
      if (!result.ok) return result;
      const order = result.data.order;
      if (!order) return notFound('order', id);
      const { paymentTerms, ...rest } = order;
      const schedule = paymentTerms?.paymentSchedules.nodes[0] ?? null;
      return {
        ok: true,
        data: {
          ...rest,
          schedule: schedule ? { ...schedule } : null,
          overdue: paymentTerms?.overdue ?? false,
        },
      };
    },

    async sendOrderInvoice(id) {
      const gid = toGid('Order', id);
      if (!gid) return notFound('order', id);
      const result = await client.request(operations.sendOrderInvoice, { id: gid });
      if (!result.ok) return result;
      return fromPayload('orderInvoiceSend', result.data.orderInvoiceSend, (payload) =>
        payload.order
          ? { ok: true, data: { id: payload.order.id } }
          : shopifyFailure('invalid-response', 'orderInvoiceSend: no order and no user errors'),
      );
    },

    async sendPaymentReminder(paymentScheduleId) {
      const gid = toGid('PaymentSchedule', paymentScheduleId);
      if (!gid) return notFound('payment schedule', paymentScheduleId);
      const result = await client.request(operations.sendPaymentReminder, { id: gid });
      if (!result.ok) return result;
      return fromPayload('paymentReminderSend', result.data.paymentReminderSend, (payload) =>
        payload.success
          ? { ok: true, data: { sent: true as const } }
          : shopifyFailure('invalid-response', 'paymentReminderSend: not sent and no user errors'),
      );
    },

    async createWebhookSubscription(topic, uri) {
      const result = await client.request(operations.createWebhook, { topic, sub: { uri, format: 'JSON' } });
      if (!result.ok) return result;
      return fromPayload('webhookSubscriptionCreate', result.data.webhookSubscriptionCreate, (payload) =>
        payload.webhookSubscription
          ? {
              ok: true,
              data: {
                id: payload.webhookSubscription.id,
                topic: payload.webhookSubscription.topic,
                uri: payload.webhookSubscription.uri,
              },
            }
          : shopifyFailure(
              'invalid-response',
              'webhookSubscriptionCreate: no subscription and no user errors',
            ),
      );
    },
  };
}

/** The cursor of the next page, null at the end; a page that claims more but gives no new cursor is a bug. */
function nextCursor(info: PageInfo, previous: string | null, what: string): ShopifyResult<string | null> {
  if (!info.hasNextPage) return { ok: true, data: null };
  if (!info.endCursor || info.endCursor === previous) {
    return shopifyFailure('invalid-response', `${what}: hasNextPage without a new endCursor`);
  }
  return { ok: true, data: info.endCursor };
}
