import { describe, expect, it } from 'vitest';
import { priceCart, type CartLine } from '../../../shared/pricing';
import { catalogFromApi } from '../../../shared/pricing-catalog';
import { testPricingCatalog, testProducts } from '../../test-support/api-fixtures';
import { buildProductRows } from './product-row-model';

const catalog = catalogFromApi(testProducts, testPricingCatalog);

function rowsFor(lines: CartLine[]) {
  return buildProductRows(testProducts, catalog, priceCart(catalog, lines));
}

function rowOf(rows: ReturnType<typeof rowsFor>, id: number) {
  const row = rows.find((candidate) => candidate.id === id);
  if (!row) throw new Error(`no row ${id}`);
  return row;
}

describe('buildProductRows', () => {
  it('shows base prices, no flag and 0 cases for an empty cart, and leaves the tester out', () => {
    const rows = rowsFor([]);

    expect(rows.map((row) => row.sku)).toEqual(['800-0001', '800-0002', 'SPLIT-PACK-01', '800-0004']);
    expect(rowOf(rows, 1)).toMatchObject({
      casePrice: '$127.80',
      bottlePrice: { kind: 'price', text: '$10.65' },
      priceNote: null,
      cases: 0,
    });
    // The bundle is priced from its parts: 6 × $10.65 + 6 × $4.85; its bottles cost what the rows above say.
    expect(rowOf(rows, 40)).toMatchObject({
      casePrice: '$93.00',
      bottlePrice: { kind: 'same-as-above' },
      unitsPerCase: 1,
    });
    // The split pack is priced by the pack: no per-bottle price (docs/storefront.md#order-form).
    expect(rowOf(rows, 27)).toMatchObject({ casePrice: '$93.00', bottlePrice: { kind: 'by-the-pack' } });
  });

  it('prices rows with a quantity at the cart tier, flagged, and keeps the others at base', () => {
    const rows = rowsFor([
      { productId: 1, quantity: 24 },
      { productId: 21, quantity: 12 },
    ]);

    expect(rowOf(rows, 1)).toMatchObject({
      casePrice: '$115.08',
      bottlePrice: { kind: 'price', text: '$9.59' },
      priceNote: { label: '10% off', basePrice: '$10.65' },
      cases: 2,
      unitsPerCase: 12,
    });
    expect(rowOf(rows, 21)).toMatchObject({
      casePrice: '$52.44',
      bottlePrice: { kind: 'price', text: '$4.37' },
      priceNote: { label: '10% off', basePrice: '$4.85' },
      cases: 1,
    });
    expect(rowOf(rows, 27)).toMatchObject({ casePrice: '$93.00', priceNote: null, cases: 0 });
  });

  it('counts the bundle in bundles and prices it from its parts at the tier', () => {
    const rows = rowsFor([{ productId: 40, quantity: 3 }]);

    // 6 × $9.59 + 6 × $4.37 = $83.76 per bundle; no per-bottle figure ($6.98 × 12 would not make $83.76).
    expect(rowOf(rows, 40)).toMatchObject({
      casePrice: '$83.76',
      bottlePrice: { kind: 'same-as-above' },
      priceNote: { label: '10% off', basePrice: null },
      cases: 3,
    });
  });

  it("says 'Your price' on a row priced by the buyer's custom price, and the percentage on the others", () => {
    // A custom 4 oz price of $9.00 at the 10 % tier (3+ cases); the 1 oz row takes the tier's 10 %.
    const tier = testPricingCatalog.tiers.find((candidate) => candidate.minimumCases === 3)!;
    const custom = catalogFromApi(testProducts, {
      ...testPricingCatalog,
      customPrices: [{ productId: 1, tierId: tier.id, price: 9 }],
    });
    const rows = buildProductRows(
      testProducts,
      custom,
      priceCart(custom, [
        { productId: 1, quantity: 24 },
        { productId: 21, quantity: 12 },
      ]),
    );

    expect(rowOf(rows, 1)).toMatchObject({
      bottlePrice: { kind: 'price', text: '$9.00' },
      priceNote: { label: 'Your price', basePrice: '$10.65' },
    });
    expect(rowOf(rows, 21).priceNote).toEqual({ label: '10% off', basePrice: '$4.85' });
  });

  it('shows base prices everywhere when the tiers could not be loaded', () => {
    const base = catalogFromApi(testProducts, { tiers: [], customPrices: [], components: [] });
    const rows = buildProductRows(testProducts, base, priceCart(base, [{ productId: 1, quantity: 60 }]));

    expect(rowOf(rows, 1)).toMatchObject({ casePrice: '$127.80', priceNote: null, cases: 5 });
    expect(rowOf(rows, 40)).toMatchObject({ casePrice: '$93.00', priceNote: null });
  });
});
