import { centsToDollars } from '../../../shared/money';
import type { Product } from '../../../shared/schemas/products';
import type { Database } from '../../db/client';
import { createInvalidatedCache, type LastKnownFallback } from '../../db/invalidated-cache';
import { createJsonSnapshot } from '../../http/etag';
import { findStorefrontProducts } from './products.repository';
import type { ProductRow } from '../../db/schema';

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

export function createProductService({
  db,
  onDatabaseUnreachable,
}: {
  db: Database;
  /** Given: the last list loaded is served while the database cannot be reached (outage watch). */
  onDatabaseUnreachable?: LastKnownFallback;
}) {
  // The list is the same for every visitor and changes only when staff change the catalogue: it is read
  // from the database once per change (ADR 0007), serialised once, and sent with its ETag.
  const storefrontList = createInvalidatedCache(
    async () => createJsonSnapshot((await findStorefrontProducts(db)).map(toClientProduct)),
    onDatabaseUnreachable ? { lastKnownWhenUnreachable: onDatabaseUnreachable } : {},
  );
  return {
    storefrontListSnapshot: () => storefrontList.get(),
    /** Whether the list served is the last known one, the database being unreachable. */
    get stale() {
      return storefrontList.stale;
    },
    caches: [storefrontList],
  };
}

export type ProductService = ReturnType<typeof createProductService>;
