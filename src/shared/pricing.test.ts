import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { centsToDollars } from './money';
import {
  applyDiscount,
  BUNDLE_FALLBACK_CENTS,
  casesFromBottles,
  createCatalog,
  LIST_SHIPPING_FEE_CENTS,
  nextTier,
  priceCart,
  savingsAtNextTier,
  selectTier,
  unitMsrp,
  unitPrice,
  type CartLine,
  type CustomTierPrice,
  type PricedCart,
  type PricingCatalog,
  type PricingProduct,
  type PricingTier,
} from './pricing';
import { catalogFromApi } from './pricing-catalog';
import type { PricingCatalogDto } from './schemas/pricing';
import type { Product } from './schemas/products';

/*
 * The seeded catalogue (docs/catalogue-and-pricing.md#products, docs/catalogue-and-pricing.md#volume-tiers)
 * in cents, copied from src/server/db/seed-data.ts (src/shared may not import server code, tests included).
 * The bundle and the tester have no fixed id in the seed; 40 and 41 stand in for them.
 */
const FOUR_OZ = 1;
const ONE_OZ = 21;
const SPLIT_PACK = 27;
const LEGACY_SAMPLE = 17;
const BUNDLE = 40;
const TESTER = 41;

function product(fields: Partial<PricingProduct> & Pick<PricingProduct, 'id' | 'sku'>): PricingProduct {
  return {
    name: fields.sku,
    price: 0,
    wholesalePrice: null,
    msrp: null,
    caseSize: 12,
    isTester: false,
    isVirtual: false,
    ...fields,
  };
}

const BUNDLE_COMPONENTS = [
  { productId: FOUR_OZ, quantity: 6 },
  { productId: ONE_OZ, quantity: 6 },
];

const PRODUCTS: readonly PricingProduct[] = [
  product({
    id: FOUR_OZ,
    sku: '800-0001',
    name: '4 oz Bottle',
    price: 2600,
    wholesalePrice: 1065,
    msrp: 2600,
  }),
  product({ id: ONE_OZ, sku: '800-0002', name: '1 oz Bottle', price: 1000, wholesalePrice: 485, msrp: 1000 }),
  product({
    id: SPLIT_PACK,
    sku: 'SPLIT-PACK-01',
    name: '50/50 Split Pack',
    price: 1800,
    wholesalePrice: 775,
    msrp: 1800,
  }),
  product({
    id: BUNDLE,
    sku: '800-0004',
    name: 'Case of Mixed Bottles',
    price: 775,
    wholesalePrice: 775,
    isVirtual: true,
    components: BUNDLE_COMPONENTS,
  }),
  product({
    id: TESTER,
    sku: '800-0003',
    name: 'Free In-Store Tester',
    wholesalePrice: 0,
    caseSize: 1,
    isTester: true,
  }),
  product({
    id: LEGACY_SAMPLE,
    sku: 'SAMPLE-01',
    name: 'Sample (legacy tester)',
    wholesalePrice: 0,
    caseSize: 1,
    isTester: true,
  }),
];

const STARTER: PricingTier = { id: 1, name: 'Starter', minimumCases: 1, discountPercentage: 500 };
const RETAILER: PricingTier = { id: 2, name: 'Retailer', minimumCases: 2, discountPercentage: 700 };
const VOLUME: PricingTier = { id: 3, name: 'Volume', minimumCases: 3, discountPercentage: 1000 };
const DISTRIBUTOR: PricingTier = { id: 4, name: 'Distributor', minimumCases: 5, discountPercentage: 1500 };
const TIERS: readonly PricingTier[] = [STARTER, RETAILER, VOLUME, DISTRIBUTOR];
const TIER_BY_NAME: Readonly<Record<string, PricingTier | null>> = {
  none: null,
  Starter: STARTER,
  Retailer: RETAILER,
  Volume: VOLUME,
  Distributor: DISTRIBUTOR,
};

function seedCatalog(
  customPrices: readonly CustomTierPrice[] = [],
  products: readonly PricingProduct[] = PRODUCTS,
): PricingCatalog {
  return createCatalog(products, TIERS, customPrices);
}

function mustGet(catalog: PricingCatalog, id: number): PricingProduct {
  const found = catalog.products.get(id);
  if (!found) throw new Error(`product ${id} missing from the test catalogue`);
  return found;
}

function lineOf(cart: PricedCart, productId: number) {
  const line = cart.lines.find((candidate) => candidate.productId === productId);
  if (!line) throw new Error(`no priced line for product ${productId}`);
  return line;
}

const CATALOG = seedCatalog();
const cases = (productId: number, count: number): CartLine => ({ productId, quantity: count * 12 });

describe('volume tiers (docs/catalogue-and-pricing.md#volume-tiers)', () => {
  it.each([
    { total: 0, tier: 'none', discount: 0 },
    { total: 1, tier: 'Starter', discount: 500 },
    { total: 2, tier: 'Retailer', discount: 700 },
    { total: 3, tier: 'Volume', discount: 1000 },
    { total: 4, tier: 'Volume', discount: 1000 },
    { total: 5, tier: 'Distributor', discount: 1500 },
    { total: 50, tier: 'Distributor', discount: 1500 },
  ])(
    'at $total total cases the tier is $tier ($discount hundredths of a percent)',
    ({ total, tier, discount }) => {
      const chosen = selectTier(TIERS, total);
      expect(chosen).toEqual(TIER_BY_NAME[tier]);
      expect(chosen?.discountPercentage ?? 0).toBe(discount);
      expect(priceCart(CATALOG, total > 0 ? [cases(FOUR_OZ, total)] : []).tier).toEqual(TIER_BY_NAME[tier]);
    },
  );

  it.each([
    { total: 0, next: 'Starter', needed: 1, message: 'Add 1 more case to save 5 %' },
    { total: 1, next: 'Retailer', needed: 1, message: 'Add 1 more case to save 7 %' },
    { total: 2, next: 'Volume', needed: 1, message: 'Add 1 more case to save 10 %' },
    { total: 3, next: 'Distributor', needed: 2, message: 'Add 2 more case to save 15 %' },
    { total: 4, next: 'Distributor', needed: 1, message: 'Add 1 more case to save 15 %' },
  ])(
    'at $total total cases the next tier is $next, $needed case(s) away',
    ({ total, next, needed, message }) => {
      const found = nextTier(TIERS, total);
      expect(found?.tier).toEqual(TIER_BY_NAME[next]);
      expect(found?.casesNeeded).toBe(needed);
      expect(
        `Add ${found?.casesNeeded} more case to save ${(found?.tier.discountPercentage ?? 0) / 100} %`,
      ).toBe(message);
      expect(priceCart(CATALOG, total > 0 ? [cases(ONE_OZ, total)] : []).next).toEqual(found);
    },
  );

  it.each([5, 6, 50])('at %i total cases there is no next tier to reach', (total) => {
    expect(nextTier(TIERS, total)).toBeNull();
    expect(priceCart(CATALOG, [cases(FOUR_OZ, total)]).next).toBeNull();
  });

  it('takes the tier from the whole cart: one case each of 4 oz, 1 oz and split pack is 3 cases at 10 %', () => {
    const cart = priceCart(CATALOG, [cases(FOUR_OZ, 1), cases(ONE_OZ, 1), cases(SPLIT_PACK, 1)]);
    expect(cart.totalCases).toBe(3);
    expect(cart.tier).toEqual(VOLUME);
    expect(cart.lines.map((line) => line.unitPrice)).toEqual([959, 437, 698]);
  });

  it('applies no tier at 0 cases even when a tier starts at 0 cases', () => {
    const fromZero: PricingTier = { id: 7, name: 'Everyone', minimumCases: 0, discountPercentage: 300 };
    const catalog = createCatalog(PRODUCTS, [fromZero, ...TIERS]);
    expect(selectTier(catalog.tiers, 0)).toBeNull();
    expect(priceCart(catalog, [{ productId: TESTER, quantity: 1 }]).tier).toBeNull();
    expect(priceCart(catalog, [{ productId: FOUR_OZ, quantity: 11 }]).tier).toBeNull();
    expect(priceCart(catalog, [cases(FOUR_OZ, 1)]).tier).toEqual(STARTER);
  });

  it('chooses the tier with the highest minimum at or below the total, whatever order the tiers come in', () => {
    const shuffled = createCatalog(PRODUCTS, [DISTRIBUTOR, STARTER, VOLUME, RETAILER]);
    expect(priceCart(shuffled, [cases(FOUR_OZ, 4)]).tier).toEqual(VOLUME);
    expect(selectTier([DISTRIBUTOR, STARTER, VOLUME, RETAILER], 4)).toEqual(VOLUME);
  });
});

describe('half-up rounding of the unit price', () => {
  it.each([
    { base: 1065, discount: 500, expected: 1012, why: '10.65 × 0.95 = 10.1175 → 10.12' },
    { base: 485, discount: 1000, expected: 437, why: '4.85 × 0.90 = 4.365 → 4.37' },
    { base: 775, discount: 500, expected: 736, why: '7.75 × 0.95 = 7.3625 → 7.36' },
    { base: 1065, discount: 1000, expected: 959, why: '10.65 × 0.90 = 9.585 → 9.59' },
    { base: 775, discount: 1000, expected: 698, why: '7.75 × 0.90 = 6.975 → 6.98' },
    { base: 1065, discount: 750, expected: 985, why: '10.65 × 0.925 = 9.85125 → 9.85' },
    { base: 1065, discount: 0, expected: 1065, why: 'no discount keeps the price' },
    { base: 1065, discount: 10_000, expected: 0, why: '100 % off is free' },
  ])('$why', ({ base, discount, expected }) => {
    expect(applyDiscount(base, discount)).toBe(expected);
  });

  it('rounds the price per bottle, then multiplies: a 4 oz case at 5 % is 12 × 10.12 = 121.44, not 121.41', () => {
    const cart = priceCart(CATALOG, [cases(FOUR_OZ, 1)]);
    expect(lineOf(cart, FOUR_OZ).lineTotal).toBe(12_144);
    expect(applyDiscount(12_780, 500)).toBe(12_141);
  });
});

describe('prices per bottle and per case at each tier', () => {
  const TABLE = [
    { tier: 'none', total: 0, fourOz: 1065, oneOz: 485, split: 775, bundle: 9300 },
    { tier: 'Starter', total: 1, fourOz: 1012, oneOz: 461, split: 736, bundle: 8838 },
    { tier: 'Retailer', total: 2, fourOz: 990, oneOz: 451, split: 721, bundle: 8646 },
    { tier: 'Volume', total: 3, fourOz: 959, oneOz: 437, split: 698, bundle: 8376 },
    { tier: 'Distributor', total: 5, fourOz: 905, oneOz: 412, split: 659, bundle: 7902 },
  ];
  const PER_CASE = [
    { tier: 'none', fourOz: 12_780, oneOz: 5820, split: 9300 },
    { tier: 'Starter', fourOz: 12_144, oneOz: 5532, split: 8832 },
    { tier: 'Retailer', fourOz: 11_880, oneOz: 5412, split: 8652 },
    { tier: 'Volume', fourOz: 11_508, oneOz: 5244, split: 8376 },
    { tier: 'Distributor', fourOz: 10_860, oneOz: 4944, split: 7908 },
  ];

  it.each(TABLE)(
    'at tier $tier a bottle costs $fourOz (4 oz), $oneOz (1 oz), $split (split pack) cents and a bundle $bundle',
    ({ tier, fourOz, oneOz, split, bundle }) => {
      const at = TIER_BY_NAME[tier] ?? null;
      expect(unitPrice(CATALOG, mustGet(CATALOG, FOUR_OZ), at)).toBe(fourOz);
      expect(unitPrice(CATALOG, mustGet(CATALOG, ONE_OZ), at)).toBe(oneOz);
      expect(unitPrice(CATALOG, mustGet(CATALOG, SPLIT_PACK), at)).toBe(split);
      expect(unitPrice(CATALOG, mustGet(CATALOG, BUNDLE), at)).toBe(bundle);
    },
  );

  it.each(PER_CASE)(
    'at tier $tier a case of 12 costs $fourOz (4 oz), $oneOz (1 oz) and $split (split pack) cents',
    ({ tier, fourOz, oneOz, split }) => {
      const at = TIER_BY_NAME[tier] ?? null;
      expect(unitPrice(CATALOG, mustGet(CATALOG, FOUR_OZ), at) * 12).toBe(fourOz);
      expect(unitPrice(CATALOG, mustGet(CATALOG, ONE_OZ), at) * 12).toBe(oneOz);
      expect(unitPrice(CATALOG, mustGet(CATALOG, SPLIT_PACK), at) * 12).toBe(split);
    },
  );

  it('prices the split pack at 93.00 per pack and 7.75 per bottle at base (docs/catalogue-and-pricing.md#the-split-pack)', () => {
    const splitPack = mustGet(CATALOG, SPLIT_PACK);
    expect(unitPrice(CATALOG, splitPack, null)).toBe(775);
    expect(unitPrice(CATALOG, splitPack, null) * splitPack.caseSize).toBe(9300);
    expect(6 * 485 + 6 * 1065).toBe(9300);
  });

  it.each(
    TABLE.filter((row) => row.total > 0).flatMap((row) => [
      { ...row, productId: FOUR_OZ, name: '4 oz', unit: row.fourOz },
      { ...row, productId: ONE_OZ, name: '1 oz', unit: row.oneOz },
      { ...row, productId: SPLIT_PACK, name: 'split pack', unit: row.split },
    ]),
  )(
    '$total case(s) of $name alone reach tier $tier and the line total is $unit × bottles',
    ({ total, tier, productId, unit }) => {
      const cart = priceCart(CATALOG, [cases(productId, total)]);
      const line = lineOf(cart, productId);
      expect(cart.tier).toEqual(TIER_BY_NAME[tier]);
      expect(line.unitPrice).toBe(unit);
      expect(line.quantity).toBe(total * 12);
      expect(line.lineTotal).toBe(unit * total * 12);
      expect(cart.orderTotal).toBe(unit * total * 12);
    },
  );

  it('flags a line as discounted only when the tier price is below the base price', () => {
    const oneCase = priceCart(CATALOG, [cases(FOUR_OZ, 1)]);
    expect(lineOf(oneCase, FOUR_OZ)).toMatchObject({
      baseUnitPrice: 1065,
      unitPrice: 1012,
      discounted: true,
    });
    const noDiscount = priceCart(createCatalog(PRODUCTS, []), [cases(FOUR_OZ, 1)]);
    expect(lineOf(noDiscount, FOUR_OZ)).toMatchObject({ unitPrice: 1065, discounted: false });
  });

  it('uses the retail price as the base when a product has no wholesale price', () => {
    const retailOnly = product({ id: 99, sku: 'OTHER', price: 2000, wholesalePrice: null });
    const catalog = createCatalog([retailOnly], TIERS);
    expect(unitPrice(catalog, retailOnly, null)).toBe(2000);
    expect(unitPrice(catalog, retailOnly, STARTER)).toBe(1900);
  });
});

describe('the bundle 800-0004', () => {
  it('costs 93.00 at base, the sum of 6 × 10.65 and 6 × 4.85', () => {
    expect(unitPrice(CATALOG, mustGet(CATALOG, BUNDLE), null)).toBe(9300);
    expect(BUNDLE_FALLBACK_CENTS).toBe(9300);
  });

  it('counts as one case per bundle and ships 12 units per bundle', () => {
    const one = priceCart(CATALOG, [{ productId: BUNDLE, quantity: 1 }]);
    expect(one).toMatchObject({ totalCases: 1, totalUnits: 12, tier: STARTER, orderTotal: 8838 });
    expect(lineOf(one, BUNDLE)).toMatchObject({ kind: 'bundle', cases: 1, units: 12, unitPrice: 8838 });

    const three = priceCart(CATALOG, [{ productId: BUNDLE, quantity: 3 }]);
    expect(three).toMatchObject({ totalCases: 3, totalUnits: 36, tier: VOLUME });
    expect(lineOf(three, BUNDLE)).toMatchObject({ unitPrice: 8376, lineTotal: 3 * 8376 });
  });

  it.each([null, STARTER, RETAILER, VOLUME, DISTRIBUTOR])(
    'equals the sum of its components at the same tier (%o)',
    (tier) => {
      const components =
        6 * unitPrice(CATALOG, mustGet(CATALOG, FOUR_OZ), tier) +
        6 * unitPrice(CATALOG, mustGet(CATALOG, ONE_OZ), tier);
      expect(unitPrice(CATALOG, mustGet(CATALOG, BUNDLE), tier)).toBe(components);
    },
  );

  it('is 88.38 at 5 %: 6 × 10.12 + 6 × 4.61', () => {
    expect(unitPrice(CATALOG, mustGet(CATALOG, BUNDLE), STARTER)).toBe(8838);
    expect(6 * 1012 + 6 * 461).toBe(8838);
  });

  it.each([
    { tier: 'none', expected: 9300 },
    { tier: 'Starter', expected: 8835 },
    { tier: 'Retailer', expected: 8649 },
    { tier: 'Volume', expected: 8370 },
    { tier: 'Distributor', expected: 7905 },
  ])(
    'falls back to 93.00 discounted by the tier ($tier → $expected) when its components are missing',
    ({ tier, expected }) => {
      const at = TIER_BY_NAME[tier] ?? null;
      const withoutComponents = PRODUCTS.map((entry) =>
        entry.id === BUNDLE ? { ...entry, components: undefined } : entry,
      );
      const emptyComponents = PRODUCTS.map((entry) =>
        entry.id === BUNDLE ? { ...entry, components: [] } : entry,
      );
      const unknownComponent = PRODUCTS.map((entry) =>
        entry.id === BUNDLE ? { ...entry, components: [{ productId: 12_345, quantity: 6 }] } : entry,
      );
      for (const products of [withoutComponents, emptyComponents, unknownComponent]) {
        const catalog = seedCatalog([], products);
        expect(unitPrice(catalog, mustGet(catalog, BUNDLE), at)).toBe(expected);
      }
    },
  );

  it('is recognised by SKU even when the product row is not flagged virtual', () => {
    const unflagged = PRODUCTS.map((entry) => (entry.id === BUNDLE ? { ...entry, isVirtual: false } : entry));
    const cart = priceCart(seedCatalog([], unflagged), [{ productId: BUNDLE, quantity: 2 }]);
    expect(cart).toMatchObject({ totalCases: 2, totalUnits: 24, tier: RETAILER, orderTotal: 2 * 8646 });
  });
});

describe('testers (800-0003 and legacy SAMPLE-01)', () => {
  it.each([
    { name: '800-0003', productId: TESTER },
    { name: 'SAMPLE-01', productId: LEGACY_SAMPLE },
  ])('$name is free and adds no cases, no units and no tier', ({ productId }) => {
    const cart = priceCart(CATALOG, [cases(FOUR_OZ, 1), { productId, quantity: 1 }]);
    expect(cart).toMatchObject({ totalCases: 1, totalUnits: 12, tier: STARTER, orderTotal: 12 * 1012 });
    expect(lineOf(cart, productId)).toMatchObject({
      kind: 'tester',
      cases: 0,
      units: 0,
      unitPrice: 0,
      baseUnitPrice: 0,
      lineTotal: 0,
      msrpPerUnit: 0,
      profit: 0,
    });
  });

  it('prices a tester-only order at zero with no tier', () => {
    const cart = priceCart(CATALOG, [{ productId: TESTER, quantity: 1 }]);
    expect(cart).toMatchObject({
      totalCases: 0,
      totalUnits: 0,
      itemCount: 1,
      tier: null,
      next: { tier: STARTER, casesNeeded: 1 },
      standardTotal: 0,
      orderTotal: 0,
      savings: 0,
      customSavings: 0,
      retailValue: 0,
      profit: 0,
    });
  });

  it('keeps the tester free even when its product row carries a price or is not flagged as a tester', () => {
    const pricedTester = PRODUCTS.map((entry) =>
      entry.id === TESTER
        ? { ...entry, price: 500, wholesalePrice: 500, isTester: false, caseSize: 12 }
        : entry,
    );
    const cart = priceCart(seedCatalog([], pricedTester), [{ productId: TESTER, quantity: 12 }]);
    expect(cart).toMatchObject({ totalCases: 0, totalUnits: 0, orderTotal: 0, tier: null });
  });
});

describe('custom (product, tier) prices', () => {
  const custom: CustomTierPrice[] = [{ productId: FOUR_OZ, tierId: RETAILER.id, price: 950 }];
  const catalog = seedCatalog(custom);

  it.each([
    { total: 1, tier: 'Starter', expected: 1012 },
    { total: 2, tier: 'Retailer', expected: 950 },
    { total: 3, tier: 'Volume', expected: 959 },
    { total: 5, tier: 'Distributor', expected: 905 },
  ])('a custom 9.50 for the 4 oz at Retailer gives $expected at tier $tier', ({ total, expected }) => {
    const cart = priceCart(catalog, [cases(FOUR_OZ, total)]);
    expect(lineOf(cart, FOUR_OZ).unitPrice).toBe(expected);
    expect(lineOf(cart, FOUR_OZ).lineTotal).toBe(expected * total * 12);
  });

  it('does not apply a custom price at base (no tier)', () => {
    expect(unitPrice(catalog, mustGet(catalog, FOUR_OZ), null)).toBe(1065);
  });

  it("applies only to its own product: the 1 oz keeps the tier's percentage", () => {
    const cart = priceCart(catalog, [cases(FOUR_OZ, 1), cases(ONE_OZ, 1)]);
    expect(lineOf(cart, FOUR_OZ).unitPrice).toBe(950);
    expect(lineOf(cart, ONE_OZ).unitPrice).toBe(451);
  });

  it("flows into the bundle's price through the bundle's components", () => {
    const componentCustom = seedCatalog([{ productId: ONE_OZ, tierId: STARTER.id, price: 400 }]);
    const cart = priceCart(componentCustom, [{ productId: BUNDLE, quantity: 1 }]);
    expect(lineOf(cart, BUNDLE).unitPrice).toBe(6 * 1012 + 6 * 400);
    expect(unitPrice(componentCustom, mustGet(componentCustom, BUNDLE), RETAILER)).toBe(8646);
  });

  it('may sit above the base price, which makes the savings negative', () => {
    const above = seedCatalog([{ productId: FOUR_OZ, tierId: STARTER.id, price: 1100 }]);
    const cart = priceCart(above, [cases(FOUR_OZ, 1)]);
    expect(cart).toMatchObject({ standardTotal: 12_780, orderTotal: 13_200, savings: -420 });
    expect(lineOf(cart, FOUR_OZ).discounted).toBe(false);
    expect(lineOf(cart, FOUR_OZ).customPrice).toBe(true);
  });

  it('marks the lines a custom price sets, the bundle through a component, and splits the savings', () => {
    const cart = priceCart(catalog, [
      cases(FOUR_OZ, 1),
      cases(ONE_OZ, 1),
      { productId: BUNDLE, quantity: 1 },
    ]);
    // 3 cases: Volume; the custom price is at Retailer, so nothing is custom here.
    expect(cart.lines.map((line) => line.customPrice)).toEqual([false, false, false]);
    expect(cart.customSavings).toBe(0);

    const atRetailer = priceCart(catalog, [cases(FOUR_OZ, 1), { productId: BUNDLE, quantity: 1 }]);
    expect(atRetailer.lines.map((line) => line.customPrice)).toEqual([true, true]);
    // The custom 4 oz price saves 12 × (10.65 − 9.50) on its line and 6 × on the bundle; the bundle's 1 oz
    // bottles take the tier's 7 %: 6 × (4.85 − 4.51), counted as the tier's.
    expect(atRetailer.customSavings).toBe(12 * 115 + 6 * 115);
    expect(atRetailer.savings).toBe(atRetailer.customSavings + 6 * 34);
  });
});

describe('what the next tier would save on this cart', () => {
  it('prices the same lines at the next tier: 2 cases at 7 % → 3 cases at 10 %', () => {
    const cart = priceCart(CATALOG, [cases(FOUR_OZ, 2)]);
    // 24 × (9.90 − 9.59).
    expect(savingsAtNextTier(CATALOG, cart)).toBe(24 * 31);
  });

  it('counts only what really changes: a custom price at both tiers saves nothing more on its line', () => {
    const catalog = seedCatalog([
      { productId: FOUR_OZ, tierId: VOLUME.id, price: 900 },
      { productId: FOUR_OZ, tierId: DISTRIBUTOR.id, price: 900 },
    ]);
    const cart = priceCart(catalog, [cases(FOUR_OZ, 3)]);
    expect(savingsAtNextTier(catalog, cart)).toBe(0);
    const mixed = priceCart(catalog, [cases(FOUR_OZ, 2), cases(ONE_OZ, 1)]);
    // The 1 oz goes from 10 % (4.37) to 15 % (4.12); the 4 oz stays at its custom 9.00.
    expect(savingsAtNextTier(catalog, mixed)).toBe(12 * 25);
  });

  it('is null for an empty cart and at the top tier', () => {
    expect(savingsAtNextTier(CATALOG, priceCart(CATALOG, []))).toBeNull();
    expect(savingsAtNextTier(CATALOG, priceCart(CATALOG, [cases(FOUR_OZ, 5)]))).toBeNull();
  });
});

describe('MSRP, profit and retail value', () => {
  const noMsrp = PRODUCTS.map((entry) => ({ ...entry, msrp: null }));
  const catalog = seedCatalog([], noMsrp);

  it.each([
    { sku: '800-0001', productId: FOUR_OZ, expected: 2600 },
    { sku: '800-0002', productId: ONE_OZ, expected: 1000 },
    { sku: 'SPLIT-PACK-01', productId: SPLIT_PACK, expected: 1800 },
  ])('falls back to $expected cents per bottle for $sku when msrp is null', ({ productId, expected }) => {
    expect(unitMsrp(catalog, mustGet(catalog, productId))).toBe(expected);
  });

  it.each([
    { wholesalePrice: 1065, price: 2600, expected: 2663, why: 'wholesale 10.65 × 2.5 = 26.625 → 26.63' },
    { wholesalePrice: 400, price: 2600, expected: 1000, why: 'wholesale 4.00 × 2.5 = 10.00' },
    { wholesalePrice: null, price: 800, expected: 2000, why: 'no wholesale: retail 8.00 × 2.5 = 20.00' },
  ])('falls back to wholesale × 2.5 for other SKUs ($why)', ({ wholesalePrice, price, expected }) => {
    const other = product({ id: 99, sku: 'OTHER', wholesalePrice, price });
    expect(unitMsrp(createCatalog([other], TIERS), other)).toBe(expected);
  });

  it('uses the stored msrp when there is one', () => {
    const withMsrp = product({ id: 1, sku: '800-0001', wholesalePrice: 1065, msrp: 2999 });
    expect(unitMsrp(createCatalog([withMsrp], TIERS), withMsrp)).toBe(2999);
  });

  it("gives the bundle its components' MSRP: 6 × 26.00 + 6 × 10.00 = 216.00", () => {
    expect(unitMsrp(CATALOG, mustGet(CATALOG, BUNDLE))).toBe(21_600);
    expect(unitMsrp(catalog, mustGet(catalog, BUNDLE))).toBe(21_600);
  });

  it.each([
    { name: '4 oz', line: cases(FOUR_OZ, 1), msrp: 2600, unit: 1012, quantity: 12 },
    { name: '1 oz', line: cases(ONE_OZ, 1), msrp: 1000, unit: 461, quantity: 12 },
    { name: 'split pack', line: cases(SPLIT_PACK, 1), msrp: 1800, unit: 736, quantity: 12 },
    { name: 'bundle', line: { productId: BUNDLE, quantity: 1 }, msrp: 21_600, unit: 8838, quantity: 1 },
  ])(
    'profit on one case of $name at 5 % is (MSRP − unit price) × quantity',
    ({ line, msrp, unit, quantity }) => {
      const cart = priceCart(CATALOG, [line]);
      const priced = lineOf(cart, line.productId);
      expect(priced).toMatchObject({ msrpPerUnit: msrp, unitPrice: unit });
      expect(priced.profit).toBe((msrp - unit) * quantity);
      expect(cart.profit).toBe((msrp - unit) * quantity);
      expect(cart.retailValue).toBe(msrp * quantity);
    },
  );
});

describe('a whole order', () => {
  it('prices 2 × 4 oz, 1 × 1 oz, 1 × split pack, 1 bundle and a tester at 15 %, every total to the cent', () => {
    const cart = priceCart(CATALOG, [
      cases(FOUR_OZ, 2),
      cases(ONE_OZ, 1),
      cases(SPLIT_PACK, 1),
      { productId: BUNDLE, quantity: 1 },
      { productId: TESTER, quantity: 1 },
    ]);
    expect(cart.tier).toEqual(DISTRIBUTOR);
    expect(cart.next).toBeNull();
    expect(cart.lines.map((line) => [line.sku, line.unitPrice, line.lineTotal])).toEqual([
      ['800-0001', 905, 21_720],
      ['800-0002', 412, 4944],
      ['SPLIT-PACK-01', 659, 7908],
      ['800-0004', 7902, 7902],
      ['800-0003', 0, 0],
    ]);
    expect(cart).toMatchObject({
      totalCases: 5,
      totalUnits: 60,
      itemCount: 5,
      standardTotal: 49_980,
      orderTotal: 42_474,
      savings: 7506,
      retailValue: 117_600,
      profit: 75_126,
      unknownProductIds: [],
    });
  });

  it('has savings equal to standardTotal − orderTotal', () => {
    const cart = priceCart(CATALOG, [cases(FOUR_OZ, 3), { productId: BUNDLE, quantity: 2 }]);
    expect(cart.standardTotal).toBe(3 * 12 * 1065 + 2 * 9300);
    expect(cart.orderTotal).toBe(3 * 12 * 905 + 2 * 7902);
    expect(cart.savings).toBe(cart.standardTotal - cart.orderTotal);
  });

  it.each([
    { bottles: 0, expected: 0 },
    { bottles: 1, expected: 0 },
    { bottles: 11, expected: 0 },
    { bottles: 12, expected: 1 },
    { bottles: 13, expected: 1 },
    { bottles: 23, expected: 1 },
    { bottles: 24, expected: 2 },
    { bottles: 143, expected: 11 },
    { bottles: 600, expected: 50 },
  ])('counts $bottles bottles as $expected whole case(s), rounding down', ({ bottles, expected }) => {
    expect(casesFromBottles(bottles)).toBe(expected);
    expect(casesFromBottles(bottles, 12)).toBe(expected);
  });

  it('counts cases with the product’s own case size', () => {
    expect(casesFromBottles(13, 6)).toBe(2);
    expect(casesFromBottles(5, 0)).toBe(5);
  });

  it('prices a line that is not a whole number of cases per bottle, counting only its whole cases', () => {
    const cart = priceCart(CATALOG, [{ productId: FOUR_OZ, quantity: 13 }]);
    expect(cart).toMatchObject({ totalCases: 1, totalUnits: 13, tier: STARTER, orderTotal: 13 * 1012 });
    expect(lineOf(cart, FOUR_OZ).cases).toBe(1);
  });

  it('reports unknown product ids instead of pricing them', () => {
    const cart = priceCart(CATALOG, [{ productId: 999, quantity: 12 }, cases(FOUR_OZ, 1)]);
    expect(cart.unknownProductIds).toEqual([999]);
    expect(cart.lines.map((line) => line.productId)).toEqual([FOUR_OZ]);
    expect(cart).toMatchObject({ totalCases: 1, itemCount: 1, orderTotal: 12 * 1012 });
  });

  it('skips lines with quantity zero', () => {
    const cart = priceCart(CATALOG, [
      { productId: FOUR_OZ, quantity: 0 },
      cases(ONE_OZ, 1),
      { productId: TESTER, quantity: 0 },
    ]);
    expect(cart.lines.map((line) => line.productId)).toEqual([ONE_OZ]);
    expect(cart).toMatchObject({ itemCount: 1, totalCases: 1, totalUnits: 12, orderTotal: 12 * 461 });
  });

  it('prices an empty cart at zero with no tier and the first tier one case away', () => {
    expect(priceCart(CATALOG, [])).toEqual({
      lines: [],
      unknownProductIds: [],
      totalCases: 0,
      totalUnits: 0,
      itemCount: 0,
      tier: null,
      next: { tier: STARTER, casesNeeded: 1 },
      standardTotal: 0,
      orderTotal: 0,
      savings: 0,
      customSavings: 0,
      retailValue: 0,
      profit: 0,
    });
  });

  it('lists shipping at 19.00 (shown crossed out; shipping is free)', () => {
    expect(LIST_SHIPPING_FEE_CENTS).toBe(1900);
  });
});

// ---------------------------------------------------------------------------------------------------------
// Properties over random carts and random tiers.

const CASE_PRODUCTS = [FOUR_OZ, ONE_OZ, SPLIT_PACK];

/** A cart of 0–60 cases per case product, 0–10 bundles and 0 or 1 tester, in random line order. */
const cartArb: fc.Arbitrary<CartLine[]> = fc
  .record({
    fourOz: fc.integer({ min: 0, max: 60 }),
    oneOz: fc.integer({ min: 0, max: 60 }),
    split: fc.integer({ min: 0, max: 60 }),
    bundles: fc.integer({ min: 0, max: 10 }),
    tester: fc.integer({ min: 0, max: 1 }),
    legacy: fc.integer({ min: 0, max: 1 }),
  })
  .chain((counts) =>
    fc.shuffledSubarray(
      [
        cases(FOUR_OZ, counts.fourOz),
        cases(ONE_OZ, counts.oneOz),
        cases(SPLIT_PACK, counts.split),
        { productId: BUNDLE, quantity: counts.bundles },
        { productId: TESTER, quantity: counts.tester },
        { productId: LEGACY_SAMPLE, quantity: counts.legacy },
      ],
      { minLength: 6, maxLength: 6 },
    ),
  );

/** 0–6 tiers with unique ids, random minimumCases and random discounts (0–100 %), in any order. */
const tiersArb: fc.Arbitrary<PricingTier[]> = fc
  .uniqueArray(fc.integer({ min: 0, max: 60 }), { maxLength: 6 })
  .chain((minimums) =>
    fc
      .array(fc.integer({ min: 0, max: 10_000 }), { minLength: minimums.length, maxLength: minimums.length })
      .map((discounts) =>
        minimums.map((minimumCases, index) => ({
          id: index + 1,
          name: `Tier ${index + 1}`,
          minimumCases,
          discountPercentage: discounts[index] ?? 0,
        })),
      ),
  );

/** Like tiersArb, but the discount never falls as minimumCases grows. */
const monotoneTiersArb: fc.Arbitrary<PricingTier[]> = tiersArb.map((tiers) => {
  const discounts = tiers.map((tier) => tier.discountPercentage).sort((a, b) => a - b);
  const byMinimum = [...tiers].sort((a, b) => a.minimumCases - b.minimumCases);
  return byMinimum.map((tier, index) => ({ ...tier, discountPercentage: discounts[index] ?? 0 }));
});

/** Optional custom prices for random (case product, tier) pairs, each 0..maxFor(product) cents. */
function customPricesArb(
  tiers: readonly PricingTier[],
  maxFor: (productId: number) => number,
): fc.Arbitrary<CustomTierPrice[]> {
  const pairs = tiers.flatMap((tier) => CASE_PRODUCTS.map((productId) => ({ productId, tierId: tier.id })));
  if (pairs.length === 0) return fc.constant([]);
  return fc
    .subarray(pairs)
    .chain((chosen) =>
      fc
        .tuple(...chosen.map((pair) => fc.integer({ min: 0, max: maxFor(pair.productId) })))
        .map((prices) => chosen.map((pair, index) => ({ ...pair, price: prices[index] ?? 0 }))),
    );
}

const scenarioArb = (maxFor: (productId: number) => number) =>
  tiersArb.chain((tiers) =>
    fc.record({ tiers: fc.constant(tiers), custom: customPricesArb(tiers, maxFor), cart: cartArb }),
  );

const basePriceOf = (productId: number) => mustGet(CATALOG, productId).wholesalePrice ?? 0;

function moneyFields(cart: PricedCart): number[] {
  return [
    cart.standardTotal,
    cart.orderTotal,
    cart.savings,
    cart.retailValue,
    cart.profit,
    cart.totalCases,
    cart.totalUnits,
    cart.itemCount,
    ...cart.lines.flatMap((line) => [
      line.quantity,
      line.cases,
      line.units,
      line.unitPrice,
      line.baseUnitPrice,
      line.lineTotal,
      line.baseLineTotal,
      line.msrpPerUnit,
      line.profit,
    ]),
  ];
}

describe('properties of priceCart over random carts', () => {
  it('makes the order total the sum of the line totals, each line total unit × quantity', () => {
    fc.assert(
      fc.property(
        scenarioArb(() => 5000),
        ({ tiers, custom, cart }) => {
          const priced = priceCart(createCatalog(PRODUCTS, tiers, custom), cart);
          const sum = (pick: (line: PricedCart['lines'][number]) => number) =>
            priced.lines.reduce((total, line) => total + pick(line), 0);
          for (const line of priced.lines) {
            expect(line.lineTotal).toBe(line.unitPrice * line.quantity);
            expect(line.baseLineTotal).toBe(line.baseUnitPrice * line.quantity);
          }
          expect(priced.orderTotal).toBe(sum((line) => line.lineTotal));
          expect(priced.standardTotal).toBe(sum((line) => line.baseLineTotal));
          expect(priced.savings).toBe(priced.standardTotal - priced.orderTotal);
          expect(priced.profit).toBe(sum((line) => line.profit));
          expect(priced.totalCases).toBe(sum((line) => line.cases));
          expect(priced.totalUnits).toBe(sum((line) => line.units));
          expect(priced.itemCount).toBe(cart.filter((line) => line.quantity > 0).length);
        },
      ),
    );
  });

  it('counts every case, bundle and nothing for testers toward the tier', () => {
    fc.assert(
      fc.property(cartArb, (cart) => {
        const quantity = (id: number) => cart.find((line) => line.productId === id)?.quantity ?? 0;
        const expectedCases =
          CASE_PRODUCTS.reduce((total, id) => total + quantity(id) / 12, 0) + quantity(BUNDLE);
        const priced = priceCart(CATALOG, cart);
        expect(priced.totalCases).toBe(expectedCases);
        expect(priced.totalUnits).toBe(expectedCases * 12);
        expect(priced.tier).toEqual(selectTier(TIERS, expectedCases));
      }),
    );
  });

  it('never raises a unit price when the total number of cases grows (tiers whose discount never falls)', () => {
    fc.assert(
      fc.property(monotoneTiersArb, (tiers) => {
        const catalog = createCatalog(PRODUCTS, tiers);
        for (const entry of PRODUCTS) {
          let previous = Number.POSITIVE_INFINITY;
          for (let total = 0; total <= 70; total += 1) {
            const price = unitPrice(catalog, entry, selectTier(catalog.tiers, total));
            expect(price).toBeLessThanOrEqual(previous);
            previous = price;
          }
        }
      }),
    );
    fc.assert(
      fc.property(monotoneTiersArb, cartArb, cartArb, (tiers, cart, extra) => {
        const catalog = createCatalog(PRODUCTS, tiers);
        const bigger = cart.map((line) => ({
          ...line,
          quantity:
            line.productId === TESTER || line.productId === LEGACY_SAMPLE
              ? line.quantity
              : line.quantity + (extra.find((more) => more.productId === line.productId)?.quantity ?? 0),
        }));
        const small = priceCart(catalog, cart);
        const large = priceCart(catalog, bigger);
        expect(large.totalCases).toBeGreaterThanOrEqual(small.totalCases);
        for (const line of small.lines) {
          expect(lineOf(large, line.productId).unitPrice).toBeLessThanOrEqual(line.unitPrice);
        }
      }),
    );
  });

  it('never produces negative money with discounts of 0–100 % and non-negative custom prices', () => {
    fc.assert(
      fc.property(
        scenarioArb(() => 5000),
        ({ tiers, custom, cart }) => {
          const priced = priceCart(createCatalog(PRODUCTS, tiers, custom), cart);
          for (const value of [priced.standardTotal, priced.orderTotal, priced.retailValue]) {
            expect(value).toBeGreaterThanOrEqual(0);
          }
          for (const line of priced.lines) {
            for (const value of [line.unitPrice, line.baseUnitPrice, line.lineTotal, line.baseLineTotal]) {
              expect(value).toBeGreaterThanOrEqual(0);
            }
            expect(line.msrpPerUnit).toBeGreaterThanOrEqual(0);
          }
        },
      ),
    );
  });

  it('keeps orderTotal ≤ standardTotal, savings and profit ≥ 0 when no custom price is above base', () => {
    fc.assert(
      fc.property(scenarioArb(basePriceOf), ({ tiers, custom, cart }) => {
        const priced = priceCart(createCatalog(PRODUCTS, tiers, custom), cart);
        expect(priced.orderTotal).toBeLessThanOrEqual(priced.standardTotal);
        expect(priced.savings).toBeGreaterThanOrEqual(0);
        expect(priced.profit).toBeGreaterThanOrEqual(0);
        for (const line of priced.lines) expect(line.profit).toBeGreaterThanOrEqual(0);
      }),
    );
  });

  it('gives every amount and count as an integer (cents)', () => {
    fc.assert(
      fc.property(
        scenarioArb(() => 5000),
        ({ tiers, custom, cart }) => {
          const priced = priceCart(createCatalog(PRODUCTS, tiers, custom), cart);
          for (const value of moneyFields(priced)) expect(Number.isSafeInteger(value)).toBe(true);
        },
      ),
    );
  });
});

// ---------------------------------------------------------------------------------------------------------
// Server (cents) and browser (API dollars → catalogFromApi) must price identically.

interface RandomCatalog {
  products: PricingProduct[];
  tiers: PricingTier[];
  custom: CustomTierPrice[];
}

const centsArb = fc.integer({ min: 0, max: 100_000 });
const optionalCentsArb = fc.option(centsArb, { nil: null });

const randomCatalogArb: fc.Arbitrary<RandomCatalog> = fc
  .record({
    prices: fc.array(
      fc.record({ price: centsArb, wholesalePrice: optionalCentsArb, msrp: optionalCentsArb }),
      {
        minLength: 4,
        maxLength: 4,
      },
    ),
    withComponents: fc.boolean(),
    tiers: tiersArb,
  })
  .chain(({ prices, withComponents, tiers }) => {
    const products = PRODUCTS.map((entry) => {
      const index = [FOUR_OZ, ONE_OZ, SPLIT_PACK, BUNDLE].indexOf(entry.id);
      const random = prices[index];
      if (!random) return entry;
      return {
        ...entry,
        ...random,
        components: entry.id === BUNDLE && withComponents ? BUNDLE_COMPONENTS : undefined,
      };
    });
    return customPricesArb(tiers, () => 100_000).map((custom) => ({ products, tiers, custom }));
  });

/** The API's answer for a catalogue: dollars per bottle, discount in percent (GET /api/products, /api/pricing-catalog). */
function toApi(catalog: RandomCatalog): { products: Product[]; pricing: PricingCatalogDto } {
  return {
    products: catalog.products.map((entry) => ({
      id: entry.id,
      name: entry.name,
      sku: entry.sku,
      price: centsToDollars(entry.price),
      wholesalePrice: entry.wholesalePrice === null ? null : centsToDollars(entry.wholesalePrice),
      msrp: entry.msrp === null ? null : centsToDollars(entry.msrp),
      imageUrl: null,
      shopifyVariantId: null,
      isVirtual: entry.isVirtual,
      caseSize: entry.caseSize,
      isTester: entry.isTester,
    })),
    pricing: {
      tiers: catalog.tiers.map((tier) => ({
        ...tier,
        description: null,
        discountPercentage: tier.discountPercentage / 100,
      })),
      customPrices: catalog.custom.map((custom) => ({ ...custom, price: centsToDollars(custom.price) })),
      components: catalog.products.flatMap((entry) =>
        (entry.components ?? []).map((component) => ({
          virtualProductId: entry.id,
          componentProductId: component.productId,
          quantity: component.quantity,
        })),
      ),
    },
  };
}

describe('server and browser produce the same cents', () => {
  it('turns the seeded API answer (10.65, 7.5 %) back into the same cents and hundredths', () => {
    const seeded: RandomCatalog = {
      products: [...PRODUCTS],
      tiers: [...TIERS, { id: 9, name: 'Half step', minimumCases: 40, discountPercentage: 750 }],
      custom: [{ productId: FOUR_OZ, tierId: RETAILER.id, price: 950 }],
    };
    const { products, pricing } = toApi(seeded);
    expect(products[0]).toMatchObject({ price: 26, wholesalePrice: 10.65, msrp: 26 });
    expect(pricing.tiers.map((tier) => tier.discountPercentage)).toEqual([5, 7, 10, 15, 7.5]);
    const browser = catalogFromApi(products, pricing);
    expect(browser.tiers.map((tier) => tier.discountPercentage)).toEqual([500, 700, 1000, 1500, 750]);
    expect(mustGet(browser, FOUR_OZ)).toMatchObject({ price: 2600, wholesalePrice: 1065, msrp: 2600 });
    expect(browser.customPrices).toEqual([{ productId: FOUR_OZ, tierId: RETAILER.id, price: 950 }]);
    expect(
      unitPrice(browser, mustGet(browser, FOUR_OZ), { ...RETAILER, id: 9, discountPercentage: 750 }),
    ).toBe(985);
  });

  it('prices every random cart identically from the cents catalogue and from the API dollars', () => {
    fc.assert(
      fc.property(randomCatalogArb, cartArb, (random, cart) => {
        const server = createCatalog(random.products, random.tiers, random.custom);
        const { products, pricing } = toApi(random);
        const browser = catalogFromApi(products, pricing);
        expect(priceCart(browser, cart)).toEqual(priceCart(server, cart));
      }),
      { numRuns: 300 },
    );
  });
});
