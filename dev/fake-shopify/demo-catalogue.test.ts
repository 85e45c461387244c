import { describe, expect, it } from 'vitest';
import { seedDemoCatalogue } from './demo-catalogue';
import { createFakeStore } from './store';
import { variantsOf } from './catalogue';

describe('seedDemoCatalogue', () => {
  it("stocks the portal's Shopify SKUs at their retail prices, without the virtual bundle or the legacy sample", () => {
    const store = createFakeStore({
      shop: {
        id: 1,
        name: 'Demo',
        domain: 'demo.myshopify.com',
        email: 'a@example.com',
        currencyCode: 'USD',
        ianaTimezone: 'UTC',
      },
      now: Date.now,
      invoiceBaseUrl: () => 'https://demo.myshopify.com',
    });
    const products = seedDemoCatalogue(store);
    const rows = products.flatMap((product) =>
      variantsOf(store, product).map((variant) => [product.status, variant.sku, variant.price]),
    );
    expect(rows).toEqual([
      ['ACTIVE', '800-0001', 2600],
      ['ACTIVE', '800-0002', 1000],
      ['ACTIVE', 'SPLIT-PACK-01', 1800],
      ['ACTIVE', '800-0003', 0],
    ]);
  });
});
