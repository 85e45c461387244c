import { describe, expect, it } from 'vitest';
import type { PricingTier } from '../../../../shared/pricing';
import {
  buildDraftLines,
  buildDraftOrderInput,
  buildShippingAddress,
  splitName,
  type DraftPricing,
  type DraftProduct,
  type DraftSourceItem,
  type DraftSourceOrder,
} from './draft-order-input';

const variant = (id: number) => `gid://shopify/ProductVariant/${id}`;

const product = (values: Partial<DraftProduct> & Pick<DraftProduct, 'id' | 'sku'>): DraftProduct => ({
  name: values.sku,
  price: 2000,
  wholesalePrice: null,
  msrp: null,
  caseSize: 12,
  isTester: false,
  isVirtual: false,
  shopifyVariantId: variant(values.id),
  ...values,
});

const FOUR_OZ = product({ id: 1, sku: '800-0001', wholesalePrice: 1065 });
const ONE_OZ = product({ id: 21, sku: '800-0002', wholesalePrice: 485 });
const BUNDLE = product({
  id: 50,
  sku: '800-0004',
  name: 'Case of mixed bottles',
  price: 9300,
  isVirtual: true,
  shopifyVariantId: null,
  components: [
    { productId: 1, quantity: 6 },
    { productId: 21, quantity: 6 },
  ],
});
const TESTER = product({ id: 60, sku: '800-0003', price: 0, caseSize: 1, isTester: true });
const FIVE_PERCENT: PricingTier = { id: 1, name: '1+ cases', minimumCases: 1, discountPercentage: 500 };

const pricing = (
  products: DraftProduct[] = [FOUR_OZ, ONE_OZ, BUNDLE, TESTER],
  tier: PricingTier | null = FIVE_PERCENT,
  customPrices: DraftPricing['catalog']['customPrices'] = [],
): DraftPricing => ({
  catalog: {
    products: new Map(products.map((entry) => [entry.id, entry])),
    tiers: tier ? [tier] : [],
    customPrices,
  },
  tier,
});

const item = (productId: number, quantity: number, price: number, sku?: string): DraftSourceItem => ({
  productId,
  quantity,
  price,
  name: null,
  sku: sku ?? null,
});

describe('buildDraftLines', () => {
  it('prices every variant line with the portal unit price and the tester at 0.00', () => {
    const result = buildDraftLines([item(1, 24, 1012), item(60, 1, 0)], pricing());
    expect(result).toEqual({
      ok: true,
      warnings: [],
      lines: [
        { variantId: variant(1), quantity: 24, priceOverride: { amount: '10.12', currencyCode: 'USD' } },
        { variantId: variant(60), quantity: 1, priceOverride: { amount: '0.00', currencyCode: 'USD' } },
      ],
    });
  });

  it('expands the bundle into its components at the tier prices, totalling the bundle to the cent', () => {
    // 5 %: 10.65 → 10.12 and 4.85 → 4.61; one bundle = 6 × 10.12 + 6 × 4.61 = 88.38 (ADR 0008).
    const result = buildDraftLines([item(50, 2, 8838)], pricing());
    expect(result).toEqual({
      ok: true,
      warnings: [],
      lines: [
        {
          variantId: variant(1),
          quantity: 12,
          priceOverride: { amount: '10.12', currencyCode: 'USD' },
          customAttributes: [{ key: 'bundle', value: '800-0004' }],
        },
        {
          variantId: variant(21),
          quantity: 12,
          priceOverride: { amount: '4.61', currencyCode: 'USD' },
          customAttributes: [{ key: 'bundle', value: '800-0004' }],
        },
      ],
    });
    if (!result.ok) return;
    const total = result.lines.reduce(
      (sum, line) =>
        sum +
        ('priceOverride' in line ? Math.round(Number(line.priceOverride.amount) * 100) : 0) * line.quantity,
      0,
    );
    expect(total).toBe(2 * 8838);
  });

  it('uses the custom tier price of a component', () => {
    const custom = [{ productId: 1, tierId: 1, price: 1000 }];
    const result = buildDraftLines([item(50, 1, 6 * 1000 + 6 * 461)], pricing(undefined, undefined, custom));
    expect(
      result.ok && result.lines.map((line) => 'priceOverride' in line && line.priceOverride.amount),
    ).toEqual(['10.00', '4.61']);
  });

  it('sends the bundle as one custom line at its stored price when the components no longer add up', () => {
    const result = buildDraftLines([item(50, 3, 9300, '800-0004')], pricing());
    expect(result).toEqual({
      ok: true,
      warnings: [
        expect.stringContaining('800-0004: its components now cost 88.38 per bundle, the order says 93.00'),
      ],
      lines: [
        {
          title: 'Case of mixed bottles',
          sku: '800-0004',
          quantity: 3,
          originalUnitPriceWithCurrency: { amount: '93.00', currencyCode: 'USD' },
          requiresShipping: true,
        },
      ],
    });
  });

  it('sends a bundle without components as one custom line', () => {
    const bare = { ...BUNDLE, components: [] };
    const result = buildDraftLines([item(50, 1, 8835)], pricing([FOUR_OZ, ONE_OZ, bare]));
    expect(result.ok && result.lines).toEqual([
      expect.objectContaining({ title: 'Case of mixed bottles', quantity: 1 }),
    ]);
  });

  it('fails when a product or a bundle component has no Shopify variant', () => {
    const unlinked = { ...ONE_OZ, shopifyVariantId: null };
    expect(buildDraftLines([item(1, 12, 1065)], pricing([{ ...FOUR_OZ, shopifyVariantId: null }]))).toEqual({
      ok: false,
      reason: 'no Shopify variant for 800-0001',
    });
    expect(buildDraftLines([item(50, 1, 8838)], pricing([FOUR_OZ, unlinked, BUNDLE]))).toEqual({
      ok: false,
      reason: 'no Shopify variant for 800-0002',
    });
  });

  it('skips empty lines and fails an order with nothing to send', () => {
    expect(buildDraftLines([item(1, 0, 1065)], pricing())).toEqual({
      ok: false,
      reason: 'the order has no lines',
    });
  });
});

const order: DraftSourceOrder = {
  id: 5,
  customerName: 'Ada Mae Buyer',
  customerEmail: 'ada@example.com',
  businessName: 'Mist Shop',
  notes: 'Leave at the back door',
  poNumber: null,
  shippingAddressLine1: '1 Main St',
  shippingAddressLine2: null,
  shippingCity: 'Springfield',
  shippingState: 'Illinois',
  shippingZip: '62701',
  shippingCountry: 'USA',
};

describe('buildShippingAddress', () => {
  it('maps the split fields, with ISO country and province codes', () => {
    expect(buildShippingAddress(order)).toEqual({
      firstName: 'Ada',
      lastName: 'Mae Buyer',
      company: 'Mist Shop',
      address1: '1 Main St',
      city: 'Springfield',
      provinceCode: 'IL',
      countryCode: 'US',
      zip: '62701',
    });
  });

  it('leaves an unknown country out instead of failing', () => {
    const address = buildShippingAddress({ ...order, shippingCountry: 'Atlantis', shippingState: 'Deep' });
    expect(address).not.toHaveProperty('countryCode');
    expect(address).not.toHaveProperty('provinceCode');
    expect(address).toMatchObject({ address1: '1 Main St', city: 'Springfield' });
  });

  it('is absent when the order has no address lines', () => {
    const bare = { ...order, shippingAddressLine1: null, shippingCity: null, shippingZip: null };
    expect(buildShippingAddress(bare)).toBeUndefined();
  });
});

describe('splitName', () => {
  it('splits first from last name; a single name is the last name', () => {
    expect(splitName('Ada Buyer')).toEqual({ firstName: 'Ada', lastName: 'Buyer' });
    expect(splitName('  Cher ')).toEqual({ lastName: 'Cher' });
    expect(splitName(' ')).toEqual({});
  });
});

describe('buildDraftOrderInput', () => {
  it('names the portal order in the note, PO number, tags and attributes', () => {
    const lines = [
      { variantId: variant(1), quantity: 12, priceOverride: { amount: '10.65', currencyCode: 'USD' } },
    ];
    expect(buildDraftOrderInput(order, lines)).toEqual({
      email: 'ada@example.com',
      note: 'Wholesale order WO-1005 (portal)\nLeave at the back door',
      poNumber: 'WO-1005',
      tags: ['wholesale', 'portal', 'portal-order-5'],
      customAttributes: [
        { key: 'portal_order_id', value: '5' },
        { key: 'portal_order_number', value: 'WO-1005' },
      ],
      shippingAddress: expect.objectContaining({ countryCode: 'US' }),
      lineItems: lines,
      shippingLine: {
        title: 'Free wholesale shipping',
        priceWithCurrency: { amount: '0.00', currencyCode: 'USD' },
      },
    });
    expect(buildDraftOrderInput({ ...order, notes: null }, lines).note).toBe(
      'Wholesale order WO-1005 (portal)',
    );
  });

  it("sends the buyer's own PO number as the draft's PO number (issue 20), the order still named elsewhere", () => {
    const input = buildDraftOrderInput({ ...order, poNumber: 'PO-2031/0042' }, []);
    expect(input.poNumber).toBe('PO-2031/0042');
    expect(input.note).toBe('Wholesale order WO-1005 (portal)\nLeave at the back door');
    expect(input.customAttributes).toContainEqual({ key: 'portal_order_number', value: 'WO-1005' });
  });
});
