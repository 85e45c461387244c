/* The storefront's products, for pricing (which prices them) and the catalogue snapshot. */
export { findStorefrontProducts } from './products.repository';
export { toClientProduct } from './products.service';
