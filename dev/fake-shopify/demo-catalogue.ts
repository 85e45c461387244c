import { SEED_PRODUCTS, SEED_TESTER } from '../../src/server/db/seed-data';
import { centsToDecimal } from '../../src/shared/money';
import { addProduct } from './catalogue';
import type { FakeProduct } from './state';
import type { FakeStore } from './store';

/**
 * The shop behind the portal's seeded catalogue (docs/catalogue-and-pricing.md#products): one product per SKU
 * the portal sells through Shopify, each with a single variant priced at the retail price per bottle (the
 * portal's `price`, which is the Shopify variant price). The bundle 800-0004 is virtual — it goes to Shopify
 * as its component lines — and the legacy SAMPLE-01 never existed there, so neither is a Shopify product. Ids
 * are stable across restarts.
 */
export function seedDemoCatalogue(store: FakeStore): FakeProduct[] {
  const sellable = [
    ...SEED_PRODUCTS.filter((product) => !('isTester' in product && product.isTester)),
    SEED_TESTER,
  ];
  return sellable.map((product) =>
    addProduct(store, {
      title: product.name,
      descriptionHtml: `<p>${product.description}</p>`,
      productType: 'Facial Mist',
      tags: ['wholesale'],
      variants: [
        {
          sku: product.sku,
          price: centsToDecimal(product.price),
          compareAtPrice: null,
          inventoryQuantity: 'isTester' in product && product.isTester ? 100 : 1000,
        },
      ],
    }),
  );
}
