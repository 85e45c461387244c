import { centsToDollars } from '../../../shared/money';
import {
  casesInLine,
  selectTier,
  totalCases,
  unitPrice,
  type CartLine,
  type PricingCatalog,
  type PricingProduct,
  type PricingTier,
} from '../../../shared/pricing';
import type { Product } from '../../../shared/schemas/products';
import type { Database } from '../../db/client';
import { createInvalidatedCache, type LastKnownFallback } from '../../db/invalidated-cache';
import { AppError, DATABASE_UNAVAILABLE_MESSAGE, notFound } from '../../errors';
import { toClientProduct } from '../products';
import { validateCart, type CartItemToValidate } from './cart-validation';
import { describeInventory } from './inventory';
import { loadCatalogueSnapshot, type PricingCatalogue } from './pricing.catalogue';

export interface UnitPriceQuote {
  productId: number;
  /** Dollars per unit: per bottle, per bundle for the bundle, 0 for the tester. */
  price: number;
}

export function createPricingService({
  db,
  onDatabaseUnreachable,
}: {
  db: Database;
  /** Given: the last catalogue loaded prices the storefront while the database cannot be reached. */
  onDatabaseUnreachable?: LastKnownFallback;
}) {
  // Tiers, custom prices and products change only when staff change them: read once per change (ADR 0007).
  const catalogue = createInvalidatedCache(
    () => loadCatalogueSnapshot(db),
    onDatabaseUnreachable ? { lastKnownWhenUnreachable: onDatabaseUnreachable } : {},
  );
  const pricingCatalog = async () => (await catalogue.get()).catalog;

  return {
    async findStorefrontProduct(id: number): Promise<Product> {
      const row = (await catalogue.get()).productsById.get(id);
      if (!row) throw notFound('Product not found');
      return toClientProduct(row);
    },
    /** At the tier of `totalCases` when given, else of the cases this quantity alone makes. */
    async quoteUnitPrice(
      productId: number,
      { quantity = 0, totalCases: cases }: { quantity?: number | undefined; totalCases?: number | undefined },
    ): Promise<UnitPriceQuote> {
      const catalog = await pricingCatalog();
      const product = requireProduct(catalog, productId);
      return quoteAtTier(
        catalog,
        product,
        selectTier(catalog.tiers, cases ?? casesInLine(product, quantity)),
      );
    },
    /** At the tier of `totalCases` when given, else of the items' own total cases. */
    async calculatePrices(items: readonly CartLine[], cases?: number): Promise<UnitPriceQuote[]> {
      const catalog = await pricingCatalog();
      throwIfUnknown(items.map((item) => item.productId).filter((id) => !catalog.products.has(id)));
      const tier = selectTier(catalog.tiers, cases ?? totalCases(catalog, items));
      return items.map((item) => quoteAtTier(catalog, requireProduct(catalog, item.productId), tier));
    },
    validateCart: async (items: readonly CartItemToValidate[]) => validateCart(await pricingCatalog(), items),
    async checkInventory(skus: readonly string[]) {
      const { productsBySku } = await catalogue.get();
      return skus.map((sku) => describeInventory(sku, productsBySku.get(sku)));
    },
    /** Today's catalogue as the storefront sells it (cached). */
    currentCatalogue: () => catalogue.get(),
    /**
     * The catalogue read anew, for every later reader too: order submission found the cached one older
     * than the database's (ADR 0019), e.g. a change whose notification has not arrived yet.
     */
    async freshCatalogue(): Promise<PricingCatalogue> {
      catalogue.invalidate();
      const fresh = await catalogue.get();
      // An order is priced only from the database itself, never from the last known catalogue.
      if (catalogue.stale) throw new AppError('UNAVAILABLE', DATABASE_UNAVAILABLE_MESSAGE);
      return fresh;
    },
    /** Whether the catalogue served is the last known one, the database being unreachable. */
    get stale() {
      return catalogue.stale;
    },
    tiersSnapshot: async () => (await catalogue.get()).tiersSnapshot,
    catalogueSnapshot: async () => (await catalogue.get()).catalogueSnapshot,
    caches: [catalogue],
  };
}

export type PricingService = ReturnType<typeof createPricingService>;

function requireProduct(catalog: PricingCatalog, productId: number): PricingProduct {
  const product = catalog.products.get(productId);
  if (!product) throw notFound('Product not found');
  return product;
}

function quoteAtTier(
  catalog: PricingCatalog,
  product: PricingProduct,
  tier: PricingTier | null,
): UnitPriceQuote {
  return { productId: product.id, price: centsToDollars(unitPrice(catalog, product, tier)) };
}

/** 404 naming every id that is not a storefront product, so the browser can drop exactly those lines. */
function throwIfUnknown(productIds: readonly number[]) {
  const unknown = [...new Set(productIds)];
  if (unknown.length === 0) return;
  const message =
    unknown.length === 1 ? `Product ${unknown[0]} not found` : `Products ${unknown.join(', ')} not found`;
  throw new AppError('NOT_FOUND', message, { productIds: unknown });
}
