import { and, asc, eq } from 'drizzle-orm';
import type { DatabaseOrTransaction } from '../../db/client';
import { allowedSkus, products, type ProductRow } from '../../db/schema';

/**
 * Active products whose SKU is an active allowed SKU (docs/catalogue-and-pricing.md#what-customers-see), in
 * catalogue order.
 */
export function findStorefrontProducts(db: DatabaseOrTransaction): Promise<ProductRow[]> {
  return db
    .select({ product: products })
    .from(products)
    .innerJoin(allowedSkus, and(eq(allowedSkus.sku, products.sku), eq(allowedSkus.isActive, true)))
    .where(eq(products.isActive, true))
    .orderBy(asc(products.id))
    .then((rows) => rows.map((row) => row.product));
}
