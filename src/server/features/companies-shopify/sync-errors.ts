import type { ShopifyError, ShopifyResult } from '../../integrations/shopify/client';
import { isCompanyAccessDenied, shopifyJobError } from '../../integrations/shopify/shopify-errors';
import { PostponeJob } from '../orders';

/* How a failed Shopify call reads to the company sync (docs/shopify.md#b2b-companies). */

/** Shopify refused what the portal sent (a user error): staff must fix the company; retrying will not help. */
export class SyncRefused extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SyncRefused';
  }
}

/** Shopify refused a company field on access: no B2B on the store, or the app lacks the companies scope. */
export class CompanyAccessDenied extends Error {}

/** A create refused TAKEN on its external id: an earlier attempt made it, Shopify's search does not show it yet. */
export class WaitingForSearch extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'WaitingForSearch';
  }
}

/**
 * The store failed as a whole (down, slow, throttled): whatever waits on it, a draft too, tries again later.
 * Retried by the worker like any plain error.
 */
export class StoreUnavailable extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'StoreUnavailable';
  }
}

/** Another sync holds the company (its lease): this one tries again shortly. */
export class SyncBusy extends Error {
  constructor(companyId: number) {
    super(`another Shopify sync of company ${companyId} is running`);
    this.name = 'SyncBusy';
  }
}

const OUTAGES: ReadonlySet<ShopifyError['kind']> = new Set([
  'throttled',
  'rate-limited',
  'server',
  'network',
  'timeout',
]);

/** The data of a call, or the error a sync throws for it. */
export function unwrap<T>(what: string, result: ShopifyResult<T>): T {
  if (result.ok) return result.data;
  throw syncError(what, result.error);
}

function syncError(what: string, error: ShopifyError): Error {
  if (isCompanyAccessDenied(error)) return new CompanyAccessDenied(`${what}: ${error.message}`);
  if (error.kind === 'user-errors') {
    // An external id already taken is an earlier attempt's company or location that Shopify's search does not
    // show yet: retried, the next attempt finds and adopts it.
    const taken = error.userErrors?.some(
      (userError) => userError.code === 'TAKEN' && userError.field?.at(-1) === 'externalId',
    );
    if (taken) return new WaitingForSearch(`${what}: already created, waiting for Shopify search to show it`);
    return new SyncRefused(`${what}: ${error.message}`);
  }
  if (OUTAGES.has(error.kind)) return new StoreUnavailable(`${what}: ${error.message}`);
  return shopifyJobError(what, error, { circuitOpen: PostponeJob });
}
