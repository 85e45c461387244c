import type { DraftOrderInput } from '../../integrations/shopify/shopify-api';
import { PostponeJob, type PurchasingOrder } from '../orders';
import { StoreUnavailable, SyncBusy } from './sync-errors';
import type { CompaniesShopifyDeps } from './b2b-gate';
import { knownB2b, readB2bState } from './b2b-state';
import { companySyncState } from './company-fingerprint';
import { loadPurchasingMapping } from './companies-shopify.repository';
import { syncCompany } from './sync-company';

/*
 * Who a draft order is for in Shopify (docs/shopify.md#b2b-companies): the company location and contact when
 * the company is in Shopify, else the customer by e-mail as before companies existed. An order is never held
 * up by B2B: whatever keeps the company out of Shopify (no B2B on the store, a refusal staff must fix), the
 * draft is still made, customer-based.
 */

/** The draft's purchasing entity for `order`, or null: customer-based (orders/shopify/job-support.ts). */
export async function purchasingEntityFor(
  deps: CompaniesShopifyDeps,
  order: PurchasingOrder,
  now: Date,
): Promise<DraftOrderInput['purchasingEntity'] | null> {
  const { db, log } = deps;
  if (order.companyId === null) return null;
  // A store known to have no B2B: nothing is asked (the reconcile job re-checks daily).
  if (knownB2b(await readB2bState(db), now) === false) return null;
  const state = await companySyncState(db, order.companyId, now.toISOString().slice(0, 10));
  if (state && !state.upToDate) {
    // Out of date (a location added this minute, a new buyer): brought up to date first, so the draft names
    // what the order names. A retryable failure throws and the draft job tries again.
    try {
      if ((await syncCompany(deps, order.companyId, now)) === 'no-b2b') return null;
    } catch (error) {
      // A store that fails fails the draft too (its job waits for the store), and a sync running now will
      // have finished by the draft's next attempt. Anything else is the company sync job's to retry: the
      // draft goes with what Shopify has (customer-based when that is not enough).
      if (error instanceof PostponeJob || error instanceof StoreUnavailable || error instanceof SyncBusy) {
        throw error;
      }
      log.warn({ ...order, err: error }, 'company sync failed before its draft; using what Shopify has');
    }
  }
  const mapping = await loadPurchasingMapping(db, { ...order, companyId: order.companyId });
  const companyContactId = mapping.placingContactId ?? mapping.ownerContactId;
  if (!mapping.companyId || !mapping.companyLocationId || !companyContactId) {
    log.warn({ ...order, mapping }, 'company not (fully) in Shopify; the draft is customer-based');
    return null;
  }
  return {
    purchasingCompany: {
      companyId: mapping.companyId,
      companyLocationId: mapping.companyLocationId,
      companyContactId,
    },
  };
}
