import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, pgTable, serial, text, unique } from 'drizzle-orm/pg-core';
import { cents, createdAt, percentHundredths, updatedAt } from './columns';

/**
 * Products (docs/catalogue-and-pricing.md#product-fields). Prices are per bottle. One row is one Shopify
 * variant, so the variant id is unique and the product id is only indexed (ADR 0005: a Shopify product has
 * several variants).
 */
export const products = pgTable(
  'products',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    description: text('description'),
    price: cents('price').notNull(),
    wholesalePrice: cents('wholesale_price'),
    msrp: cents('msrp'),
    sku: text('sku').notNull().unique(),
    imageUrl: text('image_url'),
    caseSize: integer('case_size').notNull().default(12),
    shopifyProductId: text('shopify_product_id'),
    shopifyVariantId: text('shopify_variant_id').unique(),
    isActive: boolean('is_active').notNull().default(true),
    inventoryQuantity: integer('inventory_quantity').notNull().default(0),
    isTester: boolean('is_tester').notNull().default(false),
    isVirtual: boolean('is_virtual').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    check('products_case_size_check', sql`${table.caseSize} >= 1`),
    check('products_price_check', sql`${table.price} >= 0`),
    index('products_shopify_product_id_idx').on(table.shopifyProductId),
  ],
);

/**
 * What a virtual product (the 800-0004 bundle) is made of
 * (docs/catalogue-and-pricing.md#the-mixed-case-bundle).
 */
export const virtualProductComponents = pgTable(
  'virtual_product_components',
  {
    id: serial('id').primaryKey(),
    virtualProductId: integer('virtual_product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    componentProductId: integer('component_product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'restrict' }),
    quantity: integer('quantity').notNull().default(1),
    createdAt: createdAt(),
  },
  (table) => [
    unique('virtual_product_components_pair_unique').on(table.virtualProductId, table.componentProductId),
    check('virtual_product_components_quantity_check', sql`${table.quantity} >= 1`),
  ],
);

/**
 * Volume tiers (docs/catalogue-and-pricing.md#volume-tiers): the tier with the highest minimumCases ≤ the
 * order's cases applies.
 */
export const pricingTiers = pgTable(
  'pricing_tiers',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    description: text('description'),
    minimumCases: integer('minimum_cases').notNull().default(1),
    discountPercentage: percentHundredths('discount_percentage').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    unique('pricing_tiers_minimum_cases_unique').on(table.minimumCases),
    check('pricing_tiers_minimum_cases_check', sql`${table.minimumCases} >= 1`),
    check(
      'pricing_tiers_discount_check',
      sql`${table.discountPercentage} >= 0 and ${table.discountPercentage} <= 100`,
    ),
  ],
);

/**
 * Custom per-bottle price for one (product, tier) pair; wins over the tier's percentage
 * (docs/catalogue-and-pricing.md#custom-tier-prices).
 */
export const productPricingTiers = pgTable(
  'product_pricing_tiers',
  {
    id: serial('id').primaryKey(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    tierId: integer('tier_id')
      .notNull()
      .references(() => pricingTiers.id, { onDelete: 'cascade' }),
    price: cents('price').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    unique('product_pricing_tiers_product_tier_unique').on(table.productId, table.tierId),
    index('product_pricing_tiers_tier_id_idx').on(table.tierId),
    check('product_pricing_tiers_price_check', sql`${table.price} >= 0`),
  ],
);

/**
 * The storefront shows only products whose SKU is here and active
 * (docs/catalogue-and-pricing.md#what-customers-see).
 */
export const allowedSkus = pgTable('allowed_skus', {
  id: serial('id').primaryKey(),
  sku: text('sku').notNull().unique(),
  notes: text('notes'),
  isActive: boolean('is_active').notNull().default(true),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/**
 * One row: a number every write to the catalogue's tables raises in the writer's own transaction (the
 * trigger of migration 0001, extended by 0004). Order submission prices from the in-memory catalogue and
 * its one statement writes the order only while this number is still the one that catalogue was built at
 * (ADR 0017, ADR 0019), instead of reading the four catalogue tables again.
 */
export const catalogVersion = pgTable(
  'catalog_version',
  {
    id: boolean('id').primaryKey().default(true),
    version: bigint('version', { mode: 'number' }).notNull(),
  },
  (table) => [check('catalog_version_single_row', sql`${table.id}`)],
);

export type ProductRow = typeof products.$inferSelect;
export type PricingTierRow = typeof pricingTiers.$inferSelect;
export type CustomPriceRow = typeof productPricingTiers.$inferSelect;
export type AllowedSkuRow = typeof allowedSkus.$inferSelect;
