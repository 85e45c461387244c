import type { Cents } from '../../src/shared/money';
import { variantsOf } from './catalogue';
import { draftTotals } from './draft-totals';
import { toGid } from './gid';
import { formatMoney } from './money';
import { fulfillmentsOf } from './orders';
import type {
  FakeAddress,
  FakeAttribute,
  FakeDiscount,
  FakeDraftOrder,
  FakeFulfillment,
  FakeOrder,
  FakeOrderLine,
  FakePaymentTerms,
  FakeProduct,
} from './state';
import { orderToken, type FakeStore, type StoreEvent } from './store';

/**
 * Webhook bodies: REST-style snake_case JSON modelled on Shopify's own examples
 * (src/server/integrations/shopify/webhook-examples, docs/shopify.md#webhook-topics). Ids are JSON numbers
 * next to their `admin_graphql_api_id` GIDs; statuses are lowercase (`invoice_sent`, `paid`); times carry the
 * shop's UTC offset like the examples ("2021-12-31T19:00:00-05:00"); `note_attributes` are `{name, value}`.
 */
export type Payload = Record<string, unknown>;

export interface PayloadOptions {
  apiVersion: string;
  /** Offset of the shop's time zone, in minutes (-300 = UTC−05:00, as in Shopify's examples). */
  utcOffsetMinutes: number;
}

export function restTime(ms: number | null, utcOffsetMinutes: number): string | null {
  if (ms === null) return null;
  const local = new Date(ms + utcOffsetMinutes * 60_000).toISOString().slice(0, 19);
  const sign = utcOffsetMinutes < 0 ? '-' : '+';
  const abs = Math.abs(utcOffsetMinutes);
  const offset = `${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
  return `${local}${sign}${offset}`;
}

const countryNames = new Intl.DisplayNames(['en'], { type: 'region' });

function moneySet(cents: Cents, currency: string) {
  const money = { amount: formatMoney(cents), currency_code: currency };
  return { shop_money: money, presentment_money: money };
}

function addressPayload(address: FakeAddress | null): Payload | null {
  if (!address) return null;
  return {
    first_name: address.firstName,
    address1: address.address1,
    phone: address.phone,
    city: address.city,
    zip: address.zip,
    province: address.provinceCode,
    country: address.countryCode ? (countryNames.of(address.countryCode) ?? address.countryCode) : null,
    last_name: address.lastName,
    address2: address.address2,
    company: address.company,
    latitude: null,
    longitude: null,
    name: [address.firstName, address.lastName].filter(Boolean).join(' '),
    country_code: address.countryCode,
    province_code: address.provinceCode,
  };
}

const noteAttributes = (attributes: FakeAttribute[]) =>
  attributes.map((attribute) => ({ name: attribute.key, value: attribute.value }));

function discountPayload(discount: FakeDiscount | null, amount: Cents): Payload | null {
  if (!discount) return null;
  return {
    description: discount.description ?? discount.title ?? '',
    value: String(discount.value.toFixed(1)),
    title: discount.title,
    amount: formatMoney(amount),
    value_type: discount.valueType === 'PERCENTAGE' ? 'percentage' : 'fixed_amount',
  };
}

/**
 * `payment_terms` as in Shopify's draft_orders example: the terms, and each schedule with its amounts
 * (what is still to pay on the draft or order) and the owner it references.
 */
function paymentTermsPayload(
  terms: FakePaymentTerms | null,
  owner: { id: number; type: 'DraftOrder' | 'Order'; total: Cents; outstanding: Cents; currency: string },
  time: (ms: number | null) => string | null,
): Payload | null {
  if (!terms) return null;
  return {
    id: terms.id,
    payment_terms_name: terms.name,
    payment_terms_type: terms.paymentTermsType.toLowerCase(),
    due_in_days: terms.dueInDays,
    created_at: time(terms.createdAt),
    updated_at: time(terms.updatedAt),
    payment_schedules: terms.schedules.map((schedule) => {
      const balance = formatMoney(schedule.completedAt === null ? owner.outstanding : 0);
      const total = formatMoney(owner.total);
      return {
        id: schedule.id,
        created_at: time(terms.createdAt),
        updated_at: time(terms.updatedAt),
        payment_terms_id: terms.id,
        reference_id: owner.id,
        reference_type: owner.type,
        issued_at: time(schedule.issuedAt),
        due_at: time(schedule.dueAt),
        completed_at: time(schedule.completedAt),
        amount: total,
        currency: owner.currency,
        total_price: total,
        total_price_currency: owner.currency,
        balance_due: balance,
        balance_due_currency: owner.currency,
        total_balance: balance,
        total_balance_currency: owner.currency,
        outstanding_balance: balance,
        outstanding_balance_currency: owner.currency,
      };
    }),
    can_pay_early: true,
  };
}

export function draftOrderPayload(store: FakeStore, draft: FakeDraftOrder, options: PayloadOptions): Payload {
  const time = (ms: number | null) => restTime(ms, options.utcOffsetMinutes);
  const totals = draftTotals(store, draft);
  return {
    id: draft.id,
    note: draft.note,
    email: draft.email,
    taxes_included: false,
    currency: draft.currencyCode,
    invoice_sent_at: time(draft.invoiceSentAt),
    created_at: time(draft.createdAt),
    updated_at: time(draft.updatedAt),
    tax_exempt: draft.taxExempt,
    completed_at: time(draft.completedAt),
    name: `#D${draft.number}`,
    'allow_discount_codes_in_checkout?': false,
    'b2b?': false,
    status: draft.status.toLowerCase(),
    line_items: draft.lineItems.map((line) => {
      const prices = totals.lines.get(line.id);
      return {
        id: line.id,
        variant_id: line.variantId,
        product_id: line.productId,
        title: line.title,
        variant_title: line.variantTitle,
        sku: line.sku,
        vendor: line.vendor,
        quantity: line.quantity,
        requires_shipping: line.requiresShipping,
        taxable: line.taxable,
        gift_card: false,
        fulfillment_service: 'manual',
        grams: 0,
        tax_lines: [],
        applied_discount: discountPayload(line.appliedDiscount, prices?.discount ?? 0),
        name: line.variantTitle ? `${line.title} - ${line.variantTitle}` : line.title,
        properties: noteAttributes(line.customAttributes),
        custom: line.variantId === null,
        price: formatMoney(prices?.unitPrice ?? 0),
        admin_graphql_api_id: toGid('DraftOrderLineItem', line.id),
      };
    }),
    api_client_id: null,
    shipping_address: addressPayload(draft.shippingAddress),
    billing_address: addressPayload(draft.billingAddress),
    invoice_url: store.invoiceUrl(draft),
    created_on_api_version_handle: options.apiVersion,
    applied_discount: discountPayload(draft.appliedDiscount, totals.orderDiscount),
    order_id: draft.orderId,
    shipping_line: draft.shippingLine
      ? {
          custom: true,
          handle: null,
          title: draft.shippingLine.title,
          price: formatMoney(draft.shippingLine.price),
        }
      : null,
    tax_lines: [],
    tags: draft.tags.join(', '),
    note_attributes: noteAttributes(draft.customAttributes),
    total_price: formatMoney(totals.total),
    subtotal_price: formatMoney(totals.subtotal),
    total_tax: '0.00',
    payment_terms: paymentTermsPayload(
      draft.paymentTerms,
      {
        id: draft.id,
        type: 'DraftOrder',
        total: totals.total,
        outstanding: totals.total,
        currency: draft.currencyCode,
      },
      time,
    ),
    admin_graphql_api_id: toGid('DraftOrder', draft.id),
    customer: null,
  };
}

/** An opaque id like Shopify's (base64 without padding, 'MTU0ODM4MDAwOQ'), stable per shop. */
function merchantBusinessEntityId(store: FakeStore): string {
  return Buffer.from(String(store.shop.id)).toString('base64url');
}

function orderLinePayload(order: FakeOrder, line: FakeOrderLine, quantity = line.quantity): Payload {
  const fulfillmentStatus =
    line.fulfilledQuantity >= line.quantity ? 'fulfilled' : line.fulfilledQuantity > 0 ? 'partial' : null;
  return {
    id: line.id,
    admin_graphql_api_id: toGid('LineItem', line.id),
    fulfillable_quantity: line.quantity - line.fulfilledQuantity,
    fulfillment_service: 'manual',
    fulfillment_status: fulfillmentStatus,
    gift_card: false,
    grams: 0,
    name: line.variantTitle ? `${line.title} - ${line.variantTitle}` : line.title,
    price: formatMoney(line.unitPrice),
    price_set: moneySet(line.unitPrice, order.currencyCode),
    product_exists: line.productId !== null,
    product_id: line.productId,
    properties: noteAttributes(line.customAttributes),
    quantity,
    requires_shipping: line.requiresShipping,
    sku: line.sku,
    taxable: line.taxable,
    title: line.title,
    total_discount: formatMoney(line.discount),
    total_discount_set: moneySet(line.discount, order.currencyCode),
    variant_id: line.variantId,
    variant_inventory_management: line.variantId === null ? null : 'shopify',
    variant_title: line.variantTitle,
    vendor: line.vendor,
    tax_lines: [],
    duties: [],
    discount_allocations: [],
  };
}

export function fulfillmentPayload(
  store: FakeStore,
  fulfillment: FakeFulfillment,
  options: PayloadOptions,
): Payload {
  const time = (ms: number | null) => restTime(ms, options.utcOffsetMinutes);
  const order = store.orders.get(fulfillment.orderId);
  const [tracking] = fulfillment.tracking;
  const numbers = fulfillment.tracking.flatMap((info) => (info.number ? [info.number] : []));
  const urls = fulfillment.tracking.flatMap((info) => (info.url ? [info.url] : []));
  return {
    id: fulfillment.id,
    order_id: fulfillment.orderId,
    status: fulfillment.status.toLowerCase(),
    created_at: time(fulfillment.createdAt),
    service: 'manual',
    updated_at: time(fulfillment.updatedAt),
    tracking_company: tracking?.company ?? null,
    shipment_status: fulfillment.shipmentStatus,
    location_id: null,
    origin_address: null,
    email: order?.email ?? null,
    destination: addressPayload(order?.shippingAddress ?? null),
    line_items: order
      ? fulfillment.lineItems.flatMap(({ lineId, quantity }) => {
          const line = order.lineItems.find((candidate) => candidate.id === lineId);
          return line ? [orderLinePayload(order, line, quantity)] : [];
        })
      : [],
    tracking_number: tracking?.number ?? null,
    tracking_numbers: numbers,
    tracking_url: tracking?.url ?? null,
    tracking_urls: urls,
    receipt: {},
    name: `#${order?.number ?? ''}.${fulfillment.sequence}`,
    admin_graphql_api_id: toGid('Fulfillment', fulfillment.id),
  };
}

export function orderPayload(store: FakeStore, order: FakeOrder, options: PayloadOptions): Payload {
  const time = (ms: number | null) => restTime(ms, options.utcOffsetMinutes);
  const currency = order.currencyCode;
  const paid = order.financialStatus === 'PAID';
  const lineItemsTotal = order.lineItems.reduce((sum, line) => sum + line.unitPrice * line.quantity, 0);
  const fulfillmentStatus =
    order.fulfillmentStatus === 'FULFILLED'
      ? 'fulfilled'
      : order.fulfillmentStatus === 'PARTIALLY_FULFILLED'
        ? 'partial'
        : null;
  return {
    id: order.id,
    admin_graphql_api_id: toGid('Order', order.id),
    app_id: null,
    browser_ip: null,
    buyer_accepts_marketing: false,
    cancel_reason: null,
    cancelled_at: time(order.cancelledAt),
    cart_token: null,
    checkout_token: null,
    client_details: null,
    closed_at: time(order.closedAt),
    confirmation_number: order.id.toString(36).toUpperCase().slice(-9),
    confirmed: true,
    contact_email: order.email,
    created_at: time(order.createdAt),
    currency,
    // current_* are the amounts after edits and refunds, which the fake does not model: equal to the originals.
    current_shipping_price_set: moneySet(order.shipping, currency),
    current_subtotal_price: formatMoney(order.subtotal),
    current_subtotal_price_set: moneySet(order.subtotal, currency),
    current_total_additional_fees_set: null,
    current_total_discounts: formatMoney(order.totalDiscounts),
    current_total_discounts_set: moneySet(order.totalDiscounts, currency),
    current_total_duties_set: null,
    current_total_price: formatMoney(order.total),
    current_total_price_set: moneySet(order.total, currency),
    current_total_tax: '0.00',
    current_total_tax_set: moneySet(0, currency),
    customer_locale: 'en',
    device_id: null,
    discount_codes: [],
    duties_included: false,
    email: order.email,
    estimated_taxes: false,
    financial_status: order.financialStatus.toLowerCase(),
    fulfillment_status: fulfillmentStatus,
    landing_site: null,
    landing_site_ref: null,
    location_id: null,
    merchant_business_entity_id: merchantBusinessEntityId(store),
    merchant_of_record_app_id: null,
    name: `#${order.number}`,
    note: order.note,
    note_attributes: noteAttributes(order.customAttributes),
    number: order.number - 1000,
    order_number: order.number,
    order_status_url: store.orderStatusUrl(order),
    original_total_additional_fees_set: null,
    original_total_duties_set: null,
    payment_gateway_names: order.paymentGatewayNames,
    phone: order.phone,
    po_number: order.poNumber,
    presentment_currency: currency,
    processed_at: time(order.processedAt),
    reference: null,
    referring_site: null,
    source_identifier: null,
    source_name: order.sourceName,
    source_url: null,
    subtotal_price: formatMoney(order.subtotal),
    subtotal_price_set: moneySet(order.subtotal, currency),
    tags: order.tags.join(', '),
    tax_exempt: false,
    tax_lines: [],
    taxes_included: false,
    test: false,
    token: orderToken(order),
    // No cash payments in the fake, so nothing is ever rounded.
    total_cash_rounding_payment_adjustment_set: moneySet(0, currency),
    total_cash_rounding_refund_adjustment_set: moneySet(0, currency),
    total_discounts: formatMoney(order.totalDiscounts),
    total_discounts_set: moneySet(order.totalDiscounts, currency),
    total_line_items_price: formatMoney(lineItemsTotal),
    total_line_items_price_set: moneySet(lineItemsTotal, currency),
    total_outstanding: formatMoney(paid ? 0 : order.total),
    total_price: formatMoney(order.total),
    total_price_set: moneySet(order.total, currency),
    total_shipping_price_set: moneySet(order.shipping, currency),
    total_tax: '0.00',
    total_tax_set: moneySet(0, currency),
    total_tip_received: '0.00',
    total_weight: 0,
    updated_at: time(order.updatedAt),
    user_id: null,
    billing_address: addressPayload(order.billingAddress),
    customer: null,
    discount_applications: [],
    fulfillments: fulfillmentsOf(store, order).map((fulfillment) =>
      fulfillmentPayload(store, fulfillment, options),
    ),
    line_item_groups: [],
    line_items: order.lineItems.map((line) => ({
      ...orderLinePayload(order, line),
      // Only in orders/* bodies, not in a fulfillment's lines (as in Shopify's examples). No staff sells
      // through the portal, no bundles group lines, and no edit or refund changes a quantity.
      attributed_staffs: [],
      current_quantity: line.quantity,
      sales_line_item_group_id: null,
    })),
    payment_terms: paymentTermsPayload(
      order.paymentTerms,
      {
        id: order.id,
        type: 'Order',
        total: order.total,
        outstanding: paid ? 0 : order.total,
        currency,
      },
      time,
    ),
    refunds: [],
    returns: [],
    shipping_address: addressPayload(order.shippingAddress),
    shipping_lines: shippingLinesPayload(order),
  };
}

/** The order's one shipping line, as Shopify's order examples show it (a fixed line: no carrier). */
function shippingLinesPayload(order: FakeOrder) {
  if (order.shippingTitle === null) return [];
  const price = moneySet(order.shipping, order.currencyCode);
  return [
    {
      id: order.id,
      carrier_identifier: null,
      code: order.shippingTitle,
      current_discounted_price_set: price,
      discounted_price: formatMoney(order.shipping),
      discounted_price_set: price,
      is_removed: false,
      phone: null,
      price: formatMoney(order.shipping),
      price_set: price,
      requested_fulfillment_service_id: null,
      source: 'shopify',
      title: order.shippingTitle,
      tax_lines: [],
      discount_allocations: [],
    },
  ];
}

/**
 * products/update sends full details for the first 100 variants only (docs/shopify.md#webhook-topics,
 * docs/shopify.md#product-updates).
 */
export function productPayload(store: FakeStore, product: FakeProduct, options: PayloadOptions): Payload {
  const time = (ms: number | null) => restTime(ms, options.utcOffsetMinutes);
  const variants = variantsOf(store, product);
  return {
    admin_graphql_api_id: toGid('Product', product.id),
    body_html: product.descriptionHtml,
    created_at: time(product.createdAt),
    handle: product.handle,
    id: product.id,
    product_type: product.productType,
    published_at: time(product.publishedAt),
    template_suffix: null,
    title: product.title,
    updated_at: time(product.updatedAt),
    vendor: product.vendor,
    status: product.status.toLowerCase(),
    published_scope: 'web',
    tags: product.tags.join(', '),
    variants: variants.slice(0, 100).map((variant) => ({
      admin_graphql_api_id: toGid('ProductVariant', variant.id),
      barcode: variant.barcode,
      compare_at_price: variant.compareAtPrice === null ? null : formatMoney(variant.compareAtPrice),
      created_at: time(variant.createdAt),
      id: variant.id,
      inventory_policy: 'deny',
      position: variant.position,
      price: formatMoney(variant.price),
      product_id: product.id,
      sku: variant.sku,
      taxable: variant.taxable,
      title: variant.title,
      updated_at: time(variant.updatedAt),
      option1: variant.title,
      option2: null,
      option3: null,
      image_id: variant.image?.imageId ?? null,
      inventory_item_id: null,
      inventory_quantity: variant.inventoryQuantity,
      old_inventory_quantity: variant.inventoryQuantity,
    })),
    options: [{ name: 'Title', position: 1, values: variants.map((variant) => variant.title) }],
    images: [],
    image: null,
    media: [],
    variant_gids: [...variants]
      .sort((a, b) => b.updatedAt - a.updatedAt)
      .map((variant) => ({
        admin_graphql_api_id: toGid('ProductVariant', variant.id),
        updated_at: new Date(variant.updatedAt).toISOString(),
      })),
    has_variants_that_requires_components: false,
    category: null,
  };
}

/** The webhook body for a store event, built at once so later changes do not leak into it. */
export function payloadForEvent(store: FakeStore, event: StoreEvent, options: PayloadOptions): Payload {
  switch (event.topic) {
    case 'products/create':
    case 'products/update':
      return productPayload(store, event.product, options);
    case 'draft_orders/create':
    case 'draft_orders/update':
      return draftOrderPayload(store, event.draftOrder, options);
    case 'draft_orders/delete':
      return { id: event.draftOrderId };
    case 'fulfillments/create':
    case 'fulfillments/update':
      return fulfillmentPayload(store, event.fulfillment, options);
    default:
      return orderPayload(store, event.order, options);
  }
}
