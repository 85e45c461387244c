import type { DatabaseHandle } from './client';
import type { InvalidatedCache } from './invalidated-cache';

/** The NOTIFY channel the catalogue triggers announce on (migration 0001). */
export const CATALOG_CHANNEL = 'catalog_changed';

type Invalidatable = Pick<InvalidatedCache<unknown>, 'invalidate' | 'setLive'>;

/**
 * Keeps in-memory copies of catalogue data (products, allowed SKUs, tiers, custom prices) fresh: any write to
 * those tables, from any process, drops them. Resolves to the function that stops listening.
 */
export function invalidateOnCatalogChange(database: DatabaseHandle, caches: Invalidatable[]) {
  return database.listen(CATALOG_CHANNEL, {
    onNotify: () => caches.forEach((cache) => cache.invalidate()),
    onLive: (live) => caches.forEach((cache) => cache.setLive(live)),
  });
}
