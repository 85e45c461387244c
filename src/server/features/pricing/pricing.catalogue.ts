import { centsToDollars, type Cents } from '../../../shared/money';
import { createCatalog, type PricingCatalog } from '../../../shared/pricing';
import type { PricingCatalogDto, PricingTierDto } from '../../../shared/schemas/pricing';
import type { DatabaseOrTransaction, Database } from '../../db/client';
import { createJsonSnapshot, type JsonSnapshot } from '../../http/etag';
import { findStorefrontProducts } from '../products';
import {
  findCatalogVersion,
  findCustomTierPrices,
  findPricingTiers,
  findVirtualComponents,
} from './pricing.repository';
import { toPricingProduct, type ComponentRow } from './pricing-product';
import type { PricingTierRow, ProductRow } from '../../db/schema';

interface CustomPriceRow {
  productId: number;
  tierId: number;
  price: Cents;
}

/** Everything the pricing endpoints read, built once per catalogue change (ADR 0007). */
export interface PricingCatalogue {
  /** The catalog_version these rows were read at (ADR 0017). */
  version: number;
  /** The shared engine's catalogue: storefront products only, so nothing hidden can be priced or sold. */
  catalog: PricingCatalog;
  productsById: ReadonlyMap<number, ProductRow>;
  productsBySku: ReadonlyMap<string, ProductRow>;
  /** GET /api/pricing-tiers, serialised once. */
  tiersSnapshot: JsonSnapshot;
  /** GET /api/pricing-catalog, serialised once. */
  catalogueSnapshot: JsonSnapshot;
}

/**
 * Reads the catalogue and its version in `tx`, which must be one snapshot (REPEATABLE READ): the read-only
 * transaction of loadCatalogueSnapshot, so the rows and the version belong to one moment (ADR 0017).
 */
export async function loadPricingCatalogue(tx: DatabaseOrTransaction): Promise<PricingCatalogue> {
  // One after another: inside a transaction they share one connection, which must not run two at once.
  const version = await findCatalogVersion(tx);
  const products = await findStorefrontProducts(tx);
  const tiers = await findPricingTiers(tx);
  const customPrices = await findCustomTierPrices(tx);
  const components = await findVirtualComponents(tx);
  return buildPricingCatalogue(version, products, tiers, customPrices, components);
}

/**
 * The catalogue for the in-memory cache: read in a read-only REPEATABLE READ transaction, so the rows and
 * the version are of one moment, and order submission may trust the version (ADR 0017).
 */
export function loadCatalogueSnapshot(db: Database): Promise<PricingCatalogue> {
  return db.transaction((tx) => loadPricingCatalogue(tx), {
    isolationLevel: 'repeatable read',
    accessMode: 'read only',
  });
}

/**
 * The server prices from exactly what the browser receives (GET /api/products + GET /api/pricing-catalog,
 * see shared/pricing-catalog.ts), so both engines agree to the cent
 * (docs/catalogue-and-pricing.md#prices-in-the-browser-and-on-the-server). A bundle component that is not a
 * storefront product is therefore unknown to both, and both price the bundle at the 93.00 fallback.
 */
export function buildPricingCatalogue(
  version: number,
  products: readonly ProductRow[],
  tierRows: readonly PricingTierRow[],
  customPriceRows: readonly CustomPriceRow[],
  componentRows: readonly ComponentRow[],
): PricingCatalogue {
  const storefrontIds = new Set(products.map((product) => product.id));
  const customPrices = customPriceRows.filter((custom) => storefrontIds.has(custom.productId));
  const components = componentRows.filter((component) => storefrontIds.has(component.virtualProductId));
  const tiers = tierRows.map(toTierDto);
  return {
    version,
    catalog: createCatalog(
      products.map((product) => toPricingProduct(product, components)),
      tierRows.map(({ id, name, minimumCases, discountPercentage }) => ({
        id,
        name,
        minimumCases,
        discountPercentage,
      })),
      customPrices,
    ),
    productsById: new Map(products.map((product) => [product.id, product])),
    productsBySku: new Map(products.map((product) => [product.sku, product])),
    tiersSnapshot: createJsonSnapshot(tiers),
    catalogueSnapshot: createJsonSnapshot(toCatalogueDto(tiers, customPrices, components)),
  };
}

/** Percent at the API edge: 750 hundredths → 7.5 (ADR 0002). */
export function toTierDto(row: PricingTierRow): PricingTierDto {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    minimumCases: row.minimumCases,
    discountPercentage: row.discountPercentage / 100,
  };
}

function toCatalogueDto(
  tiers: PricingTierDto[],
  customPrices: readonly CustomPriceRow[],
  components: readonly ComponentRow[],
): PricingCatalogDto {
  return {
    tiers,
    customPrices: customPrices.map((custom) => ({ ...custom, price: centsToDollars(custom.price) })),
    components: components.map((component) => ({ ...component })),
  };
}
