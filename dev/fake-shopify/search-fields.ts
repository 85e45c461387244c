import { variantsOf } from './catalogue';
import { parseAmount } from './money';
import { compare, type SearchSchema } from './search-query';
import type { FakeCompany, FakeDraftOrder, FakeOrder, FakeProduct } from './state';
import type { FakeStore } from './store';

/**
 * The filters each connection understands, from the `query` argument tables in the schema descriptions
 * (docs/shopify.md#catalogue-read). Filters the portal does not need are left out; a term naming one is
 * ignored with a search warning, as the real API ignores unknown fields.
 */

const numericId = (value: string) => Number(value.replace(/^gid:\/\/shopify\/[A-Za-z]+\//, ''));

export function productSearch(store: FakeStore): SearchSchema<FakeProduct> {
  const variants = (product: FakeProduct) => variantsOf(store, product);
  return {
    defaultText: (product) => [
      product.title,
      product.handle,
      product.vendor,
      product.productType,
      ...product.tags,
      ...variants(product).map((variant) => variant.sku),
    ],
    fields: {
      id: { type: 'number', value: (product) => product.id },
      title: { type: 'text', match: 'contains', values: (product) => [product.title] },
      handle: { type: 'list', values: (product) => [product.handle] },
      status: { type: 'list', values: (product) => [product.status.toLowerCase()] },
      vendor: { type: 'list', values: (product) => [product.vendor] },
      product_type: { type: 'list', values: (product) => [product.productType] },
      tag: { type: 'list', values: (product) => product.tags },
      tag_not: {
        type: 'predicate',
        test: (product, value) => !product.tags.some((tag) => tag.toLowerCase() === value.toLowerCase()),
      },
      sku: { type: 'text', values: (product) => variants(product).map((variant) => variant.sku) },
      barcode: { type: 'text', values: (product) => variants(product).map((variant) => variant.barcode) },
      variant_title: { type: 'text', values: (product) => variants(product).map((variant) => variant.title) },
      variant_id: {
        type: 'predicate',
        test: (product, value) => product.variantIds.includes(numericId(value)),
      },
      price: {
        type: 'predicate',
        test: (product, value, comparator) => {
          const wanted = parseAmount(value);
          return (
            wanted !== null && variants(product).some((variant) => compare(variant.price, wanted, comparator))
          );
        },
      },
      inventory_total: {
        type: 'number',
        value: (product) => variants(product).reduce((sum, variant) => sum + variant.inventoryQuantity, 0),
      },
      created_at: { type: 'time', value: (product) => product.createdAt },
      updated_at: { type: 'time', value: (product) => product.updatedAt },
      published_at: { type: 'time', value: (product) => product.publishedAt },
    },
  };
}

export const draftOrderSearch: SearchSchema<FakeDraftOrder> = {
  defaultText: (draft) => [`#D${draft.number}`, draft.email, draft.poNumber, ...draft.tags],
  fields: {
    id: { type: 'number', value: (draft) => draft.id },
    status: { type: 'list', values: (draft) => [draft.status.toLowerCase()] },
    tag: { type: 'list', values: (draft) => draft.tags },
    name: {
      type: 'list',
      values: (draft) => [`#D${draft.number}`, `D${draft.number}`, String(draft.number)],
    },
    email: { type: 'text', values: (draft) => [draft.email] },
    source: { type: 'text', values: (draft) => [draft.sourceName] },
    created_at: { type: 'time', value: (draft) => draft.createdAt },
    updated_at: { type: 'time', value: (draft) => draft.updatedAt },
  },
};

const FULFILLMENT_FILTER: Record<FakeOrder['fulfillmentStatus'], string[]> = {
  UNFULFILLED: ['unshipped', 'unfulfilled'],
  PARTIALLY_FULFILLED: ['partial', 'partially_fulfilled'],
  FULFILLED: ['shipped', 'fulfilled'],
};

export const orderSearch: SearchSchema<FakeOrder> = {
  defaultText: (order) => [`#${order.number}`, order.email, order.poNumber, ...order.tags],
  fields: {
    id: { type: 'number', value: (order) => order.id },
    name: { type: 'list', values: (order) => [`#${order.number}`, String(order.number)] },
    email: { type: 'text', values: (order) => [order.email] },
    tag: { type: 'list', values: (order) => order.tags },
    financial_status: { type: 'list', values: (order) => [order.financialStatus.toLowerCase()] },
    fulfillment_status: { type: 'list', values: (order) => FULFILLMENT_FILTER[order.fulfillmentStatus] },
    status: {
      type: 'list',
      values: (order) => [
        order.cancelledAt !== null ? 'cancelled' : order.closedAt !== null ? 'closed' : 'open',
      ],
    },
    created_at: { type: 'time', value: (order) => order.createdAt },
    updated_at: { type: 'time', value: (order) => order.updatedAt },
    processed_at: { type: 'time', value: (order) => order.processedAt },
  },
};

/**
 * `companies(query:)`: the portal finds its companies by `external_id:'portal-company-12'` (an exact value;
 * the portal still compares it in code, as the real search is fuzzy).
 */
export const companySearch: SearchSchema<FakeCompany> = {
  defaultText: (company) => [company.name, company.externalId],
  fields: {
    id: { type: 'number', value: (company) => company.id },
    external_id: { type: 'list', values: (company) => [company.externalId] },
    name: { type: 'text', match: 'contains', values: (company) => [company.name] },
    created_at: { type: 'time', value: (company) => company.createdAt },
    updated_at: { type: 'time', value: (company) => company.updatedAt },
  },
};
