import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CART_MESSAGES, checkCartRules, isCaseRuleExempt, type RuleLine } from './cart-rules';

/**
 * The spec's messages (docs/catalogue-and-pricing.md#cart-rules), copied word for word so a changed constant
 * fails here.
 */
const EMPTY = 'Please select at least one product or add a tester to your order';
const TESTER_QUANTITY =
  'Tester Quantity Error: Tester products can only be ordered as a single bottle. Please add only one tester to your order.';
const TESTER_LIMIT = 'Tester Limit: Only one tester per order is allowed';
const CASE_QUANTITY =
  'Case Quantity Error: Regular products must be ordered in full case quantities of 12 bottles.';
const SERVER_EMPTY = 'Your cart is empty. Please add at least one item.';

type RuleProduct = RuleLine['product'];

/** The seeded catalogue's rule-relevant fields (docs/catalogue-and-pricing.md#products). */
const FOUR_OZ: RuleProduct = { sku: '800-0001', isTester: false, isVirtual: false, caseSize: 12 };
const ONE_OZ: RuleProduct = { sku: '800-0002', isTester: false, isVirtual: false, caseSize: 12 };
const SPLIT_PACK: RuleProduct = { sku: 'SPLIT-PACK-01', isTester: false, isVirtual: false, caseSize: 12 };
const BUNDLE: RuleProduct = { sku: '800-0004', isTester: false, isVirtual: true, caseSize: 12 };
const TESTER: RuleProduct = { sku: '800-0003', isTester: true, isVirtual: false, caseSize: 1 };
const LEGACY_SAMPLE: RuleProduct = { sku: 'SAMPLE-01', isTester: true, isVirtual: false, caseSize: 1 };

const line = (product: RuleProduct, quantity: number): RuleLine => ({ product, quantity });

describe('cart messages', () => {
  it('uses the spec’s exact wording for every cart message', () => {
    expect(CART_MESSAGES).toEqual({
      empty: EMPTY,
      testerQuantity: TESTER_QUANTITY,
      testerLimit: TESTER_LIMIT,
      caseQuantity: CASE_QUANTITY,
      serverEmpty: SERVER_EMPTY,
    });
  });
});

describe('checkCartRules (docs/catalogue-and-pricing.md#cart-rules)', () => {
  it.each<{ name: string; lines: RuleLine[]; expected: string[] }>([
    { name: 'an empty cart', lines: [], expected: [EMPTY] },
    {
      name: 'a cart whose lines are all zero',
      lines: [line(FOUR_OZ, 0), line(TESTER, 0), line(BUNDLE, 0)],
      expected: [EMPTY],
    },
    { name: 'a tester with quantity 2', lines: [line(TESTER, 2)], expected: [TESTER_QUANTITY] },
    {
      name: 'a tester with quantity 2 beside a full case',
      lines: [line(FOUR_OZ, 12), line(TESTER, 2)],
      expected: [TESTER_QUANTITY],
    },
    {
      name: 'two tester lines (800-0003 and SAMPLE-01) of 1 each',
      lines: [line(TESTER, 1), line(LEGACY_SAMPLE, 1), line(FOUR_OZ, 12)],
      expected: [TESTER_QUANTITY],
    },
    { name: '13 bottles of the 4 oz', lines: [line(FOUR_OZ, 13)], expected: [CASE_QUANTITY] },
    { name: '6 bottles of the split pack', lines: [line(SPLIT_PACK, 6)], expected: [CASE_QUANTITY] },
    {
      name: '13 bottles of the 4 oz beside a correct tester',
      lines: [line(FOUR_OZ, 13), line(TESTER, 1)],
      expected: [CASE_QUANTITY],
    },
    {
      name: 'a tester of 2 and 13 bottles of the 4 oz (both rules, in the spec’s order)',
      lines: [line(FOUR_OZ, 13), line(TESTER, 2)],
      expected: [TESTER_QUANTITY, CASE_QUANTITY],
    },
    { name: 'one tester alone', lines: [line(TESTER, 1)], expected: [] },
    { name: 'one legacy SAMPLE-01 alone', lines: [line(LEGACY_SAMPLE, 1)], expected: [] },
    { name: 'one case of the 4 oz', lines: [line(FOUR_OZ, 12)], expected: [] },
    {
      name: 'a valid mix: 2 cases 4 oz, 1 case 1 oz, 1 split pack, 2 bundles and a tester',
      lines: [line(FOUR_OZ, 24), line(ONE_OZ, 12), line(SPLIT_PACK, 12), line(BUNDLE, 2), line(TESTER, 1)],
      expected: [],
    },
    {
      name: 'a full case beside lines of zero',
      lines: [line(FOUR_OZ, 0), line(ONE_OZ, 36), line(TESTER, 0)],
      expected: [],
    },
  ])('gives $expected for $name', ({ lines, expected }) => {
    expect(checkCartRules(lines)).toEqual(expected);
  });

  it.each<{ name: string; product: RuleProduct; quantity: number }>([
    { name: 'the tester 800-0003', product: TESTER, quantity: 1 },
    { name: 'the bundle 800-0004 in single bundles', product: BUNDLE, quantity: 1 },
    { name: 'the bundle 800-0004 in 5 bundles', product: BUNDLE, quantity: 5 },
    {
      name: 'SKU 800-0004 even when not flagged virtual',
      product: { ...BUNDLE, isVirtual: false },
      quantity: 3,
    },
    {
      name: 'any other virtual product',
      product: { sku: 'VIRTUAL-2', isTester: false, isVirtual: true, caseSize: 12 },
      quantity: 7,
    },
    {
      name: 'SKU 800-0003 even when not flagged as a tester',
      product: { ...TESTER, isTester: false, caseSize: 12 },
      quantity: 1,
    },
  ])('exempts $name from the case-multiple rule', ({ product, quantity }) => {
    expect(isCaseRuleExempt(product)).toBe(true);
    expect(checkCartRules([line(FOUR_OZ, 12), line(product, quantity)])).toEqual([]);
  });

  it.each([FOUR_OZ, ONE_OZ, SPLIT_PACK])('does not exempt the case product $sku', (product) => {
    expect(isCaseRuleExempt(product)).toBe(false);
  });

  it('skips the case check for a tester-only order, reporting only the tester quantity', () => {
    expect(checkCartRules([line(TESTER, 2)])).toEqual([TESTER_QUANTITY]);
    expect(checkCartRules([line(TESTER, 1)])).toEqual([]);
  });

  it('checks multiples against the product’s own case size', () => {
    const sixPack: RuleProduct = { sku: 'SIX', isTester: false, isVirtual: false, caseSize: 6 };
    expect(checkCartRules([line(sixPack, 6)])).toEqual([]);
    expect(checkCartRules([line(sixPack, 12)])).toEqual([]);
    expect(checkCartRules([line(sixPack, 7)])).toEqual([CASE_QUANTITY]);
  });

  it('accepts any cart of whole cases, whole bundles and at most one tester', () => {
    fc.assert(
      fc.property(
        fc.record({
          fourOz: fc.integer({ min: 0, max: 60 }),
          oneOz: fc.integer({ min: 0, max: 60 }),
          split: fc.integer({ min: 0, max: 60 }),
          bundles: fc.integer({ min: 0, max: 10 }),
          tester: fc.integer({ min: 0, max: 1 }),
        }),
        ({ fourOz, oneOz, split, bundles, tester }) => {
          const lines = [
            line(FOUR_OZ, fourOz * 12),
            line(ONE_OZ, oneOz * 12),
            line(SPLIT_PACK, split * 12),
            line(BUNDLE, bundles),
            line(TESTER, tester),
          ];
          const empty = fourOz + oneOz + split + bundles + tester === 0;
          expect(checkCartRules(lines)).toEqual(empty ? [EMPTY] : []);
        },
      ),
    );
  });

  it('reports the case quantity error whenever a case product is not a whole number of cases', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(FOUR_OZ, ONE_OZ, SPLIT_PACK),
        fc.integer({ min: 0, max: 60 }),
        fc.integer({ min: 1, max: 11 }),
        fc.integer({ min: 0, max: 1 }),
        (product, wholeCases, loose, tester) => {
          const errors = checkCartRules([line(product, wholeCases * 12 + loose), line(TESTER, tester)]);
          expect(errors).toEqual([CASE_QUANTITY]);
        },
      ),
    );
  });
});
