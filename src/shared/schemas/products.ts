import { z } from 'zod';

/**
 * A product as the storefront sees it (spec 000 §3 client shape plus caseSize and isTester).
 * Money fields are dollars per bottle as JSON numbers with two decimals; `null` where the catalogue has none.
 */
export const productSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  sku: z.string(),
  price: z.number(),
  wholesalePrice: z.number().nullable(),
  msrp: z.number().nullable(),
  imageUrl: z.string().nullable(),
  shopifyVariantId: z.string().nullable(),
  isVirtual: z.boolean(),
  caseSize: z.number().int(),
  isTester: z.boolean(),
});
export type Product = z.infer<typeof productSchema>;

export const productListSchema = z.array(productSchema);
