import type { Database } from '../../db/client';
import type { Env } from '../../env';
import type { ShopifyConnection } from '../../integrations/shopify/shopify';

/**
 * What every admin area's routes are built from. The administrator check is not theirs to do: every
 * /api/admin/* route gets it from plugins/admin-guard.ts.
 */
export interface AdminDeps {
  db: Database;
  env: Env;
  /** The store, or null in test mode (docs/shopify.md#test-mode). */
  shopify: ShopifyConnection | null;
}
