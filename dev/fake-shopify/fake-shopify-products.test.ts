import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { SHOPIFY_DOCUMENTS } from '../../src/server/integrations/shopify/documents';
import { startFakeShopify, type FakeShopify, type SeededProduct } from './fake-shopify';
import { at, postGraphql, queryData } from './fake-store-test-support';

let fake: FakeShopify;
let now: number;
let seeded: SeededProduct[];

beforeEach(async () => {
  now = Date.parse('2026-11-01T09:00:00Z');
  fake = await startFakeShopify({ now: () => now });
  seeded = fake.control.seedProducts([
    { title: '4 oz Bottle', variants: [{ sku: '800-0001', price: '26.00' }] },
    { title: '1 oz Bottle', variants: [{ sku: '800-0002', price: '10.00' }] },
    { title: 'Old Sample', status: 'ARCHIVED', variants: [{ sku: 'SAMPLE-01', price: '0.00' }] },
    { title: 'Coming Soon', status: 'DRAFT', variants: [{ sku: 'NEW-01', price: '5.00' }] },
    {
      title: 'Split Pack',
      variants: [
        { title: 'Lavender', sku: 'SPLIT-L', price: '18.00', compareAtPrice: '20.00' },
        { title: 'Rose', sku: 'SPLIT-R', price: '18.00' },
        { title: 'Mint', sku: 'SPLIT-M', price: '18.00' },
      ],
    },
  ]);
});
afterEach(() => fake.close());

const ids = (data: Record<string, unknown>) =>
  z
    .array(z.object({ id: z.string() }))
    .parse(at(data, 'products', 'nodes'))
    .map((node) => node.id);
const gid = (index: number) => seeded[index]?.id ?? '';
const variantGid = (product: number, variant: number) => seeded[product]?.variants[variant]?.id ?? '';

const LIST =
  'query($first: Int, $last: Int, $after: String, $before: String, $query: String, $reverse: Boolean) { products(first: $first, last: $last, after: $after, before: $before, query: $query, reverse: $reverse) { pageInfo { hasNextPage hasPreviousPage startCursor endCursor } nodes { id } } }';

describe('products: cursor pagination', () => {
  it('pages through active products by id with opaque cursors', async () => {
    const first = await queryData(fake, LIST, { first: 2 });
    expect(ids(first)).toEqual([gid(0), gid(1)]);
    const pageInfo = at(first, 'products', 'pageInfo');
    expect(pageInfo).toMatchObject({ hasNextPage: true, hasPreviousPage: false });
    const cursor = String(at(pageInfo, 'endCursor'));
    expect(cursor).not.toContain(String(seeded[1]?.legacyResourceId)); // base64, not a plain id

    const second = await queryData(fake, LIST, { first: 2, after: cursor });
    expect(ids(second)).toEqual([gid(4)]);
    expect(at(second, 'products', 'pageInfo')).toMatchObject({ hasNextPage: false, hasPreviousPage: true });

    const back = await queryData(fake, LIST, {
      last: 2,
      before: String(at(second, 'products', 'pageInfo', 'startCursor')),
    });
    expect(ids(back)).toEqual([gid(0), gid(1)]);
    expect(ids(await queryData(fake, LIST, { first: 5, reverse: true }))).toEqual([gid(4), gid(1), gid(0)]);
  });

  it('keeps a cursor valid when products are added between pages', async () => {
    const first = await queryData(fake, LIST, { first: 1 });
    fake.control.seedProducts([{ title: 'Late', variants: [{ sku: 'LATE', price: '1.00' }] }]);
    const rest = await queryData(fake, LIST, {
      first: 10,
      after: String(at(first, 'products', 'pageInfo', 'endCursor')),
    });
    expect(ids(rest)).toEqual([gid(1), gid(4), expect.stringMatching(/^gid:\/\/shopify\/Product\/\d+$/)]);
  });

  it('refuses pages over 250, a missing first/last and a forged cursor', async () => {
    const tooMany = await postGraphql(fake, LIST, { first: 251 });
    expect(tooMany.body.errors?.[0]?.message).toMatch(/250/);
    const neither = await postGraphql(fake, LIST, {});
    expect(neither.body.errors?.[0]?.message).toBe('you must provide one of first or last');
    const forged = await postGraphql(fake, LIST, { first: 1, after: 'not-a-cursor' });
    expect(forged.body.errors?.[0]?.message).toBe('Invalid cursor for current pagination sort.');
  });
});

describe('products: the query filter', () => {
  it('lists only ACTIVE products unless a status filter says otherwise (documented default)', async () => {
    expect(ids(await queryData(fake, LIST, { first: 10 }))).toEqual([gid(0), gid(1), gid(4)]);
    expect(ids(await queryData(fake, LIST, { first: 10, query: 'status:active,draft,archived' }))).toEqual([
      gid(0),
      gid(1),
      gid(2),
      gid(3),
      gid(4),
    ]);
    expect(ids(await queryData(fake, LIST, { first: 10, query: 'status:draft' }))).toEqual([gid(3)]);
  });

  it('filters by sku, id and id range', async () => {
    expect(ids(await queryData(fake, LIST, { first: 10, query: 'sku:800-0002' }))).toEqual([gid(1)]);
    expect(ids(await queryData(fake, LIST, { first: 10, query: 'sku:SPLIT-R' }))).toEqual([gid(4)]);
    expect(
      ids(await queryData(fake, LIST, { first: 10, query: `id:${seeded[1]?.legacyResourceId}` })),
    ).toEqual([gid(1)]);
    expect(
      ids(await queryData(fake, LIST, { first: 10, query: `id:>=${seeded[1]?.legacyResourceId}` })),
    ).toEqual([gid(1), gid(4)]);
  });

  it("filters by updated_at:>'…' for incremental syncs", async () => {
    now = Date.parse('2026-11-05T12:00:00Z');
    fake.control.updateProduct(gid(1), { variants: [{ id: variantGid(1, 0), price: '11.00' }] });
    const changed = await queryData(fake, LIST, { first: 10, query: "updated_at:>'2026-11-02T00:00:00Z'" });
    expect(ids(changed)).toEqual([gid(1)]);
    const product = await queryData(fake, 'query($id: ID!) { product(id: $id) { updatedAt } }', {
      id: gid(1),
    });
    expect(at(product, 'product', 'updatedAt')).toBe('2026-11-05T12:00:00Z');
  });

  it('reports unknown filter fields in extensions.search and ignores them', async () => {
    const answer = await postGraphql(fake, LIST, { first: 10, query: 'colour:blue sku:800-0001' });
    expect(ids(answer.body.data ?? {})).toEqual([gid(0)]);
    expect(answer.body.extensions?.search).toEqual([
      {
        path: ['products'],
        query: 'colour:blue sku:800-0001',
        warnings: [{ field: 'colour', message: 'Invalid search field for this query.' }],
      },
    ]);
  });
});

describe('product(id) and the portal documents', () => {
  it('returns a product of any status with paginated variants, and null for an unknown id', async () => {
    const page = await queryData(fake, SHOPIFY_DOCUMENTS.GetProduct, { id: gid(4), variantsFirst: 2 });
    expect(at(page, 'product', 'variantsCount')).toEqual({ count: 3, precision: 'EXACT' });
    expect(at(page, 'product', 'variants', 'nodes')).toEqual([
      expect.objectContaining({
        title: 'Lavender',
        sku: 'SPLIT-L',
        price: '18.00',
        compareAtPrice: '20.00',
        media: { nodes: [] },
      }),
      expect.objectContaining({ title: 'Rose', sku: 'SPLIT-R', compareAtPrice: null }),
    ]);
    const next = await queryData(fake, SHOPIFY_DOCUMENTS.GetProduct, {
      id: gid(4),
      variantsFirst: 2,
      variantsAfter: at(page, 'product', 'variants', 'pageInfo', 'endCursor'),
    });
    expect(at(next, 'product', 'variants', 'nodes', 0, 'sku')).toBe('SPLIT-M');
    expect(at(next, 'product', 'variants', 'pageInfo', 'hasNextPage')).toBe(false);

    const archived = await queryData(fake, SHOPIFY_DOCUMENTS.GetProduct, { id: gid(2), variantsFirst: 1 });
    expect(at(archived, 'product', 'status')).toBe('ARCHIVED');
    const missing = await queryData(fake, SHOPIFY_DOCUMENTS.GetProduct, {
      id: 'gid://shopify/Product/1',
      variantsFirst: 1,
    });
    expect(missing).toEqual({ product: null });
  });

  it('answers ListProducts with exactly the selected shape, legacy ids as strings and Money as "26.00"', async () => {
    const data = await queryData(fake, SHOPIFY_DOCUMENTS.ListProducts, {
      first: 1,
      variantsFirst: 5,
      query: 'sku:800-0001',
    });
    expect(at(data, 'products', 'nodes', 0)).toEqual({
      id: gid(0),
      legacyResourceId: seeded[0]?.legacyResourceId,
      title: '4 oz Bottle',
      handle: '4-oz-bottle',
      status: 'ACTIVE',
      updatedAt: '2026-11-01T09:00:00Z',
      featuredMedia: null,
      variantsCount: { count: 1, precision: 'EXACT' },
      variants: {
        pageInfo: { hasNextPage: false, endCursor: expect.any(String) },
        nodes: [
          {
            id: variantGid(0, 0),
            legacyResourceId: seeded[0]?.variants[0]?.legacyResourceId,
            title: 'Default Title',
            sku: '800-0001',
            price: '26.00',
            compareAtPrice: null,
            inventoryQuantity: 0,
          },
        ],
      },
    });
  });
});

describe('productVariantsBulkUpdate (docs/shopify.md#variant-price-and-visibility)', () => {
  const update = (productId: string, variants: Record<string, unknown>[], allowPartialUpdates?: boolean) =>
    queryData(
      fake,
      `mutation($productId: ID!, $variants: [ProductVariantsBulkInput!]!, $allowPartialUpdates: Boolean) {
        productVariantsBulkUpdate(productId: $productId, variants: $variants, allowPartialUpdates: $allowPartialUpdates) {
          product { id } productVariants { id price compareAtPrice } userErrors { field message code }
        }
      }`,
      { productId, variants, allowPartialUpdates },
    ).then((data) => at(data, 'productVariantsBulkUpdate'));

  it('updates prices and clears compareAtPrice with null', async () => {
    const payload = await update(gid(4), [
      { id: variantGid(4, 0), price: '19.99', compareAtPrice: null },
      { id: variantGid(4, 1), price: 17, compareAtPrice: '21.5' },
    ]);
    expect(payload).toEqual({
      product: { id: gid(4) },
      productVariants: [
        { id: variantGid(4, 0), price: '19.99', compareAtPrice: null },
        { id: variantGid(4, 1), price: '17.00', compareAtPrice: '21.50' },
      ],
      userErrors: [],
    });
  });

  it('reports PRODUCT_DOES_NOT_EXIST, PRODUCT_VARIANT_DOES_NOT_EXIST, MUST_BE_FOR_THIS_PRODUCT and NEGATIVE_PRICE_VALUE', async () => {
    expect(await update('gid://shopify/Product/1', [{ id: variantGid(0, 0), price: '1.00' }])).toMatchObject({
      product: null,
      userErrors: [{ field: ['productId'], code: 'PRODUCT_DOES_NOT_EXIST' }],
    });
    const payload = await update(gid(4), [
      { id: 'gid://shopify/ProductVariant/1', price: '1.00' },
      { id: variantGid(0, 0), price: '1.00' },
      { id: variantGid(4, 2), price: '-1.00' },
    ]);
    expect(at(payload, 'userErrors')).toEqual([
      { field: ['variants', '0', 'id'], message: expect.any(String), code: 'PRODUCT_VARIANT_DOES_NOT_EXIST' },
      { field: ['variants', '1', 'id'], message: expect.any(String), code: 'MUST_BE_FOR_THIS_PRODUCT' },
      { field: ['variants', '2', 'price'], message: expect.any(String), code: 'NEGATIVE_PRICE_VALUE' },
    ]);
  });

  it('changes nothing when one variant fails, unless allowPartialUpdates', async () => {
    const blocked = await update(gid(4), [
      { id: variantGid(4, 0), price: '30.00' },
      { id: variantGid(4, 1), price: '-5' },
    ]);
    expect(at(blocked, 'productVariants')).toBeNull();
    expect(fake.store.variants.get(Number(seeded[4]?.variants[0]?.legacyResourceId))?.price).toBe(1800);

    const partial = await update(
      gid(4),
      [
        { id: variantGid(4, 0), price: '30.00' },
        { id: variantGid(4, 1), price: '-5' },
      ],
      true,
    );
    expect(at(partial, 'productVariants')).toEqual([
      { id: variantGid(4, 0), price: '30.00', compareAtPrice: '20.00' },
    ]);
    expect(at(partial, 'userErrors', 0, 'code')).toBe('NEGATIVE_PRICE_VALUE');
  });

  it('writes variant metafields, reads them back by namespace and key, and checks them', async () => {
    const visible = (value: string, type?: string) => ({
      namespace: 'wholesale_portal',
      key: 'visible',
      value,
      ...(type ? { type } : {}),
    });
    const readBack = async () =>
      at(
        await queryData(
          fake,
          `query ($id: ID!) { productVariant(id: $id) {
            metafield(namespace: "wholesale_portal", key: "visible") { namespace key type value }
          } }`,
          { id: variantGid(4, 0) },
        ),
        'productVariant',
        'metafield',
      );
    expect(await readBack()).toBeNull();

    // A new metafield without a definition needs its type.
    expect(
      at(await update(gid(4), [{ id: variantGid(4, 0), metafields: [visible('false')] }]), 'userErrors'),
    ).toEqual([
      { field: ['variants', '0', 'metafields', '0', 'type'], message: "Type can't be blank", code: 'BLANK' },
    ]);
    expect(
      at(
        await update(gid(4), [{ id: variantGid(4, 0), metafields: [visible('no', 'boolean')] }]),
        'userErrors',
      ),
    ).toEqual([
      {
        field: ['variants', '0', 'metafields', '0', 'value'],
        message: 'Value must be true or false.',
        code: 'INVALID_VALUE',
      },
    ]);
    expect(await readBack()).toBeNull();

    await update(gid(4), [{ id: variantGid(4, 0), metafields: [visible('false', 'boolean')] }]);
    expect(await readBack()).toEqual({
      namespace: 'wholesale_portal',
      key: 'visible',
      type: 'boolean',
      value: 'false',
    });
    // An existing one is updated in place; its type may be left out.
    await update(gid(4), [{ id: variantGid(4, 0), metafields: [visible('true')] }]);
    expect(await readBack()).toMatchObject({ value: 'true' });
  });

  it('rejects a price that is no decimal as a GraphQL error', async () => {
    const answer = await postGraphql(fake, SHOPIFY_DOCUMENTS.UpdateVariants, {
      productId: gid(0),
      variants: [{ id: variantGid(0, 0), price: { amount: '1.00' } }],
    });
    expect(answer.body.errors?.[0]).toMatchObject({
      message: expect.stringContaining('was provided invalid value for 0.price'),
      extensions: { code: 'INVALID_VARIABLE' },
    });
  });
});
