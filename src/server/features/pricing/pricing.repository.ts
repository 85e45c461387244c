import { asc } from 'drizzle-orm';
import type { DatabaseOrTransaction } from '../../db/client';
import {
  catalogVersion,
  pricingTiers,
  productPricingTiers,
  virtualProductComponents,
  type PricingTierRow,
} from '../../db/schema';

/** Every volume tier (tiers have no active flag: a tier that exists applies), lowest minimum first. */
export function findPricingTiers(db: DatabaseOrTransaction): Promise<PricingTierRow[]> {
  return db.select().from(pricingTiers).orderBy(asc(pricingTiers.minimumCases));
}

/** Every custom (product, tier) price per bottle, in cents. */
export function findCustomTierPrices(db: DatabaseOrTransaction) {
  return db
    .select({
      productId: productPricingTiers.productId,
      tierId: productPricingTiers.tierId,
      price: productPricingTiers.price,
    })
    .from(productPricingTiers)
    .orderBy(asc(productPricingTiers.productId), asc(productPricingTiers.tierId));
}

/** What every virtual product is made of. */
export function findVirtualComponents(db: DatabaseOrTransaction) {
  return db
    .select({
      virtualProductId: virtualProductComponents.virtualProductId,
      componentProductId: virtualProductComponents.componentProductId,
      quantity: virtualProductComponents.quantity,
    })
    .from(virtualProductComponents)
    .orderBy(
      asc(virtualProductComponents.virtualProductId),
      asc(virtualProductComponents.componentProductId),
    );
}

/** The catalogue's version (migration 0004): every write to its tables raises it in the same transaction. */
export async function findCatalogVersion(db: DatabaseOrTransaction): Promise<number> {
  const [row] = await db.select({ version: catalogVersion.version }).from(catalogVersion);
  if (!row) throw new Error('catalog_version has no row: are the migrations applied?');
  return row.version;
}
