import { centsToDecimal, type Cents } from '../../../../shared/money';
import { formatOrderNumber } from '../../../../shared/orders';
import {
  bottlePrice,
  lineKind,
  type PricingCatalog,
  type PricingProduct,
  type PricingTier,
} from '../../../../shared/pricing';
import type {
  DraftOrderCustomLineInput,
  DraftOrderInput,
  DraftOrderLineInput,
} from '../../../integrations/shopify/shopify-api';
import { toCountryCode, toProvinceCode } from './address-codes';

/*
 * The draft order a portal order becomes in Shopify (issue 8 'Orders', docs/shopify.md#draft-order-contents).
 * Pure functions: the job loads the rows, these decide what is sent.
 */

/** Money goes to Shopify in the shop's currency: the portal prices in US dollars. */
export const DRAFT_CURRENCY = 'USD';
export const FREE_SHIPPING_TITLE = 'Free wholesale shipping';

/** The tag that finds an order's draft again (the idempotency key of draft creation). */
export function draftOrderTag(orderId: number): string {
  return `portal-order-${orderId}`;
}

/** The fields of an order the draft is built from. */
export interface DraftSourceOrder {
  id: number;
  customerName: string;
  customerEmail: string;
  businessName: string;
  notes: string | null;
  poNumber: string | null;
  shippingAddressLine1: string | null;
  shippingAddressLine2: string | null;
  shippingCity: string | null;
  shippingState: string | null;
  shippingZip: string | null;
  shippingCountry: string | null;
}

/** A product as the draft needs it: the pricing fields and its Shopify variant. */
export interface DraftProduct extends PricingProduct {
  shopifyVariantId: string | null;
}

/** An order line as stored: quantity in the product's selling unit, price per unit (ADR 0008). */
export interface DraftSourceItem {
  productId: number;
  quantity: number;
  price: Cents;
  name: string | null;
  sku: string | null;
}

/**
 * What the lines are priced against: the products of the order and of its bundles' components (with their
 * `components`), the custom prices, and the tier the order was priced at.
 */
export interface DraftPricing {
  catalog: Omit<PricingCatalog, 'products'> & { products: ReadonlyMap<number, DraftProduct> };
  tier: PricingTier | null;
}

export type DraftLine = DraftOrderLineInput | DraftOrderCustomLineInput;

export type DraftLinesResult =
  { ok: true; lines: DraftLine[]; warnings: string[] } | { ok: false; reason: string };

/** 'Ada Buyer' → Ada / Buyer; 'Ada Mae Buyer' → Ada / Mae Buyer; 'Cher' → last name only (Shopify needs one). */
export function splitName(name: string): { firstName?: string; lastName?: string } {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  if (parts.length === 0) return {};
  if (parts.length === 1) return { lastName: parts[0] };
  return { firstName: parts[0], lastName: parts.slice(1).join(' ') };
}

/** The shipping address from the order's split fields; none when the order has no address lines at all. */
export function buildShippingAddress(order: DraftSourceOrder): DraftOrderInput['shippingAddress'] {
  const text = (value: string | null) => value?.trim() || undefined;
  const address1 = text(order.shippingAddressLine1);
  const city = text(order.shippingCity);
  const zip = text(order.shippingZip);
  if (!address1 && !city && !zip) return undefined;
  const countryCode = toCountryCode(order.shippingCountry);
  const provinceCode = toProvinceCode(order.shippingState, countryCode);
  const address: NonNullable<DraftOrderInput['shippingAddress']> = {
    ...splitName(order.customerName),
    company: text(order.businessName),
    address1,
    address2: text(order.shippingAddressLine2),
    city,
    provinceCode,
    countryCode,
    zip,
  };
  // No undefined values in the GraphQL variables: absent is absent.
  for (const key of Object.keys(address) as (keyof typeof address)[]) {
    if (address[key] === undefined) delete address[key];
  }
  return address;
}

const money = (cents: Cents) => ({ amount: centsToDecimal(cents), currencyCode: DRAFT_CURRENCY });

/** Line property on the component lines of an expanded bundle, so the invoice says where they came from. */
const BUNDLE_ATTRIBUTE = 'bundle';

/**
 * One draft line per order line at the portal's unit price (`priceOverride`, which wins over the variant's
 * catalogue price and locks it: docs/shopify.md#draft-order-contents); the tester as its own variant at its
 * price (0.00). A bundle becomes its component lines at the components' prices at the order's tier when they
 * add up to the stored bundle price to the cent; otherwise (prices changed since the order) it goes as one
 * custom line at the stored price per bundle, with a warning. Any product (or component) without a Shopify
 * variant fails the whole draft: the catalogue is not linked.
 */
export function buildDraftLines(items: readonly DraftSourceItem[], pricing: DraftPricing): DraftLinesResult {
  const lines: DraftLine[] = [];
  const warnings: string[] = [];
  const missing = new Set<string>();
  const variantOf = (product: DraftProduct) => {
    if (!product.shopifyVariantId) missing.add(product.sku);
    return product.shopifyVariantId ?? '';
  };

  for (const item of items) {
    if (item.quantity <= 0) continue;
    const product = pricing.catalog.products.get(item.productId);
    if (!product) return { ok: false, reason: `product ${item.productId} no longer exists` };
    if (lineKind(product) !== 'bundle') {
      lines.push({
        variantId: variantOf(product),
        quantity: item.quantity,
        priceOverride: money(item.price),
      });
      continue;
    }
    const expanded = expandBundle(item, product, pricing);
    if (expanded.ok) {
      for (const { component, quantity, unitPrice } of expanded.components) {
        lines.push({
          variantId: variantOf(component),
          quantity,
          priceOverride: money(unitPrice),
          customAttributes: [{ key: BUNDLE_ATTRIBUTE, value: product.sku }],
        });
      }
    } else {
      warnings.push(`${product.sku}: ${expanded.reason}; sent as one custom line at the bundle price`);
      lines.push({
        title: item.name ?? product.name,
        sku: item.sku ?? product.sku,
        quantity: item.quantity,
        originalUnitPriceWithCurrency: money(item.price),
        requiresShipping: true,
      });
    }
  }

  if (missing.size > 0) {
    return { ok: false, reason: `no Shopify variant for ${[...missing].sort().join(', ')}` };
  }
  if (lines.length === 0) return { ok: false, reason: 'the order has no lines' };
  return { ok: true, lines, warnings };
}

type Expansion =
  | { ok: true; components: { component: DraftProduct; quantity: number; unitPrice: Cents }[] }
  | { ok: false; reason: string };

/** The bundle line as its components, if their prices at the order's tier add up to the line's price. */
export function expandBundle(item: DraftSourceItem, bundle: DraftProduct, pricing: DraftPricing): Expansion {
  const parts = bundle.components ?? [];
  if (parts.length === 0) return { ok: false, reason: 'the bundle has no components' };
  const components: { component: DraftProduct; quantity: number; unitPrice: Cents }[] = [];
  let perBundle = 0;
  for (const part of parts) {
    const component = pricing.catalog.products.get(part.productId);
    if (!component) return { ok: false, reason: `component ${part.productId} no longer exists` };
    const unitPrice = bottlePrice(pricing.catalog, component, pricing.tier);
    perBundle += unitPrice * part.quantity;
    components.push({ component, quantity: part.quantity * item.quantity, unitPrice });
  }
  if (perBundle !== item.price) {
    return {
      ok: false,
      reason: `its components now cost ${centsToDecimal(perBundle)} per bundle, the order says ${centsToDecimal(item.price)}`,
    };
  }
  return { ok: true, components };
}

/**
 * The whole DraftOrderInput: e-mail, note, PO number, idempotency tag, attributes C2's webhooks read, address.
 * The PO number is the buyer's own when they gave one (issue 20), else the portal's order number, so Shopify's
 * PO field always names the order the way its buyer knows it (docs/shopify.md#draft-order-contents).
 */
export function buildDraftOrderInput(order: DraftSourceOrder, lines: DraftLine[]): DraftOrderInput {
  const orderNumber = formatOrderNumber(order.id);
  const note = [`Wholesale order ${orderNumber} (portal)`, order.notes?.trim()].filter(Boolean).join('\n');
  const shippingAddress = buildShippingAddress(order);
  return {
    email: order.customerEmail,
    note,
    poNumber: order.poNumber ?? orderNumber,
    tags: ['wholesale', 'portal', draftOrderTag(order.id)],
    // Order webhooks carry these as note_attributes: shopify-events finds the portal order by them.
    customAttributes: [
      { key: 'portal_order_id', value: String(order.id) },
      { key: 'portal_order_number', value: orderNumber },
    ],
    ...(shippingAddress ? { shippingAddress } : {}),
    lineItems: lines,
    // Wholesale shipping is free (docs/catalogue-and-pricing.md#shipping): fixed at 0.00 so the invoice's
    // checkout cannot add the store's shipping rates to what the buyer was shown.
    shippingLine: { title: FREE_SHIPPING_TITLE, priceWithCurrency: money(0) },
  };
}
