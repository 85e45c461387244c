import { centsToDollars, dollarsToCents } from '../../../shared/money';
import {
  ADMIN_CATALOG_MESSAGES,
  variantDisplayStatus,
  type AdminCatalogMessage,
  type AdminProduct,
  type AdminVariant,
  type AllowedSku,
  type ImportProductResponse,
  type ProductCountResponse,
  type ShopifyPushOutcome,
  type UpdateVariantPriceResponse,
  type UpdateVariantVisibilityRequest,
  type UpdateVariantVisibilityResponse,
} from '../../../shared/schemas/admin-catalog';
import { recordAudit, type AuditActor } from '../../audit/audit-log';
import type { Database } from '../../db/client';
import { AppError, notFound } from '../../errors';
import {
  deleteAllowedSku,
  findAllowance,
  findBundleParts,
  findAllowedSku,
  findAllowedSkus,
  findProductForUpdate,
  findProductsWithAllowance,
  insertAllowedSku,
  setAllowedSkuActive,
  updateProduct,
  type ProductWithAllowance,
} from './admin-catalog.repository';
import { countedStock, describeBundle, type BundlePart } from './bundle-summary';
import type { ShopifyCatalog } from './shopify-catalog';
import type { AllowedSkuRow, ProductRow } from '../../db/schema';

const SKU_NOT_FOUND = 'SKU not found';
const PRODUCT_NOT_FOUND = 'Product not found';

export function toAllowedSku(row: AllowedSkuRow): AllowedSku {
  return {
    id: row.id,
    sku: row.sku,
    notes: row.notes,
    isActive: row.isActive,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/**
 * A product row as the Variants view shows it (docs/admin.md#variants); `bundleParts` (of this or every
 * bundle) describe a virtual bundle, whose own price and stock columns mean nothing.
 */
export function toAdminVariant(
  { product, isAllowed }: ProductWithAllowance,
  bundleParts: readonly BundlePart[] = [],
): AdminVariant {
  return {
    id: product.id,
    name: product.name,
    sku: product.sku,
    price: centsToDollars(product.price),
    wholesalePrice: product.wholesalePrice === null ? null : centsToDollars(product.wholesalePrice),
    inventoryQuantity: countedStock(product),
    imageUrl: product.imageUrl,
    isAllowed,
    isActive: product.isActive,
    shopifyVariantId: product.shopifyVariantId,
    displayStatus: variantDisplayStatus({ isAllowed, isActive: product.isActive }),
    isVirtual: product.isVirtual,
    isTester: product.isTester,
    bundle: product.isVirtual ? describeBundle(product, bundleParts) : null,
  };
}

/**
 * One portal product row is one Shopify variant (ADR 0005): rows sharing a Shopify product id are that
 * product's variants; a row without one is a product of its own. Products keep the order of their first
 * row; the product's name is its first variant's (the portal stores no separate product title).
 */
export function groupIntoProducts(
  rows: ProductWithAllowance[],
  bundleParts: readonly BundlePart[] = [],
): AdminProduct[] {
  const byKey = new Map<string, AdminProduct>();
  for (const row of rows) {
    const shopifyProductId = row.product.shopifyProductId?.trim() || null;
    const key = shopifyProductId ?? `portal-${row.product.id}`;
    let product = byKey.get(key);
    if (!product) {
      product = { id: key, shopifyProductId, name: row.product.name, variants: [] };
      byKey.set(key, product);
    }
    product.variants.push(toAdminVariant(row, bundleParts));
  }
  return [...byKey.values()];
}

/** The price edit's answer, saying plainly what happened on the Shopify side. */
function priceMessage(outcome: ShopifyPushOutcome): string {
  switch (outcome) {
    case 'queued':
      return 'Price updated. Shopify will be updated in a moment.';
    case 'not-linked':
      return 'Price updated in the portal. This product is not linked to a Shopify variant.';
    case 'not-connected':
      return `Price updated in the portal. ${ADMIN_CATALOG_MESSAGES.shopifyNotConnected}, so its price was not changed there.`;
  }
}

const priceSnapshot = (row: ProductRow) => ({ price: row.price, wholesalePrice: row.wholesalePrice });

/**
 * The admin catalogue (docs/admin.md#products-and-allowed-skus, docs/admin.md#variants). Every change and its
 * audit entry commit in one transaction; the storefront sees it at once through the catalogue NOTIFY
 * triggers.
 */
export function createAdminCatalogService({ db, shopify }: { db: Database; shopify: ShopifyCatalog }) {
  return {
    async listAllowedSkus(): Promise<AllowedSku[]> {
      return (await findAllowedSkus(db)).map(toAllowedSku);
    },

    addAllowedSku(actor: AuditActor, values: { sku: string; notes: string | null }): Promise<AllowedSku> {
      return db.transaction(async (tx) => {
        const row = await insertAllowedSku(tx, values);
        if (!row) throw new AppError('CONFLICT', ADMIN_CATALOG_MESSAGES.skuExists);
        const created = toAllowedSku(row);
        await recordAudit(tx, actor, {
          action: 'allowed-sku.create',
          entityType: 'allowed_sku',
          entityId: row.id,
          after: created,
        });
        return created;
      });
    },

    setAllowedSkuActive(actor: AuditActor, id: number, isActive: boolean): Promise<AllowedSku> {
      return db.transaction(async (tx) => {
        const before = await findAllowedSku(tx, id);
        if (!before) throw notFound(SKU_NOT_FOUND);
        const row = await setAllowedSkuActive(tx, id, isActive);
        if (!row) throw notFound(SKU_NOT_FOUND);
        const updated = toAllowedSku(row);
        await recordAudit(tx, actor, {
          action: 'allowed-sku.update',
          entityType: 'allowed_sku',
          entityId: id,
          before: { sku: before.sku, isActive: before.isActive },
          after: { sku: row.sku, isActive: row.isActive },
        });
        return updated;
      });
    },

    removeAllowedSku(actor: AuditActor, id: number): Promise<AdminCatalogMessage> {
      return db.transaction(async (tx) => {
        const row = await deleteAllowedSku(tx, id);
        if (!row) throw notFound(SKU_NOT_FOUND);
        await recordAudit(tx, actor, {
          action: 'allowed-sku.delete',
          entityType: 'allowed_sku',
          entityId: id,
          before: toAllowedSku(row),
        });
        return { success: true, message: `${row.sku} was removed from the allowed SKUs` };
      });
    },

    /** Shopify → portal: prices, stock, images and links; new rows only for allowed SKUs. */
    refreshProducts(actor: AuditActor): Promise<ProductCountResponse> {
      return shopify.refreshProducts(actor);
    },

    /** Portal → Shopify: the retail prices of linked variants that differ. */
    syncProducts(actor: AuditActor): Promise<ProductCountResponse> {
      return shopify.syncProducts(actor);
    },

    importProduct(actor: AuditActor, shopifyProductId: string): Promise<ImportProductResponse> {
      return shopify.importProduct(actor, shopifyProductId);
    },

    async listProductsWithVariants(): Promise<AdminProduct[]> {
      const [rows, bundleParts] = await Promise.all([findProductsWithAllowance(db), findBundleParts(db)]);
      return groupIntoProducts(rows, bundleParts);
    },

    /**
     * Decides what wholesale customers see, not what the retail store sells: with a store connected the
     * variant's `wholesale_portal.visible` metafield follows (PORTAL_VISIBILITY_METAFIELD), its publication
     * does not.
     */
    setVariantVisibility(
      actor: AuditActor,
      { sku, isActive }: UpdateVariantVisibilityRequest,
    ): Promise<UpdateVariantVisibilityResponse> {
      return db.transaction(async (tx) => {
        const before = await findProductForUpdate(tx, { sku });
        if (!before) throw notFound(PRODUCT_NOT_FOUND);
        const row = await updateProduct(tx, before.id, { isActive });
        const outcome = await shopify.queueVariantPush(tx, row, ['visibility']);
        await recordAudit(tx, actor, {
          action: 'product.visibility',
          entityType: 'product',
          entityId: row.id,
          before: { sku: before.sku, isActive: before.isActive },
          after: { sku: row.sku, isActive: row.isActive, shopify: outcome },
        });
        const variant = toAdminVariant(
          { product: row, isAllowed: await findAllowance(tx, row.sku) },
          row.isVirtual ? await findBundleParts(tx, row.id) : [],
        );
        const message = isActive ? `${row.name} is visible again` : `${row.name} is now hidden`;
        return {
          success: true,
          message: outcome === 'queued' ? `${message}. Shopify will be updated in a moment.` : message,
          variant,
          shopify: outcome,
        };
      });
    },

    setVariantPrice(
      actor: AuditActor,
      {
        productId,
        basePrice,
        wholesalePrice,
      }: { productId: number; basePrice: number; wholesalePrice: number },
    ): Promise<UpdateVariantPriceResponse> {
      return db.transaction(async (tx) => {
        const before = await findProductForUpdate(tx, { id: productId });
        if (!before) throw notFound(PRODUCT_NOT_FOUND);
        // The portal never reads these rows' own price (docs/catalogue-and-pricing.md#the-mixed-case-bundle):
        // an edit would change nothing.
        if (before.isVirtual) {
          throw new AppError(
            'UNPROCESSABLE',
            'The bundle is priced from its components. Edit their prices instead.',
          );
        }
        if (before.isTester)
          throw new AppError('UNPROCESSABLE', 'The tester is free; it has no price to edit.');
        const row = await updateProduct(tx, productId, {
          price: dollarsToCents(basePrice),
          wholesalePrice: dollarsToCents(wholesalePrice),
        });
        const outcome = await shopify.queueVariantPush(tx, row, ['price']);
        await recordAudit(tx, actor, {
          action: 'product.price',
          entityType: 'product',
          entityId: row.id,
          before: priceSnapshot(before),
          after: { ...priceSnapshot(row), shopify: outcome },
        });
        const variant = toAdminVariant({ product: row, isAllowed: await findAllowance(tx, row.sku) });
        return { success: true, message: priceMessage(outcome), variant, shopify: outcome };
      });
    },
  };
}
