import { afterEach, describe, expect, it, vi } from 'vitest';
import { checkReorderData, toCartContent } from './reorder-data';

const line = (overrides: Record<string, unknown> = {}) => ({
  productId: 1,
  quantity: 24,
  price: 10.65,
  productName: '4 oz bottle',
  sku: '800-0001',
  imageUrl: null,
  shopifyVariantId: null,
  ...overrides,
});

const reply = (items: unknown, extra: Record<string, unknown> = {}) => ({
  order: { id: 1, orderNumber: 'WO-1001' },
  id: 1,
  items,
  unavailable: [],
  ...extra,
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('checkReorderData (the reorder data check, docs/storefront.md#reorder-page)', () => {
  it('accepts a well-formed reply', () => {
    expect(checkReorderData(reply([line()]))).toEqual({
      ok: true,
      reorder: {
        orderId: 1,
        orderNumber: 'WO-1001',
        lines: [{ productId: 1, quantity: 24, name: '4 oz bottle', sku: '800-0001' }],
        unavailable: [],
      },
    });
  });

  it('needs the order: a reply without one is data_integrity', () => {
    expect(checkReorderData(undefined)).toMatchObject({ ok: false, category: 'data_integrity' });
    expect(checkReorderData('oops')).toMatchObject({ ok: false, category: 'data_integrity' });
    expect(checkReorderData({ items: [line()] })).toMatchObject({ ok: false, category: 'data_integrity' });
  });

  it('accepts the order as order.id or as id alone (docs/storefront.md#reorder-page)', () => {
    expect(checkReorderData({ id: 5, items: [line()] })).toMatchObject({
      ok: true,
      reorder: { orderId: 5, orderNumber: null },
    });
  });

  it('needs items to be an array: otherwise data_integrity', () => {
    expect(checkReorderData(reply({ 0: line() }))).toMatchObject({ ok: false, category: 'data_integrity' });
    expect(checkReorderData(reply(null))).toMatchObject({ ok: false, category: 'data_integrity' });
  });

  it('leaves out items without a numeric productId or a positive quantity, and warns', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const result = checkReorderData(
      reply([
        line({ productId: 'abc' }),
        line({ productId: undefined }),
        line({ quantity: 0 }),
        line({ quantity: -12 }),
        line({ quantity: 'many' }),
        line({ productId: '21', quantity: '12', productName: '1 oz bottle', sku: '800-0002' }),
      ]),
    );
    expect(result).toMatchObject({
      ok: true,
      reorder: { lines: [{ productId: 21, quantity: 12, name: '1 oz bottle', sku: '800-0002' }] },
    });
    expect(warn).toHaveBeenCalledTimes(5);
  });

  it('fails as validation when no valid item remains', () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    expect(checkReorderData(reply([]))).toMatchObject({ ok: false, category: 'validation' });
    expect(checkReorderData(reply([line({ quantity: 0 })]))).toMatchObject({
      ok: false,
      category: 'validation',
    });
  });

  it('only warns about a missing name or SKU', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const result = checkReorderData(reply([line({ productName: undefined, sku: null })]));
    expect(result).toMatchObject({ ok: true, reorder: { lines: [{ productId: 1, name: null, sku: null }] } });
    expect(warn).toHaveBeenCalledTimes(2);
    expect(String(warn.mock.calls[0]?.[0])).toMatch(/no name/);
    expect(String(warn.mock.calls[1]?.[0])).toMatch(/no SKU/);
  });

  it('names the lines the server could not reorder', () => {
    const result = checkReorderData(
      reply([line()], {
        unavailable: [
          { productId: 27, productName: '50/50 split pack', sku: 'SPLIT-PACK-01' },
          { productId: 9, productName: '', sku: 'OLD-1' },
        ],
      }),
    );
    expect(result).toMatchObject({ ok: true, reorder: { unavailable: ['50/50 split pack', 'OLD-1'] } });
  });
});

describe('toCartContent', () => {
  const reorderLine = (productId: number, quantity: number, sku: string | null = null) => ({
    productId,
    quantity,
    name: null,
    sku,
  });

  it('keeps quantities in the cart units and adds up repeated products', () => {
    expect(toCartContent([reorderLine(1, 24), reorderLine(40, 2), reorderLine(1, 12)])).toEqual({
      items: [
        { productId: 1, quantity: 36 },
        { productId: 40, quantity: 2 },
      ],
      testerAdded: false,
    });
  });

  it('turns a tester line (tester SKU or a product marked as tester) into the tester flag', () => {
    expect(toCartContent([reorderLine(1, 12), reorderLine(41, 1, '800-0003')])).toEqual({
      items: [{ productId: 1, quantity: 12 }],
      testerAdded: true,
    });
    expect(toCartContent([reorderLine(17, 1, 'SAMPLE-01')]).testerAdded).toBe(true);
    expect(toCartContent([reorderLine(99, 1, 'X')], new Set([99]))).toEqual({
      items: [],
      testerAdded: true,
    });
  });
});
