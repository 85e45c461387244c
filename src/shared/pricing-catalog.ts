import { dollarsToCents } from './money';
import { createCatalog, type PricingCatalog } from './pricing';
import type { Product } from './schemas/products';
import type { PricingCatalogDto } from './schemas/pricing';

/** Builds the pricing engine's catalogue from the API's answers (dollars → cents, percent → hundredths). */
export function catalogFromApi(products: readonly Product[], pricing: PricingCatalogDto): PricingCatalog {
  return createCatalog(
    products.map((product) => ({
      id: product.id,
      sku: product.sku,
      name: product.name,
      price: dollarsToCents(product.price),
      wholesalePrice: product.wholesalePrice === null ? null : dollarsToCents(product.wholesalePrice),
      msrp: product.msrp === null ? null : dollarsToCents(product.msrp),
      caseSize: product.caseSize,
      isTester: product.isTester,
      isVirtual: product.isVirtual,
      components: pricing.components
        .filter((component) => component.virtualProductId === product.id)
        .map((component) => ({ productId: component.componentProductId, quantity: component.quantity })),
    })),
    pricing.tiers.map((tier) => ({
      id: tier.id,
      name: tier.name,
      minimumCases: tier.minimumCases,
      discountPercentage: Math.round(tier.discountPercentage * 100),
    })),
    pricing.customPrices.map((custom) => ({ ...custom, price: dollarsToCents(custom.price) })),
  );
}
