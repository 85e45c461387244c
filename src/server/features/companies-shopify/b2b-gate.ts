import type { Database } from '../../db/client';
import type { ShopifyConnection } from '../../integrations/shopify/shopify';
import type { JobLogger } from '../../jobs/worker';
import { knownB2b, readB2bState, recordB2bState } from './b2b-state';
import { unwrap } from './sync-errors';

export interface CompaniesShopifyDeps {
  db: Database;
  shopify: ShopifyConnection;
  log: JobLogger;
}

/**
 * Whether company calls may be made: the remembered answer while it is fresh, else the store's entitlement,
 * asked and remembered (b2b-state.ts). `recheck` asks even when an answer is remembered (a company call was
 * just refused on access). A failed question throws as any Shopify call in a job does.
 */
export async function ensureB2b(
  { db, shopify, log }: CompaniesShopifyDeps,
  now: Date,
  { recheck = false } = {},
): Promise<boolean> {
  const state = await readB2bState(db);
  const known = recheck ? null : knownB2b(state, now);
  if (known !== null) return known;
  const { enabled } = unwrap(
    'asking Shopify whether the store has B2B',
    await shopify.api.getB2bEntitlement(),
  );
  await recordB2bState(db, enabled, recheck ? 'access-denied' : 'entitlement', now);
  if (state?.enabled !== enabled) {
    log.info(
      { enabled },
      enabled
        ? 'the Shopify store has B2B: companies are synced'
        : 'the Shopify store has no B2B: drafts stay customer-based',
    );
  }
  return enabled;
}
