// zod/mini, not zod: the storefront's first page reads these replies, and the mini build keeps its initial
// JavaScript small (docs/decisions/0015-storefront-first-page.md).
import { z } from 'zod/mini';
import { MAX_ID, MAX_QUANTITY } from '../limits';
import { isOneLineText, TEXT_RULE_MESSAGES } from '../text-rules';

/**
 * Path and query values arrive as text: plain decimal numbers become numbers (then range-checked), anything
 * else ('1e3', '0x1', ' 1', 'abc') stays text and fails as "must be a number".
 */
const digitsToNumber = (value: unknown) =>
  typeof value === 'string' && /^-?\d+(\.\d+)?$/.test(value) ? Number(value) : value;

const wholeNumber = () =>
  z.number({ error: 'must be a number' }).check(z.int({ error: 'must be a whole number' }));

/** Whole-number ids and quantities as the API accepts them: no fractions, no negatives, no absurd sizes. */
export const idSchema = z.pipe(
  z.transform(digitsToNumber),
  wholeNumber().check(z.positive('must be a positive id'), z.maximum(MAX_ID, 'is too large')),
);
export const quantitySchema = wholeNumber().check(
  z.minimum(0, 'must be at least 0'),
  z.maximum(MAX_QUANTITY, 'is too large'),
);

/** A volume tier as the API sends it (GET /api/pricing-tiers): discount in percent, e.g. 7.5. */
export const pricingTierSchema = z.object({
  id: z.int(),
  name: z.string(),
  description: z.nullable(z.string()),
  minimumCases: z.int(),
  discountPercentage: z.number(),
});
export type PricingTierDto = z.infer<typeof pricingTierSchema>;

/**
 * Everything besides the product list that the browser needs to price a cart exactly as the server does
 * (GET /api/pricing-catalog): tiers, custom (product, tier) prices per bottle in dollars, bundle components.
 */
export const pricingCatalogSchema = z.object({
  tiers: z.array(pricingTierSchema),
  customPrices: z.array(z.object({ productId: z.int(), tierId: z.int(), price: z.number() })),
  components: z.array(
    z.object({ virtualProductId: z.int(), componentProductId: z.int(), quantity: z.int() }),
  ),
});
export type PricingCatalogDto = z.infer<typeof pricingCatalogSchema>;

/** GET /api/products/{id}/price?quantity=&totalCases= */
const countQuery = z.pipe(z.transform(digitsToNumber), z.optional(quantitySchema));
export const priceQuerySchema = z.object({ quantity: countQuery, totalCases: countQuery });
export const priceResponseSchema = z.object({ productId: z.int(), price: z.number() });

/** POST /api/calculate-prices */
export const calculatePricesRequestSchema = z.object({
  items: z
    .array(z.object({ productId: idSchema, quantity: quantitySchema }))
    .check(z.maxLength(100, 'has too many items')),
  totalCases: z.optional(quantitySchema),
});
export const calculatePricesResponseSchema = z.object({
  prices: z.array(z.object({ productId: z.int(), price: z.number() })),
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
        price: z.optional(z.number()),
        name: z.optional(z.string().check(z.maxLength(500))),
        sku: z.optional(z.string().check(z.maxLength(100))),
      }),
    )
    .check(z.maxLength(100, 'has too many items')),
});
export const validateCartResponseSchema = z.object({
  success: z.boolean(),
  errors: z.array(z.string()),
  warnings: z.array(z.string()),
});

/** POST /api/check-inventory */
export const checkInventoryRequestSchema = z.object({
  skus: z
    .array(
      z
        .string()
        .check(
          z.trim(),
          z.minLength(1),
          z.maxLength(100),
          z.refine(isOneLineText, TEXT_RULE_MESSAGES.unprintable),
        ),
    )
    .check(z.minLength(1, 'must name at least one SKU'), z.maxLength(100)),
});
export const checkInventoryResponseSchema = z.object({
  inventory: z.array(
    z.object({ sku: z.string(), available: z.boolean(), inventoryQuantity: z.nullable(z.int()) }),
  ),
});
