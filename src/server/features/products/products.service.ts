import { centsToDollars } from '../../../shared/money';
import type { Product } from '../../../shared/schemas/products';
import type { Database } from '../../db/client';
import { findStorefrontProducts, type ProductRow } from './products.repository';

/** The storefront's view of a product row: dollars per bottle at the API edge (ADR 0002). */
export function toClientProduct(row: ProductRow): Product {
  return {
    id: row.id,
    name: row.name,
    sku: row.sku,
    price: centsToDollars(row.price),
    wholesalePrice: row.wholesalePrice === null ? null : centsToDollars(row.wholesalePrice),
    msrp: row.msrp === null ? null : centsToDollars(row.msrp),
    imageUrl: row.imageUrl,
    shopifyVariantId: row.shopifyVariantId,
    isVirtual: row.isVirtual,
    caseSize: row.caseSize,
    isTester: row.isTester,
  };
}

export function createProductService({ db }: { db: Database }) {
  return {
    async listStorefrontProducts(): Promise<Product[]> {
      return (await findStorefrontProducts(db)).map(toClientProduct);
    },
  };
}

export type ProductService = ReturnType<typeof createProductService>;
