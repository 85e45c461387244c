import type { Cents } from './money';

/**
 * The one pricing module (docs/catalogue-and-pricing.md#prices-in-the-browser-and-on-the-server), run by the
 * browser for instant prices and by the server, which recomputes every price itself. Integer cents
 * throughout; discounts in hundredths of a percent (7 % = 700).
 *
 * Units of a line's `quantity` (ADR 0008): bottles for case-packed products (a multiple of caseSize), bundles
 * for the virtual bundle 800-0004 (one bundle counts as one case), single units for the tester.
 */

export const TESTER_SKU = '800-0003';
export const LEGACY_TESTER_SKU = 'SAMPLE-01';
export const SPLIT_PACK_SKU = 'SPLIT-PACK-01';
export const BUNDLE_SKU = '800-0004';
export const DEFAULT_CASE_SIZE = 12;
/**
 * The bundle's price per bundle when its components are unknown
 * (docs/catalogue-and-pricing.md#the-mixed-case-bundle).
 */
export const BUNDLE_FALLBACK_CENTS = 9300;
/** Shipping is free; the list fee is shown crossed out (docs/catalogue-and-pricing.md#shipping). */
export const LIST_SHIPPING_FEE_CENTS = 1900;
/**
 * Suggested retail per bottle when the product has none (docs/catalogue-and-pricing.md#savings-and-profit),
 * else wholesale × 2.5.
 */
export const MSRP_FALLBACK_CENTS: Readonly<Record<string, Cents>> = {
  '800-0001': 2600,
  '800-0002': 1000,
  [SPLIT_PACK_SKU]: 1800,
};

export interface PricingProduct {
  id: number;
  sku: string;
  name: string;
  /** Retail price per bottle (the Shopify variant price). */
  price: Cents;
  /** Wholesale price per bottle; the base of every tier price when set. */
  wholesalePrice: Cents | null;
  msrp: Cents | null;
  caseSize: number;
  isTester: boolean;
  isVirtual: boolean;
  /** For a virtual product: what one unit of it is made of. */
  components?: ReadonlyArray<{ productId: number; quantity: number }>;
}

export interface PricingTier {
  id: number;
  name: string;
  minimumCases: number;
  /** Hundredths of a percent: 500 = 5 %. */
  discountPercentage: number;
}

export interface CustomTierPrice {
  productId: number;
  tierId: number;
  /** Per bottle (per unit of the product). */
  price: Cents;
}

export interface PricingCatalog {
  products: ReadonlyMap<number, PricingProduct>;
  tiers: readonly PricingTier[];
  customPrices: readonly CustomTierPrice[];
}

export interface CartLine {
  productId: number;
  quantity: number;
}

export type LineKind = 'case' | 'bundle' | 'tester';

export function isTesterProduct(product: Pick<PricingProduct, 'sku' | 'isTester'>): boolean {
  return product.isTester || product.sku === TESTER_SKU || product.sku === LEGACY_TESTER_SKU;
}

export function isBundleProduct(product: Pick<PricingProduct, 'sku' | 'isVirtual'>): boolean {
  return product.isVirtual || product.sku === BUNDLE_SKU;
}

export function lineKind(product: PricingProduct): LineKind {
  if (isTesterProduct(product)) return 'tester';
  if (isBundleProduct(product)) return 'bundle';
  return 'case';
}

export function createCatalog(
  products: readonly PricingProduct[],
  tiers: readonly PricingTier[],
  customPrices: readonly CustomTierPrice[] = [],
): PricingCatalog {
  return {
    products: new Map(products.map((product) => [product.id, product])),
    tiers: [...tiers].sort((a, b) => a.minimumCases - b.minimumCases),
    customPrices,
  };
}

/** Whole cases in `bottles` of a product (docs/catalogue-and-pricing.md#case-packs-of-12: rounded down). */
export function casesFromBottles(bottles: number, caseSize = DEFAULT_CASE_SIZE): number {
  return Math.floor(bottles / Math.max(caseSize, 1));
}

/** How many cases a line counts toward the volume tier: bottles ÷ case size, one per bundle, none for the tester. */
export function casesInLine(product: PricingProduct, quantity: number): number {
  switch (lineKind(product)) {
    case 'tester':
      return 0;
    case 'bundle':
      return quantity;
    case 'case':
      return casesFromBottles(quantity, product.caseSize);
  }
}

export function totalCases(catalog: PricingCatalog, lines: readonly CartLine[]): number {
  return lines.reduce((sum, line) => {
    const product = catalog.products.get(line.productId);
    // Lines priceCart skips (unknown product, nothing ordered) must not move the tier either.
    return product && line.quantity > 0 ? sum + casesInLine(product, line.quantity) : sum;
  }, 0);
}

/**
 * The tier with the highest minimum at or below `cases`; none at 0 cases
 * (docs/catalogue-and-pricing.md#volume-tiers).
 */
export function selectTier(tiers: readonly PricingTier[], cases: number): PricingTier | null {
  let chosen: PricingTier | null = null;
  for (const tier of tiers) {
    if (tier.minimumCases <= cases && cases > 0 && (!chosen || tier.minimumCases > chosen.minimumCases)) {
      chosen = tier;
    }
  }
  return chosen;
}

/** The next tier above `cases`, with how many more cases reach it ('Add 1 more case to save 7 %'). */
export function nextTier(
  tiers: readonly PricingTier[],
  cases: number,
): { tier: PricingTier; casesNeeded: number } | null {
  const above = tiers
    .filter((tier) => tier.minimumCases > Math.max(cases, 0))
    .sort((a, b) => a.minimumCases - b.minimumCases)[0];
  return above ? { tier: above, casesNeeded: above.minimumCases - Math.max(cases, 0) } : null;
}

/** `cents` less `discount` hundredths of a percent, rounded half-up to the cent. */
export function applyDiscount(cents: Cents, discount: number): Cents {
  return Math.floor((cents * (10_000 - discount) + 5_000) / 10_000);
}

/** Base price per bottle: wholesale, else the retail price (docs/catalogue-and-pricing.md#product-fields). */
export function basePrice(product: PricingProduct): Cents {
  return product.wholesalePrice ?? product.price;
}

function customPrice(catalog: PricingCatalog, productId: number, tier: PricingTier | null): Cents | null {
  if (!tier) return null;
  return (
    catalog.customPrices.find((custom) => custom.productId === productId && custom.tierId === tier.id)
      ?.price ?? null
  );
}

/** Price per bottle of an ordinary product at `tier` (null = base): the custom price wins over the percentage. */
export function bottlePrice(
  catalog: PricingCatalog,
  product: PricingProduct,
  tier: PricingTier | null,
): Cents {
  return (
    customPrice(catalog, product.id, tier) ?? applyDiscount(basePrice(product), tier?.discountPercentage ?? 0)
  );
}

/**
 * True when a custom price of `tier` sets the product's price (for the bundle: one of its components'), so the
 * buyer is told 'Your price' rather than the tier's percentage (docs/catalogue-and-pricing.md#custom-tier-prices).
 */
export function hasCustomPrice(
  catalog: PricingCatalog,
  product: PricingProduct,
  tier: PricingTier | null,
): boolean {
  if (!tier || catalog.customPrices.length === 0) return false;
  switch (lineKind(product)) {
    case 'tester':
      return false;
    case 'case':
      return customPrice(catalog, product.id, tier) !== null;
    case 'bundle':
      return (resolveComponents(catalog, product) ?? []).some(
        ({ component }) => customPrice(catalog, component.id, tier) !== null,
      );
  }
}

/**
 * What the buyer's custom prices take off one unit at `tier`: base − custom for a product with one; for the
 * bundle, only its components that have one (the others take the tier's percentage, counted as such).
 */
function customSavingsPerUnit(
  catalog: PricingCatalog,
  product: PricingProduct,
  tier: PricingTier | null,
): Cents {
  if (!tier || catalog.customPrices.length === 0) return 0;
  const saved = (item: PricingProduct) => {
    const custom = customPrice(catalog, item.id, tier);
    return custom === null ? 0 : basePrice(item) - custom;
  };
  switch (lineKind(product)) {
    case 'tester':
      return 0;
    case 'case':
      return saved(product);
    case 'bundle':
      return (resolveComponents(catalog, product) ?? []).reduce(
        (sum, { component, quantity }) => sum + saved(component) * quantity,
        0,
      );
  }
}

/**
 * Price of one unit of the line's product at `tier`: per bottle for case-packed products, per bundle for the
 * bundle (the sum of its components at the same tier, so an order expanded into components for Shopify
 * totals the same to the cent; 93.00 discounted when components are unknown), 0 for the tester.
 */
export function unitPrice(catalog: PricingCatalog, product: PricingProduct, tier: PricingTier | null): Cents {
  switch (lineKind(product)) {
    case 'tester':
      return 0;
    case 'case':
      return bottlePrice(catalog, product, tier);
    case 'bundle': {
      const components = resolveComponents(catalog, product);
      if (!components) return applyDiscount(BUNDLE_FALLBACK_CENTS, tier?.discountPercentage ?? 0);
      return components.reduce(
        (sum, { component, quantity }) => sum + bottlePrice(catalog, component, tier) * quantity,
        0,
      );
    }
  }
}

function resolveComponents(catalog: PricingCatalog, product: PricingProduct) {
  if (!product.components || product.components.length === 0) return null;
  const resolved = product.components.map(({ productId, quantity }) => ({
    component: catalog.products.get(productId),
    quantity,
  }));
  return resolved.every((entry) => entry.component)
    ? (resolved as Array<{ component: PricingProduct; quantity: number }>)
    : null;
}

/** Suggested retail of one unit (bottle, or whole bundle): MSRP, else the spec's fallback, else wholesale × 2.5. */
export function unitMsrp(catalog: PricingCatalog, product: PricingProduct): Cents {
  if (lineKind(product) === 'tester') return 0;
  if (lineKind(product) === 'bundle') {
    const components = resolveComponents(catalog, product);
    if (components) {
      return components.reduce(
        (sum, { component, quantity }) => sum + unitMsrp(catalog, component) * quantity,
        0,
      );
    }
    return product.msrp !== null ? product.msrp * product.caseSize : Math.round(BUNDLE_FALLBACK_CENTS * 2.5);
  }
  return product.msrp ?? MSRP_FALLBACK_CENTS[product.sku] ?? Math.round(basePrice(product) * 2.5);
}

export interface PricedLine {
  productId: number;
  sku: string;
  name: string;
  kind: LineKind;
  quantity: number;
  cases: number;
  /** Bottles the line ships (tester excluded). */
  units: number;
  unitPrice: Cents;
  baseUnitPrice: Cents;
  lineTotal: Cents;
  baseLineTotal: Cents;
  /** True when the tier price is below the base wholesale price (the row's flag). */
  discounted: boolean;
  /** True when the buyer's custom price for the tier sets the unit price (not the tier's percentage). */
  customPrice: boolean;
  msrpPerUnit: Cents;
  profit: Cents;
}

export interface PricedCart {
  lines: PricedLine[];
  /** Lines whose product is not in the catalogue (unknown or not for sale). */
  unknownProductIds: number[];
  totalCases: number;
  totalUnits: number;
  itemCount: number;
  tier: PricingTier | null;
  next: { tier: PricingTier; casesNeeded: number } | null;
  standardTotal: Cents;
  orderTotal: Cents;
  savings: Cents;
  /**
   * The part of `savings` that comes from the buyer's custom prices (a bundle's custom-priced components
   * only); the rest is the tier's percentage.
   */
  customSavings: Cents;
  retailValue: Cents;
  profit: Cents;
}

/** Prices a whole cart: the tier comes from the cart's total cases; every line at that tier. */
export function priceCart(catalog: PricingCatalog, lines: readonly CartLine[]): PricedCart {
  const cases = totalCases(catalog, lines);
  const tier = selectTier(catalog.tiers, cases);
  const priced: PricedLine[] = [];
  const unknownProductIds: number[] = [];
  let customSavings = 0;
  for (const line of lines) {
    const product = catalog.products.get(line.productId);
    if (!product) {
      unknownProductIds.push(line.productId);
      continue;
    }
    if (line.quantity <= 0) continue;
    const kind = lineKind(product);
    const price = unitPrice(catalog, product, tier);
    const base = unitPrice(catalog, product, null);
    const msrp = unitMsrp(catalog, product);
    customSavings += customSavingsPerUnit(catalog, product, tier) * line.quantity;
    priced.push({
      productId: product.id,
      sku: product.sku,
      name: product.name,
      kind,
      quantity: line.quantity,
      cases: casesInLine(product, line.quantity),
      units: kind === 'tester' ? 0 : kind === 'bundle' ? line.quantity * product.caseSize : line.quantity,
      unitPrice: price,
      baseUnitPrice: base,
      lineTotal: price * line.quantity,
      baseLineTotal: base * line.quantity,
      discounted: price < base,
      customPrice: hasCustomPrice(catalog, product, tier),
      msrpPerUnit: msrp,
      profit: kind === 'tester' ? 0 : (msrp - price) * line.quantity,
    });
  }
  const sum = (pick: (line: PricedLine) => number) => priced.reduce((total, line) => total + pick(line), 0);
  const standardTotal = sum((line) => line.baseLineTotal);
  const orderTotal = sum((line) => line.lineTotal);
  return {
    lines: priced,
    unknownProductIds,
    totalCases: cases,
    totalUnits: sum((line) => line.units),
    itemCount: priced.length,
    tier,
    next: nextTier(catalog.tiers, cases),
    standardTotal,
    orderTotal,
    savings: standardTotal - orderTotal,
    customSavings,
    retailValue: sum((line) => (line.kind === 'tester' ? 0 : line.msrpPerUnit * line.quantity)),
    profit: sum((line) => line.profit),
  };
}

/**
 * What reaching the next tier would save on this cart as it is (docs/catalogue-and-pricing.md#volume-tiers):
 * every line priced at the next tier, custom prices included, against today's total. Null when there is no
 * next tier or nothing in the cart; 0 when the next tier changes none of its prices.
 */
export function savingsAtNextTier(catalog: PricingCatalog, cart: PricedCart): Cents | null {
  if (!cart.next || cart.totalCases === 0) return null;
  let atNext = 0;
  for (const line of cart.lines) {
    const product = catalog.products.get(line.productId);
    if (product) atNext += unitPrice(catalog, product, cart.next.tier) * line.quantity;
  }
  return cart.orderTotal - atNext;
}
