import { z } from 'zod';

/**
 * Path and query values arrive as text: plain decimal numbers become numbers (then range-checked), anything
 * else ('1e3', '0x1', ' 1', 'abc') stays text and fails as "must be a number".
 */
const digitsToNumber = (value: unknown) =>
  typeof value === 'string' && /^-?\d+(\.\d+)?$/.test(value) ? Number(value) : value;

/** Whole-number ids and quantities as the API accepts them: no fractions, no negatives, no absurd sizes. */
export const idSchema = z.preprocess(
  digitsToNumber,
  z
    .number({ message: 'must be a number' })
    .int('must be a whole number')
    .positive('must be a positive id')
    .max(2_147_483_647, 'is too large'),
);
export const quantitySchema = z
  .number({ message: 'must be a number' })
  .int('must be a whole number')
  .min(0, 'must be at least 0')
  .max(100_000, 'is too large');

/** A volume tier as the API sends it (GET /api/pricing-tiers): discount in percent, e.g. 7.5. */
export const pricingTierSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string().nullable(),
  minimumCases: z.number().int(),
  discountPercentage: z.number(),
});
export type PricingTierDto = z.infer<typeof pricingTierSchema>;

/**
 * Everything besides the product list that the browser needs to price a cart exactly as the server does
 * (GET /api/pricing-catalog): tiers, custom (product, tier) prices per bottle in dollars, bundle components.
 */
export const pricingCatalogSchema = z.object({
  tiers: z.array(pricingTierSchema),
  customPrices: z.array(
    z.object({ productId: z.number().int(), tierId: z.number().int(), price: z.number() }),
  ),
  components: z.array(
    z.object({
      virtualProductId: z.number().int(),
      componentProductId: z.number().int(),
      quantity: z.number().int(),
    }),
  ),
});
export type PricingCatalogDto = z.infer<typeof pricingCatalogSchema>;

/** GET /api/products/{id}/price?quantity=&totalCases= */
const countQuery = z.preprocess(
  digitsToNumber,
  z
    .number({ message: 'must be a number' })
    .int('must be a whole number')
    .min(0, 'must be at least 0')
    .max(100_000, 'is too large')
    .optional(),
);
export const priceQuerySchema = z.object({ quantity: countQuery, totalCases: countQuery });
export const priceResponseSchema = z.object({ productId: z.number().int(), price: z.number() });

/** POST /api/calculate-prices */
export const calculatePricesRequestSchema = z.object({
  items: z.array(z.object({ productId: idSchema, quantity: quantitySchema })).max(100, 'has too many items'),
  totalCases: quantitySchema.optional(),
});
export const calculatePricesResponseSchema = z.object({
  prices: z.array(z.object({ productId: z.number().int(), price: z.number() })),
});

/**
 * POST /api/validate-cart: the client's lines (price, name, sku are informational: prices are recomputed and
 * a differing client price only gives a warning).
 */
export const validateCartRequestSchema = z.object({
  items: z
    .array(
      z.object({
        productId: idSchema,
        quantity: quantitySchema,
        price: z.number().optional(),
        name: z.string().max(500).optional(),
        sku: z.string().max(100).optional(),
      }),
    )
    .max(100, 'has too many items'),
});
export const validateCartResponseSchema = z.object({
  success: z.boolean(),
  errors: z.array(z.string()),
  warnings: z.array(z.string()),
});

/** POST /api/check-inventory */
export const checkInventoryRequestSchema = z.object({
  skus: z.array(z.string().trim().min(1).max(100)).min(1, 'must name at least one SKU').max(100),
});
export const checkInventoryResponseSchema = z.object({
  inventory: z.array(
    z.object({ sku: z.string(), available: z.boolean(), inventoryQuantity: z.number().int().nullable() }),
  ),
});
