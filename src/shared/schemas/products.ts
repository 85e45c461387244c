// zod/mini: read on the storefront's first page (docs/decisions/0015-storefront-first-page.md).
import { z } from 'zod/mini';

/**
 * A product as the storefront sees it (docs/catalogue-and-pricing.md#product-fields), plus caseSize and
 * isTester. Money fields are dollars per bottle as JSON numbers with two decimals; `null` where the catalogue
 * has none.
 */
export const productSchema = z.object({
  id: z.int(),
  name: z.string(),
  sku: z.string(),
  price: z.number(),
  wholesalePrice: z.nullable(z.number()),
  msrp: z.nullable(z.number()),
  imageUrl: z.nullable(z.string()),
  shopifyVariantId: z.nullable(z.string()),
  isVirtual: z.boolean(),
  caseSize: z.int(),
  isTester: z.boolean(),
});
export type Product = z.infer<typeof productSchema>;

export const productListSchema = z.array(productSchema);
