/*
 * The pricing feature's face to other features: the engine's view of a product, tiers, whether stock is
 * counted, and the service.
 */
export { describeInventory } from './inventory';
export { toPricingProduct } from './pricing-product';
export { loadCatalogueSnapshot, toTierDto } from './pricing.catalogue';
export type { PricingService } from './pricing.service';
