/* The pricing feature's face to other features: the engine's view of a product, tiers, and the service. */
export { toPricingProduct } from './pricing-product';
export { toTierDto } from './pricing.catalogue';
export type { PricingService } from './pricing.service';
