import type { Cents } from '../../src/shared/money';
import { variantsOf } from './catalogue';
import { paginate } from './pagination';
import { draftTotals } from './draft-totals';
import { draftCustomerView, purchasingEntityView } from './company-views';
import { toGid } from './gid';
import { findMetafield, type FakeMetafield } from './metafields';
import { formatDecimal, formatMoney } from './money';
import { fulfillmentsOf } from './orders';
import { isPastDue, termsPastDue } from './payment-terms';
import type {
  FakeAddress,
  FakeDraftLine,
  FakeDraftOrder,
  FakeFulfillment,
  FakeImage,
  FakeOrder,
  FakeOrderLine,
  FakePaymentSchedule,
  FakePaymentTerms,
  FakeProduct,
  FakeVariant,
  FakeWebhookSubscription,
} from './state';
import type { FakeStore } from './store';
import { countryName, iso, type View } from './view-basics';

export function moneyV2(cents: Cents, currencyCode: string): View {
  return { amount: formatDecimal(cents), currencyCode };
}

export function moneyBag(cents: Cents, currencyCode: string): View {
  const money = moneyV2(cents, currencyCode);
  return { shopMoney: money, presentmentMoney: money };
}

const byId = <T extends { id: number }>(item: T) => ({ id: item.id, value: item.id });

function imageView(image: FakeImage): View {
  return {
    __typename: 'Image',
    id: toGid('ImageSource', image.imageId),
    url: () => image.url,
    altText: image.altText,
    width: null,
    height: null,
    thumbhash: null,
  };
}

function mediaView(image: FakeImage, at: number): View {
  const preview = { image: imageView(image), status: 'READY' };
  return {
    __typename: 'MediaImage',
    id: toGid('MediaImage', image.mediaId),
    alt: image.altText,
    mediaContentType: 'IMAGE',
    status: 'READY',
    mediaErrors: [],
    mediaWarnings: [],
    preview,
    image: preview.image,
    mimeType: 'image/png',
    fileStatus: 'READY',
    fileErrors: [],
    createdAt: iso(at),
    updatedAt: iso(at),
  };
}

function mediaConnection(image: FakeImage | null, at: number) {
  return (args: unknown) =>
    paginate(
      image ? [image] : [],
      args,
      (item) => ({ id: item.mediaId, value: item.mediaId }),
      (item) => mediaView(item, at),
    );
}

export function productView(store: FakeStore, product: FakeProduct): View {
  const variants = () => variantsOf(store, product);
  const prices = () => variants().map((variant) => variant.price);
  return {
    __typename: 'Product',
    id: toGid('Product', product.id),
    legacyResourceId: String(product.id),
    title: product.title,
    handle: product.handle,
    status: product.status,
    vendor: product.vendor,
    productType: product.productType,
    tags: product.tags,
    descriptionHtml: product.descriptionHtml,
    description: (args: { truncateAt?: number | null }) => {
      const text = product.descriptionHtml.replace(/<[^>]*>/g, '');
      return args.truncateAt ? text.slice(0, args.truncateAt) : text;
    },
    createdAt: iso(product.createdAt),
    updatedAt: iso(product.updatedAt),
    publishedAt: iso(product.publishedAt),
    onlineStoreUrl: null,
    isGiftCard: false,
    tracksInventory: true,
    requiresSellingPlan: false,
    hasOnlyDefaultVariant: () => variants().length === 1 && variants()[0]?.title === 'Default Title',
    hasOutOfStockVariants: () => variants().some((variant) => variant.inventoryQuantity <= 0),
    hasVariantsThatRequiresComponents: false,
    totalInventory: () => variants().reduce((sum, variant) => sum + variant.inventoryQuantity, 0),
    featuredMedia: product.image ? mediaView(product.image, product.createdAt) : null,
    media: mediaConnection(product.image, product.createdAt),
    mediaCount: { count: product.image ? 1 : 0, precision: 'EXACT' },
    variantsCount: () => ({ count: variants().length, precision: 'EXACT' }),
    variants: (args: { sortKey?: string }) =>
      paginate(
        variants(),
        args,
        (variant) => ({ id: variant.id, value: args.sortKey === 'ID' ? variant.id : variant.position }),
        (variant) => variantView(store, variant),
      ),
    priceRangeV2: () => ({
      minVariantPrice: moneyV2(prices().length ? Math.min(...prices()) : 0, store.shop.currencyCode),
      maxVariantPrice: moneyV2(Math.max(0, ...prices()), store.shop.currencyCode),
    }),
    seo: { title: null, description: null },
    defaultCursor: Buffer.from(JSON.stringify({ last_id: product.id, last_value: product.id })).toString(
      'base64',
    ),
  };
}

export function variantView(store: FakeStore, variant: FakeVariant): View {
  const product = () => store.products.get(variant.productId);
  return {
    __typename: 'ProductVariant',
    id: toGid('ProductVariant', variant.id),
    legacyResourceId: String(variant.id),
    title: variant.title,
    displayName: () => `${product()?.title ?? ''} - ${variant.title}`,
    sku: variant.sku,
    barcode: variant.barcode,
    price: formatMoney(variant.price),
    compareAtPrice: variant.compareAtPrice === null ? null : formatMoney(variant.compareAtPrice),
    inventoryQuantity: variant.inventoryQuantity,
    sellableOnlineQuantity: Math.max(0, variant.inventoryQuantity),
    availableForSale: variant.published && product()?.status === 'ACTIVE',
    inventoryPolicy: 'DENY',
    position: variant.position,
    taxable: variant.taxable,
    requiresComponents: false,
    showUnitPrice: false,
    selectedOptions: [{ name: 'Title', value: variant.title }],
    createdAt: iso(variant.createdAt),
    updatedAt: iso(variant.updatedAt),
    product: () => {
      const owner = product();
      return owner ? productView(store, owner) : null;
    },
    media: mediaConnection(variant.image, variant.createdAt),
    metafield: (args: { namespace?: string | null; key: string }) => {
      const metafield = findMetafield(variant.metafields, args);
      return metafield ? metafieldView(metafield, variant.id) : null;
    },
  };
}

function metafieldView(metafield: FakeMetafield, ownerId: number): View {
  return {
    __typename: 'Metafield',
    id: toGid('Metafield', metafield.id),
    legacyResourceId: String(metafield.id),
    namespace: metafield.namespace,
    key: metafield.key,
    type: metafield.type,
    value: metafield.value,
    ownerType: 'PRODUCTVARIANT',
    createdAt: iso(metafield.createdAt),
    updatedAt: iso(metafield.updatedAt),
    owner: () => ({ __typename: 'ProductVariant', id: toGid('ProductVariant', ownerId) }),
  };
}

function addressView(address: FakeAddress | null, ownerId: number): View | null {
  if (!address) return null;
  const name = [address.firstName, address.lastName].filter(Boolean).join(' ') || null;
  const country = address.countryCode ? countryName(address.countryCode) : null;
  return {
    __typename: 'MailingAddress',
    id: toGid('MailingAddress', ownerId),
    ...address,
    name,
    country,
    countryCodeV2: address.countryCode,
    province: address.provinceCode,
    formattedArea: [address.city, address.provinceCode, country].filter(Boolean).join(', ') || null,
    formatted: () =>
      [
        address.company,
        address.address1,
        address.address2,
        [address.city, address.provinceCode, address.zip].filter(Boolean).join(' '),
        country,
      ].filter((part): part is string => Boolean(part)),
    coordinatesValidated: false,
    latitude: null,
    longitude: null,
    timeZone: null,
  };
}

function discountView(
  discount: FakeDraftOrder['appliedDiscount'],
  amount: Cents,
  currencyCode: string,
): View | null {
  if (!discount) return null;
  return {
    title: discount.title,
    description: discount.description ?? '',
    value: discount.value,
    valueType: discount.valueType,
    amountSet: moneyBag(amount, currencyCode),
    amountV2: moneyV2(amount, currencyCode),
    amount: formatMoney(amount),
  };
}

/** Whose terms: the draft or order they belong to, and what is still to pay on them. */
export interface TermsOwner {
  draftOrder: () => View | null;
  order: () => View | null;
  outstanding: () => Cents;
  currencyCode: string;
}

export function paymentTermsView(store: FakeStore, terms: FakePaymentTerms, owner: TermsOwner): View {
  const view: View = {
    __typename: 'PaymentTerms',
    id: toGid('PaymentTerms', terms.id),
    paymentTermsName: terms.name,
    translatedName: terms.name,
    paymentTermsType: terms.paymentTermsType,
    dueInDays: terms.dueInDays,
    due: () => termsPastDue(store, terms),
    overdue: () => termsPastDue(store, terms),
    draftOrder: owner.draftOrder,
    order: owner.order,
    paymentSchedules: (args: unknown) =>
      paginate(terms.schedules, args, byId, (schedule) => paymentScheduleView(store, schedule, view, owner)),
  };
  return view;
}

function paymentScheduleView(
  store: FakeStore,
  schedule: FakePaymentSchedule,
  terms: View,
  owner: TermsOwner,
): View {
  const balance = () => moneyV2(schedule.completedAt === null ? owner.outstanding() : 0, owner.currencyCode);
  return {
    __typename: 'PaymentSchedule',
    id: toGid('PaymentSchedule', schedule.id),
    issuedAt: iso(schedule.issuedAt),
    dueAt: iso(schedule.dueAt),
    completedAt: iso(schedule.completedAt),
    due: () => isPastDue(store, schedule),
    amount: balance,
    balanceDue: balance,
    totalBalance: balance,
    paymentTerms: terms,
  };
}

function draftLineView(store: FakeStore, draft: FakeDraftOrder, line: FakeDraftLine): View {
  const currency = draft.currencyCode;
  const prices = () => {
    const all = draftTotals(store, draft).lines.get(line.id);
    return all ?? { unitPrice: 0, originalTotal: 0, discount: 0, discountedTotal: 0 };
  };
  const variant = () => (line.variantId === null ? undefined : store.variants.get(line.variantId));
  return {
    __typename: 'DraftOrderLineItem',
    id: toGid('DraftOrderLineItem', line.id),
    uuid: line.uuid,
    title: line.title,
    name: line.variantTitle ? `${line.title} - ${line.variantTitle}` : line.title,
    variantTitle: line.variantTitle,
    sku: line.sku,
    vendor: line.vendor,
    quantity: line.quantity,
    custom: line.variantId === null,
    isGiftCard: false,
    taxable: line.taxable,
    requiresShipping: line.requiresShipping,
    taxLines: [],
    components: [],
    customAttributes: line.customAttributes,
    customAttributesV2: line.customAttributes.map((attribute) => ({
      key: attribute.key,
      value: attribute.value ?? '',
    })),
    variant: () => {
      const current = variant();
      return current ? variantView(store, current) : null;
    },
    product: () => {
      const product = line.productId === null ? undefined : store.products.get(line.productId);
      return product ? productView(store, product) : null;
    },
    image: () => {
      const current = variant();
      const image = current?.image ?? (line.productId ? store.products.get(line.productId)?.image : null);
      return image ? imageView(image) : null;
    },
    priceOverride: line.priceOverride
      ? moneyV2(line.priceOverride.amount, line.priceOverride.currencyCode)
      : null,
    originalUnitPriceWithCurrency: line.variantId === null ? moneyV2(line.customPrice ?? 0, currency) : null,
    originalUnitPriceSet: () => moneyBag(prices().unitPrice, currency),
    originalTotalSet: () => moneyBag(prices().originalTotal, currency),
    discountedTotalSet: () => moneyBag(prices().discountedTotal, currency),
    totalDiscountSet: () => moneyBag(prices().discount, currency),
    approximateDiscountedUnitPriceSet: () =>
      moneyBag(Math.round(prices().discountedTotal / Math.max(1, line.quantity)), currency),
    appliedDiscount: () => discountView(line.appliedDiscount, prices().discount, currency),
  };
}

export function draftOrderView(store: FakeStore, draft: FakeDraftOrder): View {
  const currency = draft.currencyCode;
  const totals = () => draftTotals(store, draft);
  const variantLines = draft.lineItems.filter((line) => line.variantId !== null);
  const order = () => {
    const completed = draft.orderId === null ? undefined : store.orders.get(draft.orderId);
    return completed ? orderView(store, completed) : null;
  };
  const termsOwner = (): TermsOwner => ({
    draftOrder: () => draftOrderView(store, draft),
    order,
    outstanding: () => totals().total,
    currencyCode: currency,
  });
  return {
    __typename: 'DraftOrder',
    id: toGid('DraftOrder', draft.id),
    legacyResourceId: String(draft.id),
    name: `#D${draft.number}`,
    status: draft.status,
    ready: true,
    email: draft.email,
    phone: draft.phone,
    note2: draft.note,
    poNumber: draft.poNumber,
    tags: draft.tags,
    customAttributes: draft.customAttributes,
    invoiceUrl: store.invoiceUrl(draft),
    invoiceSentAt: iso(draft.invoiceSentAt),
    invoiceEmailTemplateSubject: `Complete your purchase`,
    completedAt: iso(draft.completedAt),
    createdAt: iso(draft.createdAt),
    updatedAt: iso(draft.updatedAt),
    reserveInventoryUntil: null,
    currencyCode: currency,
    presentmentCurrencyCode: currency,
    taxExempt: draft.taxExempt,
    taxesIncluded: false,
    taxLines: [],
    visibleToCustomer: draft.visibleToCustomer,
    discountCodes: [],
    allowDiscountCodesInCheckout: false,
    acceptAutomaticDiscounts: null,
    hasTimelineComment: false,
    warnings: [],
    platformDiscounts: [],
    customer: () => draftCustomerView(store, draft),
    purchasingEntity: () => purchasingEntityView(store, draft),
    paymentTerms: () =>
      draft.paymentTerms ? paymentTermsView(store, draft.paymentTerms, termsOwner()) : null,
    totalWeight: '0',
    allVariantPricesOverridden:
      variantLines.length > 0 && variantLines.every((line) => line.priceOverride !== null),
    anyVariantPricesOverridden: variantLines.some((line) => line.priceOverride !== null),
    shippingAddress: addressView(draft.shippingAddress, draft.id),
    billingAddress: addressView(draft.billingAddress, draft.id + 1),
    billingAddressMatchesShippingAddress:
      JSON.stringify(draft.billingAddress) === JSON.stringify(draft.shippingAddress),
    shippingLine: draft.shippingLine
      ? {
          title: draft.shippingLine.title,
          custom: true,
          isRemoved: false,
          discountAllocations: [],
          taxLines: [],
          originalPriceSet: moneyBag(draft.shippingLine.price, currency),
          discountedPriceSet: moneyBag(draft.shippingLine.price, currency),
          currentDiscountedPriceSet: moneyBag(draft.shippingLine.price, currency),
        }
      : null,
    appliedDiscount: () => discountView(draft.appliedDiscount, totals().orderDiscount, currency),
    lineItems: (args: unknown) =>
      paginate(draft.lineItems, args, byId, (line) => draftLineView(store, draft, line)),
    totalQuantityOfLineItems: () => totals().totalQuantity,
    totalLineItemsPriceSet: () => moneyBag(totals().totalLineItemsPrice, currency),
    lineItemsSubtotalPrice: () => moneyBag(totals().lineItemsSubtotal, currency),
    subtotalPriceSet: () => moneyBag(totals().subtotal, currency),
    totalDiscountsSet: () => moneyBag(totals().totalDiscounts, currency),
    totalShippingPriceSet: () => moneyBag(totals().shipping, currency),
    totalTaxSet: moneyBag(0, currency),
    totalPriceSet: () => moneyBag(totals().total, currency),
    // With payment terms nothing is due now (no deposit) and the whole total later.
    amountDueNowSet: () => moneyBag(draft.paymentTerms ? 0 : totals().total, currency),
    amountDueLaterSet: () => moneyBag(draft.paymentTerms ? totals().total : 0, currency),
    order,
  };
}

function orderLineView(store: FakeStore, order: FakeOrder, line: FakeOrderLine): View {
  const currency = order.currencyCode;
  const variant = () => (line.variantId === null ? undefined : store.variants.get(line.variantId));
  return {
    __typename: 'LineItem',
    id: toGid('LineItem', line.id),
    title: line.title,
    name: line.variantTitle ? `${line.title} - ${line.variantTitle}` : line.title,
    variantTitle: line.variantTitle,
    sku: line.sku,
    vendor: line.vendor,
    quantity: line.quantity,
    currentQuantity: line.quantity,
    unfulfilledQuantity: line.quantity - line.fulfilledQuantity,
    nonFulfillableQuantity: 0,
    refundableQuantity: line.quantity,
    requiresShipping: line.requiresShipping,
    taxable: line.taxable,
    isGiftCard: false,
    merchantEditable: true,
    restockable: true,
    customAttributes: line.customAttributes,
    taxLines: [],
    discountAllocations: [],
    duties: [],
    variant: () => {
      const current = variant();
      return current ? variantView(store, current) : null;
    },
    product: () => {
      const product = line.productId === null ? undefined : store.products.get(line.productId);
      return product ? productView(store, product) : null;
    },
    originalUnitPriceSet: moneyBag(line.unitPrice, currency),
    discountedUnitPriceSet: moneyBag(
      Math.round((line.unitPrice * line.quantity - line.discount) / line.quantity),
      currency,
    ),
    originalTotalSet: moneyBag(line.unitPrice * line.quantity, currency),
    discountedTotalSet: moneyBag(line.unitPrice * line.quantity - line.discount, currency),
    totalDiscountSet: moneyBag(line.discount, currency),
  };
}

const DISPLAY_STATUS: Record<string, string> = {
  label_printed: 'LABEL_PRINTED',
  label_purchased: 'LABEL_PURCHASED',
  attempted_delivery: 'ATTEMPTED_DELIVERY',
  ready_for_pickup: 'READY_FOR_PICKUP',
  confirmed: 'CONFIRMED',
  in_transit: 'IN_TRANSIT',
  out_for_delivery: 'OUT_FOR_DELIVERY',
  delivered: 'DELIVERED',
  failure: 'FAILURE',
};

export function fulfillmentView(store: FakeStore, fulfillment: FakeFulfillment): View {
  const order = () => store.orders.get(fulfillment.orderId);
  return {
    __typename: 'Fulfillment',
    id: toGid('Fulfillment', fulfillment.id),
    legacyResourceId: String(fulfillment.id),
    name: `#${order()?.number ?? ''}.${fulfillment.sequence}`,
    status: fulfillment.status,
    displayStatus:
      fulfillment.status === 'CANCELLED'
        ? 'CANCELED'
        : fulfillment.shipmentStatus
          ? (DISPLAY_STATUS[fulfillment.shipmentStatus] ?? 'FULFILLED')
          : 'FULFILLED',
    createdAt: iso(fulfillment.createdAt),
    updatedAt: iso(fulfillment.updatedAt),
    deliveredAt: iso(fulfillment.deliveredAt),
    inTransitAt: iso(fulfillment.inTransitAt),
    estimatedDeliveryAt: null,
    requiresShipping: true,
    totalQuantity: fulfillment.lineItems.reduce((sum, line) => sum + line.quantity, 0),
    location: null,
    originAddress: null,
    service: null,
    trackingInfo: (args: { first?: number | null }) =>
      fulfillment.tracking
        .slice(0, args.first ?? fulfillment.tracking.length)
        .map((tracking) => ({ ...tracking })),
    order: () => {
      const owner = order();
      return owner ? orderView(store, owner) : null;
    },
  };
}

export function orderView(store: FakeStore, order: FakeOrder): View {
  const currency = order.currencyCode;
  const paid = order.financialStatus === 'PAID';
  const received = paid ? order.total : 0;
  const termsOwner: TermsOwner = {
    draftOrder: () => {
      const draft = order.draftOrderId === null ? undefined : store.draftOrders.get(order.draftOrderId);
      return draft ? draftOrderView(store, draft) : null;
    },
    order: () => orderView(store, order),
    outstanding: () => order.total - received,
    currencyCode: currency,
  };
  return {
    __typename: 'Order',
    id: toGid('Order', order.id),
    legacyResourceId: String(order.id),
    name: `#${order.number}`,
    number: order.number - 1000,
    email: order.email,
    phone: order.phone,
    note: order.note,
    poNumber: order.poNumber,
    tags: order.tags,
    customAttributes: order.customAttributes,
    test: false,
    confirmed: true,
    closed: order.closedAt !== null,
    closedAt: iso(order.closedAt),
    cancelledAt: iso(order.cancelledAt),
    cancelReason: null,
    createdAt: iso(order.createdAt),
    updatedAt: iso(order.updatedAt),
    processedAt: iso(order.processedAt),
    currencyCode: currency,
    presentmentCurrencyCode: currency,
    sourceName: order.sourceName,
    paymentGatewayNames: order.paymentGatewayNames,
    displayFinancialStatus: order.financialStatus,
    displayFulfillmentStatus: order.fulfillmentStatus,
    fullyPaid: paid,
    unpaid: !paid,
    canMarkAsPaid: !paid,
    capturable: false,
    refundable: paid,
    restockable: true,
    edited: false,
    fulfillable: order.fulfillmentStatus !== 'FULFILLED',
    requiresShipping: true,
    taxesIncluded: false,
    taxExempt: false,
    taxLines: [],
    discountCodes: [],
    customerAcceptsMarketing: false,
    dutiesIncluded: false,
    estimatedTaxes: false,
    merchantEditable: true,
    merchantEditableErrors: [],
    additionalFees: [],
    alerts: [],
    disputes: [],
    customer: null,
    shippingAddress: addressView(order.shippingAddress, order.id),
    billingAddress: addressView(order.billingAddress, order.id + 1),
    displayAddress: addressView(order.shippingAddress, order.id),
    subtotalLineItemsQuantity: order.lineItems.reduce((sum, line) => sum + line.quantity, 0),
    currentSubtotalLineItemsQuantity: order.lineItems.reduce((sum, line) => sum + line.quantity, 0),
    subtotalPriceSet: moneyBag(order.subtotal, currency),
    currentSubtotalPriceSet: moneyBag(order.subtotal, currency),
    totalDiscountsSet: moneyBag(order.totalDiscounts, currency),
    currentTotalDiscountsSet: moneyBag(order.totalDiscounts, currency),
    totalShippingPriceSet: moneyBag(order.shipping, currency),
    currentShippingPriceSet: moneyBag(order.shipping, currency),
    totalTaxSet: moneyBag(0, currency),
    currentTotalTaxSet: moneyBag(0, currency),
    totalPriceSet: moneyBag(order.total, currency),
    currentTotalPriceSet: moneyBag(order.total, currency),
    originalTotalPriceSet: moneyBag(order.total, currency),
    totalOutstandingSet: moneyBag(order.total - received, currency),
    totalReceivedSet: moneyBag(received, currency),
    netPaymentSet: moneyBag(received, currency),
    totalCapturableSet: moneyBag(0, currency),
    totalRefundedSet: moneyBag(0, currency),
    totalRefundedShippingSet: moneyBag(0, currency),
    totalTipReceivedSet: moneyBag(0, currency),
    statusPageUrl: store.orderStatusUrl(order),
    paymentTerms: () => (order.paymentTerms ? paymentTermsView(store, order.paymentTerms, termsOwner) : null),
    fulfillmentsCount: { count: order.fulfillmentIds.length, precision: 'EXACT' },
    fulfillments: (args: { first?: number | null }) =>
      fulfillmentsOf(store, order)
        .slice(0, args.first ?? undefined)
        .map((fulfillment) => fulfillmentView(store, fulfillment)),
    lineItems: (args: unknown) =>
      paginate(order.lineItems, args, byId, (line) => orderLineView(store, order, line)),
  };
}

export function webhookSubscriptionView(subscription: FakeWebhookSubscription, apiVersion: string): View {
  const isHttp = /^https?:\/\//.test(subscription.uri);
  return {
    __typename: 'WebhookSubscription',
    id: toGid('WebhookSubscription', subscription.id),
    legacyResourceId: String(subscription.id),
    topic: subscription.topic,
    uri: subscription.uri,
    format: subscription.format,
    name: subscription.name,
    filter: subscription.filter,
    includeFields: subscription.includeFields,
    metafieldNamespaces: [],
    metafields: [],
    createdAt: iso(subscription.createdAt),
    updatedAt: iso(subscription.updatedAt),
    apiVersion: { handle: apiVersion, displayName: apiVersion, supported: true },
    callbackUrl: isHttp ? subscription.uri : null,
    endpoint: isHttp
      ? { __typename: 'WebhookHttpEndpoint', callbackUrl: subscription.uri }
      : { __typename: 'WebhookPubSubEndpoint', pubSubProject: '', pubSubTopic: '' },
  };
}

export function shopView(store: FakeStore): View {
  const { shop } = store;
  return {
    __typename: 'Shop',
    id: toGid('Shop', shop.id),
    name: shop.name,
    email: shop.email,
    contactEmail: shop.email,
    myshopifyDomain: shop.domain,
    currencyCode: shop.currencyCode,
    ianaTimezone: shop.ianaTimezone,
    timezoneAbbreviation: 'UTC',
    url: `https://${shop.domain}`,
    primaryDomain: {
      id: toGid('Domain', shop.id),
      host: shop.domain,
      url: `https://${shop.domain}`,
      sslEnabled: true,
    },
    enabledPresentmentCurrencies: [shop.currencyCode],
    taxesIncluded: false,
    taxShipping: false,
    // Readable without any scope: how the portal tells a shop without B2B from a missing companies scope.
    entitlements: {
      b2b: { enabled: store.b2bEnabled },
      markets: { b2b: { enabled: store.b2bEnabled, catalogs: { enabled: store.b2bEnabled } } },
    },
  };
}
