import { parseDecimalToCents, type Cents } from '../../../shared/money';
import type { ShopifyProduct, ShopifyVariant } from '../../integrations/shopify/shopify-api';
import type { ProductRow } from '../../db/schema';

/*
 * How Shopify's products land in the portal's rows (one row = one Shopify variant, ADR 0005). Pure: the
 * callers read the rows and write the plan, in one transaction.
 *
 * Matching, in this order, so a variant's own link always wins over a SKU that happens to be equal:
 *   1. the row linked to the variant's GID (products.shopify_variant_id);
 *   2. the row with the variant's SKU, linked to nothing yet — or linked to a variant that is gone from the
 *      store (a full refresh knows every live variant) or, for an explicit import, whatever it was linked to;
 *   3. no row: a new one, only for SKUs on the active allowed list
 *      (docs/catalogue-and-pricing.md#what-customers-see) — an import creates every variant that has a SKU,
 *      because the administrator asked for that product by name.
 *
 * What Shopify decides on a matched row (docs/catalogue-and-pricing.md#product-fields: `price` is the retail
 * price per bottle, which is the Shopify variant price): price, inventory quantity, image (when Shopify has
 * one) and the two GIDs. What stays the portal's: name, SKU, wholesale price, MSRP, case size, description
 * and visibility. The bundle (virtual, never a Shopify product) is never touched; the tester's price stays 0
 * (it is free in the portal whatever Shopify says). A row whose price push is still queued keeps its price:
 * it is on its way to Shopify, and reading the old one back would undo the administrator's edit.
 */

export type PortalRow = Pick<
  ProductRow,
  | 'id'
  | 'name'
  | 'sku'
  | 'price'
  | 'inventoryQuantity'
  | 'imageUrl'
  | 'shopifyProductId'
  | 'shopifyVariantId'
  | 'isVirtual'
  | 'isTester'
>;

export type RowValues = Partial<
  Pick<ProductRow, 'price' | 'inventoryQuantity' | 'imageUrl' | 'shopifyProductId' | 'shopifyVariantId'>
>;

export interface NewRow {
  name: string;
  sku: string;
  price: Cents;
  inventoryQuantity: number;
  imageUrl: string | null;
  shopifyProductId: string;
  shopifyVariantId: string;
  /** Shown (when its SKU is allowed) only if the Shopify product is active. */
  isActive: boolean;
}

export type SkipReason =
  /** The variant has no SKU, and the portal keys products by SKU. */
  | 'no-sku'
  /** Its SKU is not an active allowed SKU, so it does not become a portal product. */
  | 'not-allowed'
  /** Another Shopify variant already stands for this SKU's row (Shopify allows duplicate SKUs). */
  | 'duplicate-sku'
  /** The SKU's row is linked to another live Shopify variant. */
  | 'linked-elsewhere'
  /** The SKU is the portal's virtual bundle, which is never a Shopify product. */
  | 'bundle'
  /** Shopify's price is not a decimal amount the portal can store. */
  | 'bad-price';

export interface Skipped {
  productTitle: string;
  variantId: string;
  sku: string | null;
  reason: SkipReason;
}

export interface CatalogPlan {
  /** Matched rows and what changes on each (an empty object when nothing does). */
  matched: { row: PortalRow; variantId: string; values: RowValues }[];
  created: NewRow[];
  skipped: Skipped[];
}

export interface PlanOptions {
  rows: PortalRow[];
  /** Active allowed SKUs. */
  allowedSkus: ReadonlySet<string>;
  /** 'allowed': only allowed SKUs get new rows (refresh, webhook); 'any': every SKU (import). */
  create: 'allowed' | 'any';
  /** Every variant GID the store has now (a full listing): rows linked to any other may be re-linked. */
  liveVariantIds?: ReadonlySet<string>;
  /** Re-link a SKU's row even when it is linked to another live variant (an explicit import). */
  relinkLinked?: boolean;
  /** Rows whose price push to Shopify is still queued. */
  pricePending: ReadonlySet<number>;
}

export function toCents(amount: string): Cents | null {
  try {
    const cents = parseDecimalToCents(amount);
    return Number.isSafeInteger(cents) && cents >= 0 ? cents : null;
  } catch {
    return null;
  }
}

/** "Lavender Mist" for a single-variant product, "Lavender Mist - 4 oz" otherwise. */
export function newRowName(product: ShopifyProduct, variant: ShopifyVariant): string {
  const title = variant.title.trim();
  const base = product.title.trim() || variant.sku || 'Shopify product';
  return title && title !== 'Default Title' && product.variants.length > 1 ? `${base} - ${title}` : base;
}

function valuesFor(row: PortalRow, product: ShopifyProduct, variant: ShopifyVariant, price: Cents | null) {
  const wanted: RowValues = { shopifyProductId: product.id, shopifyVariantId: variant.id };
  if (price !== null) wanted.price = price;
  if (variant.inventoryQuantity !== null) wanted.inventoryQuantity = variant.inventoryQuantity;
  const imageUrl = variant.imageUrl ?? product.imageUrl;
  if (imageUrl) wanted.imageUrl = imageUrl;
  const values: RowValues = {};
  for (const key of Object.keys(wanted) as (keyof RowValues)[]) {
    if (wanted[key] !== row[key]) Object.assign(values, { [key]: wanted[key] });
  }
  return values;
}

export function planCatalogChanges(products: ShopifyProduct[], options: PlanOptions): CatalogPlan {
  const byVariantId = new Map<string, PortalRow>();
  const bySku = new Map<string, PortalRow>();
  for (const row of options.rows) {
    if (row.shopifyVariantId) byVariantId.set(row.shopifyVariantId, row);
    bySku.set(row.sku, row);
  }
  const pairs = products.flatMap((product) => product.variants.map((variant) => ({ product, variant })));
  const claimed = new Map<number, string>();
  const matches = new Map<string, PortalRow>();

  // 1. A variant's own link first, whatever order the variants come in.
  for (const { variant } of pairs) {
    const row = byVariantId.get(variant.id);
    if (row && !claimed.has(row.id)) {
      claimed.set(row.id, variant.id);
      matches.set(variant.id, row);
    }
  }

  const plan: CatalogPlan = { matched: [], created: [], skipped: [] };
  const createdSkus = new Set<string>();
  for (const { product, variant } of pairs) {
    const skip = (reason: SkipReason) =>
      plan.skipped.push({ productTitle: product.title, variantId: variant.id, sku: variant.sku, reason });
    const shopifyPrice = toCents(variant.price);
    let row = matches.get(variant.id);
    const sku = variant.sku?.trim() ?? '';
    if (row?.isVirtual) {
      skip('bundle');
      continue;
    }

    // 2. Then by SKU.
    if (!row) {
      if (!sku) {
        skip('no-sku');
        continue;
      }
      const candidate = bySku.get(sku);
      if (candidate?.isVirtual) {
        skip('bundle');
        continue;
      }
      if (candidate) {
        const linkedTo = candidate.shopifyVariantId;
        const linkIsStale =
          linkedTo === null ||
          options.relinkLinked === true ||
          (options.liveVariantIds !== undefined && !options.liveVariantIds.has(linkedTo));
        if (claimed.has(candidate.id)) {
          skip('duplicate-sku');
          continue;
        }
        if (!linkIsStale) {
          skip('linked-elsewhere');
          continue;
        }
        claimed.set(candidate.id, variant.id);
        row = candidate;
      }
    }

    if (row) {
      const keepPrice = row.isTester || options.pricePending.has(row.id);
      if (!keepPrice && shopifyPrice === null) skip('bad-price');
      const price = keepPrice ? null : shopifyPrice;
      plan.matched.push({ row, variantId: variant.id, values: valuesFor(row, product, variant, price) });
      continue;
    }

    // 3. A new row.
    if (createdSkus.has(sku)) {
      skip('duplicate-sku');
      continue;
    }
    if (options.create === 'allowed' && !options.allowedSkus.has(sku)) {
      skip('not-allowed');
      continue;
    }
    if (shopifyPrice === null) {
      skip('bad-price');
      continue;
    }
    createdSkus.add(sku);
    plan.created.push({
      name: newRowName(product, variant),
      sku,
      price: shopifyPrice,
      inventoryQuantity: variant.inventoryQuantity ?? 0,
      imageUrl: variant.imageUrl ?? product.imageUrl,
      shopifyProductId: product.id,
      shopifyVariantId: variant.id,
      isActive: product.status === 'ACTIVE',
    });
  }
  return plan;
}
