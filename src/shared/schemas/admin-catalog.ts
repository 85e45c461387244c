import { z } from 'zod';
import { MAX_ID } from '../limits';
import { isWholeCents, MAX_PRICE_DOLLARS } from '../money';
import { sentence } from './messages';
import { oneLine } from './text';
import { idSchema } from './pricing';

/**
 * The admin catalogue contracts (docs/admin.md#products-and-allowed-skus, docs/admin.md#variants): allowed
 * SKUs, the Shopify product actions, and the variants view with its visibility and price edits. Money is
 * dollars per bottle at this edge (ADR 0002), cents inside the server.
 */

/**
 * The spec's messages (docs/admin.md#products-and-allowed-skus, docs/shopify.md#test-mode), word for word,
 * shared by the API and the forms.
 */
export const ADMIN_CATALOG_MESSAGES = {
  skuEmpty: sentence('SKU cannot be empty'),
  skuExists: sentence('This SKU is already on the list'),
  skuRequired: sentence('SKU is required'),
  shopifyProductIdEmpty: sentence('Shopify Product ID cannot be empty'),
  shopifyProductIdInvalid: sentence(
    'Shopify Product ID must be a number (e.g. 8123456789) or a product GID (gid://shopify/Product/8123456789)',
  ),
  shopifyNotConnected: 'Shopify is not connected',
  invalidProductId: sentence('Invalid product ID'),
  retailPrice: sentence('Please enter a valid retail price'),
  wholesalePrice: sentence('Please enter a valid wholesale price'),
} as const;

export const SKU_MAX_LENGTH = 100;
export const SKU_NOTES_MAX_LENGTH = 500;
export const SHOPIFY_PRODUCT_ID_MAX_LENGTH = 100;

// ---------------------------------------------------------------------------------------------------------
// Allowed SKUs

/** An allowed SKU as the API sends it (docs/admin.md#products-and-allowed-skus). */
export const allowedSkuSchema = z.object({
  id: z.number().int(),
  sku: z.string(),
  notes: z.string().nullable(),
  isActive: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type AllowedSku = z.infer<typeof allowedSkuSchema>;

/** GET /api/admin/allowed-skus */
export const allowedSkuListSchema = z.array(allowedSkuSchema);

/**
 * POST /api/admin/allowed-skus: the SKU is trimmed and may not be empty
 * (docs/admin.md#products-and-allowed-skus); notes optional.
 */
export const createAllowedSkuRequestSchema = z.object({
  sku: z
    .string({ message: ADMIN_CATALOG_MESSAGES.skuEmpty })
    .trim()
    .min(1, ADMIN_CATALOG_MESSAGES.skuEmpty)
    .max(SKU_MAX_LENGTH, `must be at most ${SKU_MAX_LENGTH} characters`)
    .superRefine(oneLine()),
  notes: z
    .string({ message: 'must be text' })
    .trim()
    .max(SKU_NOTES_MAX_LENGTH, `must be at most ${SKU_NOTES_MAX_LENGTH} characters`)
    .superRefine(oneLine())
    .nullish()
    .transform((notes) => (notes ? notes : null)),
});
export type CreateAllowedSkuRequest = z.input<typeof createAllowedSkuRequestSchema>;

/** PATCH /api/admin/allowed-skus/{id} */
export const updateAllowedSkuRequestSchema = z.object({
  isActive: z.boolean({ message: 'must be true or false' }),
});

export const allowedSkuParamsSchema = z.object({ id: idSchema });

/** DELETE /api/admin/allowed-skus/{id} and other answers that only carry a sentence. */
export const adminCatalogMessageSchema = z.object({ success: z.literal(true), message: z.string() });
export type AdminCatalogMessage = z.infer<typeof adminCatalogMessageSchema>;

// ---------------------------------------------------------------------------------------------------------
// Shopify product actions (issue 8; without a store they answer 503 SHOPIFY_NOT_CONNECTED 'Shopify is not
// connected', docs/shopify.md#test-mode)

/** POST /api/admin/refresh-products and POST /api/admin/sync-products: how many products were handled. */
export const productCountResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  count: z.number().int(),
});
export type ProductCountResponse = z.infer<typeof productCountResponseSchema>;

/** A numeric Shopify product id ('8123456789') or its GID ('gid://shopify/Product/8123456789'). */
const SHOPIFY_PRODUCT_ID = /^(\d+|gid:\/\/shopify\/Product\/\d+)$/;

/** GET /api/admin/shopify-product/{id}: the Shopify product id or GID, trimmed, not empty. */
export const shopifyProductParamsSchema = z.object({
  id: z
    .string({ message: ADMIN_CATALOG_MESSAGES.shopifyProductIdEmpty })
    .trim()
    .min(1, ADMIN_CATALOG_MESSAGES.shopifyProductIdEmpty)
    .max(SHOPIFY_PRODUCT_ID_MAX_LENGTH, `must be at most ${SHOPIFY_PRODUCT_ID_MAX_LENGTH} characters`)
    // An empty id already has its own message; this one is only for something that is no id at all.
    .refine((id) => id === '' || id.length > SHOPIFY_PRODUCT_ID_MAX_LENGTH || SHOPIFY_PRODUCT_ID.test(id), {
      message: ADMIN_CATALOG_MESSAGES.shopifyProductIdInvalid,
    }),
});

/** One variant of an imported Shopify product, as it now stands in the portal. */
export const importedVariantSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  sku: z.string(),
  price: z.number(),
  shopifyVariantId: z.string().nullable(),
});

/**
 * The import's answer (docs/shopify.md#the-catalogue): every variant of the product, and how many of them are
 * new.
 */
export const importProductResponseSchema = z.object({
  success: z.boolean(),
  message: z.string(),
  variants: z.array(importedVariantSchema),
  newVariants: z.number().int(),
});
export type ImportProductResponse = z.infer<typeof importProductResponseSchema>;

// ---------------------------------------------------------------------------------------------------------
// Variants

/**
 * The display status (docs/admin.md#variants): Active (allowed and active), Hidden (allowed but inactive),
 * Not Allowed.
 */
export const VARIANT_DISPLAY_STATUSES = ['Active', 'Hidden', 'Not Allowed'] as const;
export type VariantDisplayStatus = (typeof VARIANT_DISPLAY_STATUSES)[number];

export function variantDisplayStatus(variant: {
  isAllowed: boolean;
  isActive: boolean;
}): VariantDisplayStatus {
  if (!variant.isAllowed) return 'Not Allowed';
  return variant.isActive ? 'Active' : 'Hidden';
}

/** One component of a virtual bundle: so many bottles of a product in each bundle. */
export const adminBundleComponentSchema = z.object({
  sku: z.string(),
  name: z.string(),
  quantity: z.number().int(),
  /** Shopify's count of the component; null when nobody counts its stock. */
  inventoryQuantity: z.number().int().nullable(),
});

/**
 * What is true of a virtual bundle (docs/catalogue-and-pricing.md#the-mixed-case-bundle), which has no price
 * or stock of its own: everything comes from its components, per bundle.
 */
export const adminBundleSchema = z.object({
  components: z.array(adminBundleComponentSchema),
  /** The components' retail prices × their quantities, dollars per bundle; null when a component is missing. */
  retailPrice: z.number().nullable(),
  /** What one bundle costs before any tier discount, dollars (the pricing engine's bundle price). */
  wholesalePrice: z.number(),
  /** Whole bundles the components' stock makes; null when a component's stock is not counted. */
  bundlesInStock: z.number().int().nullable(),
});
export type AdminBundle = z.infer<typeof adminBundleSchema>;

/**
 * One variant (one portal product row, ADR 0005) in the admin view (docs/admin.md#variants).
 * `isAllowed`: its SKU is an active allowed SKU. `isVirtual` and `isTester` mark the rows whose price the
 * portal does not take from the row (the bundle is priced from its components, the tester is free).
 * `inventoryQuantity` is Shopify's count, null when nobody counts the row's stock
 * (docs/catalogue-and-pricing.md#inventory); `bundle` is set for a virtual bundle only.
 */
export const adminVariantSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  sku: z.string(),
  price: z.number(),
  wholesalePrice: z.number().nullable(),
  inventoryQuantity: z.number().int().nullable(),
  imageUrl: z.string().nullable(),
  isAllowed: z.boolean(),
  isActive: z.boolean(),
  shopifyVariantId: z.string().nullable(),
  displayStatus: z.enum(VARIANT_DISPLAY_STATUSES),
  isVirtual: z.boolean(),
  isTester: z.boolean(),
  bundle: adminBundleSchema.nullable(),
});
export type AdminVariant = z.infer<typeof adminVariantSchema>;

/**
 * A product with its variants. Rows that share a Shopify product id form one product (its id is that
 * Shopify id); a row without one is a product of its own (id 'portal-{row id}').
 */
export const adminProductSchema = z.object({
  id: z.string(),
  shopifyProductId: z.string().nullable(),
  name: z.string(),
  variants: z.array(adminVariantSchema),
});
export type AdminProduct = z.infer<typeof adminProductSchema>;

/** GET /api/admin/products-with-variants */
export const adminProductListSchema = z.array(adminProductSchema);

/**
 * What became of the Shopify side of a price or visibility edit: 'not-connected' (test mode: only the
 * portal changed), 'not-linked' (the row is no Shopify variant) or 'queued' (a job pushes it to the variant).
 */
export const SHOPIFY_PUSH_OUTCOMES = ['not-connected', 'not-linked', 'queued'] as const;
export type ShopifyPushOutcome = (typeof SHOPIFY_PUSH_OUTCOMES)[number];

/** POST /api/admin/update-variant-visibility */
export const updateVariantVisibilityRequestSchema = z.object({
  sku: z
    .string({ message: ADMIN_CATALOG_MESSAGES.skuRequired })
    .trim()
    .min(1, ADMIN_CATALOG_MESSAGES.skuRequired)
    .max(SKU_MAX_LENGTH, `must be at most ${SKU_MAX_LENGTH} characters`)
    .superRefine(oneLine()),
  isActive: z.boolean({ message: 'must be true or false' }),
});
export type UpdateVariantVisibilityRequest = z.infer<typeof updateVariantVisibilityRequestSchema>;

export const updateVariantVisibilityResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  variant: adminVariantSchema,
  shopify: z.enum(SHOPIFY_PUSH_OUTCOMES),
});
export type UpdateVariantVisibilityResponse = z.infer<typeof updateVariantVisibilityResponseSchema>;

const PLAIN_AMOUNT = /^\s*(\d+(\.\d{0,2})?|\.\d{1,2})\s*$/;
const WHOLE_NUMBER = /^\s*\d+\s*$/;

/**
 * A price in dollars above 0 in whole cents (docs/admin.md#variants; the decimal rule is money.ts's
 * isWholeCents), as a JSON number or the text of a form field ("10.5"); anything else fails with `message`
 * alone.
 */
function priceAbove0(message: string) {
  return z.preprocess(
    (value) => (typeof value === 'string' && PLAIN_AMOUNT.test(value) ? Number(value) : value),
    z
      .number({ message })
      .refine((value) => value > 0 && value <= MAX_PRICE_DOLLARS && isWholeCents(value), { message }),
  );
}

/**
 * POST /api/admin/update-variant-price: productId must convert to a positive whole number
 * (docs/admin.md#variants).
 */
export const updateVariantPriceRequestSchema = z.object({
  productId: z.preprocess(
    (value) => (typeof value === 'string' && WHOLE_NUMBER.test(value) ? Number(value) : value),
    z
      .number({ message: ADMIN_CATALOG_MESSAGES.invalidProductId })
      .int(ADMIN_CATALOG_MESSAGES.invalidProductId)
      .positive(ADMIN_CATALOG_MESSAGES.invalidProductId)
      .max(MAX_ID, ADMIN_CATALOG_MESSAGES.invalidProductId),
  ),
  basePrice: priceAbove0(ADMIN_CATALOG_MESSAGES.retailPrice),
  wholesalePrice: priceAbove0(ADMIN_CATALOG_MESSAGES.wholesalePrice),
});
/** What the portal's own form sends once its fields are judged: numbers. */
export type UpdateVariantPriceRequest = z.output<typeof updateVariantPriceRequestSchema>;

export const updateVariantPriceResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  variant: adminVariantSchema,
  shopify: z.enum(SHOPIFY_PUSH_OUTCOMES),
});
export type UpdateVariantPriceResponse = z.infer<typeof updateVariantPriceResponseSchema>;
