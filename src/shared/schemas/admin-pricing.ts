import { z } from 'zod';
import { MAX_ID, MAX_QUANTITY } from '../limits';
import { hasAtMostDecimals, isWholeCents, MAX_PRICE_DOLLARS } from '../money';
import { sentence } from './messages';
import { oneLine } from './text';
import { pricingTierSchema } from './pricing';

/**
 * Contracts of the admin pricing API (docs/admin.md#pricing): tiers and custom product prices. Used by the
 * routes and by the admin Pricing section's forms, so the browser and the server judge a form by the same
 * rules and with the same words.
 *
 * Money is dollars (at most two decimals) and discounts are percent (at most one decimal) at this edge;
 * the server keeps cents and hundredths of a percent (ADR 0002).
 */

/** A tier no cart could reach would be no tier: a cart counts at most MAX_QUANTITY cases. */
export const MAX_MINIMUM_CASES = MAX_QUANTITY;

/**
 * The sentence of docs/admin.md#pricing, word for word, plus our own words for the range rules it states
 * without text.
 */
export const ADMIN_PRICING_MESSAGES = {
  required: sentence('Please fill out all required fields'),
  nameTooLong: sentence('Name must be at most 100 characters'),
  descriptionTooLong: sentence('Description must be at most 500 characters'),
  minimumCasesWhole: sentence('Minimum cases must be a whole number'),
  minimumCasesMin: sentence('Minimum cases must be at least 1'),
  minimumCasesMax: sentence(`Minimum cases must be at most ${MAX_MINIMUM_CASES.toLocaleString('en-US')}`),
  discountRange: sentence('Discount must be between 0 and 100'),
  discountStep: sentence('Discount must be in steps of 0.1'),
  priceMin: sentence('Price must be at least 0'),
  priceStep: sentence('Price must be in steps of 0.01'),
  priceMax: sentence(`Price must be at most ${MAX_PRICE_DOLLARS.toLocaleString('en-US')}`),
} as const;

/**
 * A form or an older client may send a number as text ("7.5"); an empty value (missing, null, '' or only
 * spaces) is "not filled out". Anything else stays as it is and fails as not a number.
 */
function toNumberOrMissing(value: unknown): unknown {
  if (value === null || value === undefined) return undefined;
  if (typeof value !== 'string') return value;
  const text = value.trim();
  if (text === '') return undefined;
  return /^-?\d+(\.\d+)?$/.test(text) ? Number(text) : value;
}

/** A required number: missing → the spec's sentence; present but not a number → `notANumber`. */
const requiredNumber = (notANumber: string) =>
  z.number({
    error: (issue) => (issue.input === undefined ? ADMIN_PRICING_MESSAGES.required : notANumber),
  });

const requiredText = (max: number, tooLong: string) =>
  z.preprocess(
    (value) => (value === null ? undefined : value),
    z
      .string({
        error: (issue) => (issue.input === undefined ? ADMIN_PRICING_MESSAGES.required : 'must be text'),
      })
      .trim()
      .min(1, ADMIN_PRICING_MESSAGES.required)
      .max(max, tooLong)
      .superRefine(oneLine()),
  );

/** Optional text: blank or missing is stored as null. */
const optionalText = (max: number, tooLong: string) =>
  z.preprocess(
    (value) => (typeof value === 'string' && value.trim() === '' ? null : (value ?? null)),
    z.string().trim().max(max, tooLong).superRefine(oneLine()).nullable(),
  );

export const minimumCasesSchema = z.preprocess(
  toNumberOrMissing,
  requiredNumber(ADMIN_PRICING_MESSAGES.minimumCasesWhole)
    .int(ADMIN_PRICING_MESSAGES.minimumCasesWhole)
    .min(1, ADMIN_PRICING_MESSAGES.minimumCasesMin)
    .max(MAX_MINIMUM_CASES, ADMIN_PRICING_MESSAGES.minimumCasesMax),
);

export const discountPercentageSchema = z.preprocess(
  toNumberOrMissing,
  requiredNumber(ADMIN_PRICING_MESSAGES.discountRange)
    .min(0, ADMIN_PRICING_MESSAGES.discountRange)
    .max(100, ADMIN_PRICING_MESSAGES.discountRange)
    .refine((value) => hasAtMostDecimals(value, 1), ADMIN_PRICING_MESSAGES.discountStep),
);

export const customPriceSchema = z.preprocess(
  toNumberOrMissing,
  requiredNumber(ADMIN_PRICING_MESSAGES.priceMin)
    .min(0, ADMIN_PRICING_MESSAGES.priceMin)
    .max(MAX_PRICE_DOLLARS, ADMIN_PRICING_MESSAGES.priceMax)
    .refine(isWholeCents, ADMIN_PRICING_MESSAGES.priceStep),
);

/** A product or tier chosen from a list: required; anything else is a malformed request. */
const requiredId = z.preprocess(
  toNumberOrMissing,
  requiredNumber('must be a number')
    .int('must be a whole number')
    .positive('must be a positive id')
    .max(MAX_ID, 'is too large'),
);

/**
 * POST /api/admin/pricing-tiers and PATCH /api/admin/pricing-tiers/{id} (docs/admin.md#pricing: same rules).
 */
export const pricingTierRequestSchema = z.object({
  name: requiredText(100, ADMIN_PRICING_MESSAGES.nameTooLong),
  description: optionalText(500, ADMIN_PRICING_MESSAGES.descriptionTooLong),
  minimumCases: minimumCasesSchema,
  discountPercentage: discountPercentageSchema,
});
export type PricingTierRequest = z.infer<typeof pricingTierRequestSchema>;

/** A tier as the admin API answers it: the public shape (discount in percent, e.g. 7.5). */
export const adminPricingTierSchema = pricingTierSchema;
export type AdminPricingTier = z.infer<typeof adminPricingTierSchema>;
export const adminPricingTierListSchema = z.array(adminPricingTierSchema);

/**
 * DELETE /api/admin/pricing-tiers/{id}: the tier's custom product prices go with it (they would price
 * nothing without it); the answer says how many. Orders keep their own copy of the tier they were priced at.
 */
export const deletePricingTierResponseSchema = z.object({
  message: z.string(),
  deletedCustomPrices: z.number().int(),
});

/** POST /api/admin/product-pricing-tiers (docs/admin.md#pricing: product, tier and price required). */
export const productPricingRequestSchema = z.object({
  productId: requiredId,
  tierId: requiredId,
  price: customPriceSchema,
});
export type ProductPricingRequest = z.infer<typeof productPricingRequestSchema>;

/** One custom price per bottle for a (product, tier) pair, with the names the list shows. */
export const productPricingSchema = z.object({
  id: z.number().int(),
  productId: z.number().int(),
  productName: z.string(),
  sku: z.string(),
  tierId: z.number().int(),
  tierName: z.string(),
  minimumCases: z.number().int(),
  /** Dollars per bottle. */
  price: z.number(),
});
export type ProductPricing = z.infer<typeof productPricingSchema>;
export const productPricingListSchema = z.array(productPricingSchema);

export const adminPricingMessageSchema = z.object({ message: z.string() });
