import type { CompanyLocationRow } from '../../db/schema';
import type { ShopifyCompany } from '../../integrations/shopify/shopify-api';
import { netTemplateFor } from '../orders';
import { ensureB2b, type CompaniesShopifyDeps } from './b2b-gate';
import { companySyncState } from './company-fingerprint';
import {
  companyExternalId,
  locationAddress,
  locationExternalId,
  locationNote,
  taxExemptionOf,
  toE164,
} from './company-input';
import {
  claimSync,
  forgetCompany,
  releaseSync,
  loadPortalCompany,
  loadShopifyMapping,
  recordSyncError,
  recordSynced,
  saveCompanyId,
  saveLocation,
  type PortalCompany,
} from './companies-shopify.repository';
import { syncContacts } from './sync-contacts';
import { CompanyAccessDenied, SyncBusy, SyncRefused, unwrap } from './sync-errors';

/*
 * One company made equal in Shopify to what it is in the portal (docs/shopify.md#b2b-companies): the company,
 * its locations (addresses, phone, payment terms, resale exemption) and its ordering people as contacts with
 * roles. Idempotent, and safe to run again at any point: what exists is found (by GID, else by external id)
 * and only what differs is sent. The reconcile job runs it; the draft-order job runs it inline for a company
 * it finds out of date.
 */

export type SyncOutcome = 'synced' | 'no-b2b' | 'not-approved' | 'refused';

/** The locations a company read gives (FindCompanyByExternalId, GetCompany: `locations(first: 50)`). */
const LOCATIONS_READ = 50;

/** How long a sync may hold its company: far longer than one takes; a sync that died lets go after it. */
const SYNC_LEASE_MS = 5 * 60_000;

export async function syncCompany(
  deps: CompaniesShopifyDeps,
  companyId: number,
  now: Date,
): Promise<SyncOutcome> {
  const { db, log } = deps;
  if (!(await ensureB2b(deps, now))) return 'no-b2b';
  const today = now.toISOString().slice(0, 10);
  const state = await companySyncState(db, companyId, today);
  const portal = state && (await loadPortalCompany(db, companyId));
  if (!state || !portal) return 'not-approved';
  const leaseUntil = new Date(now.getTime() + SYNC_LEASE_MS);
  if (!(await claimSync(db, companyId, now, leaseUntil))) throw new SyncBusy(companyId);
  try {
    const company = await findOrCreateCompany(deps, portal);
    await syncLocations(deps, portal, company, today);
    const problems = await syncContacts(deps, portal, company);
    await recordSynced(db, companyId, state.fingerprint, now, problems.join('; ') || null);
    log.info({ companyId, shopifyCompanyId: company.id }, 'company synced to Shopify');
    return 'synced';
  } catch (error) {
    if (error instanceof SyncRefused) {
      await recordSyncError(db, companyId, error.message, state.fingerprint);
      log.warn({ companyId, error: error.message }, 'Shopify refused the company; staff must fix it');
      return 'refused';
    }
    if (error instanceof CompanyAccessDenied) return accessDenied(deps, companyId, error, now);
    throw error;
  } finally {
    await releaseSync(db, companyId, leaseUntil);
  }
}

/**
 * A company call refused on access: the store has no B2B (then remembered, and drafts stay customer-based),
 * or it has B2B and the app lacks the scope (staff must grant it: recorded on the company).
 */
async function accessDenied(
  deps: CompaniesShopifyDeps,
  companyId: number,
  error: Error,
  now: Date,
): Promise<SyncOutcome> {
  if (!(await ensureB2b(deps, now, { recheck: true }))) return 'no-b2b';
  const message = `Shopify refused the companies API: grant the app the write_companies (or write_customers) scope. ${error.message}`;
  // No fingerprint recorded: every reconcile tries again, so the companies sync once the scope is granted.
  await recordSyncError(deps.db, companyId, message, null);
  deps.log.error({ companyId }, message);
  return 'refused';
}

/** The company's Shopify copy: by its recorded GID, else by its external id, else created. */
async function findOrCreateCompany(
  deps: CompaniesShopifyDeps,
  portal: PortalCompany,
): Promise<ShopifyCompany> {
  const { db, shopify, log } = deps;
  const companyId = portal.company.id;
  const mapping = await loadShopifyMapping(db, companyId);
  if (mapping.shopifyCompanyId) {
    const known = unwrap('reading the company', await shopify.api.getCompany(mapping.shopifyCompanyId));
    if (known) return updateName(deps, portal, known);
    log.warn(
      { companyId, shopifyCompanyId: mapping.shopifyCompanyId },
      'Shopify company deleted; making it again',
    );
    await forgetCompany(db, companyId);
  }
  const externalId = companyExternalId(companyId);
  const found = unwrap('looking the company up', await shopify.api.findCompanyByExternalId(externalId));
  if (found) {
    await saveCompanyId(db, companyId, found.id);
    return updateName(deps, portal, found);
  }
  const created = unwrap(
    'creating the company',
    await shopify.api.createCompany({
      company: { name: portal.company.name, externalId, note: `Wholesale portal company ${companyId}` },
    }),
  );
  await saveCompanyId(db, companyId, created.id);
  const read = unwrap('reading the new company', await shopify.api.getCompany(created.id));
  if (!read) throw new Error(`Shopify company ${created.id} was created but cannot be read yet`);
  return read;
}

async function updateName(
  { shopify }: CompaniesShopifyDeps,
  portal: PortalCompany,
  company: ShopifyCompany,
): Promise<ShopifyCompany> {
  if (company.name === portal.company.name) return company;
  unwrap('renaming the company', await shopify.api.updateCompany(company.id, { name: portal.company.name }));
  return { ...company, name: portal.company.name };
}

/**
 * Each portal location as a Shopify company location: created with its addresses, or brought up to date
 * (name, phone, note, payment terms, addresses, the portal's resale exemption). A location removed in the
 * portal stays in Shopify: its orders point at it.
 */
async function syncLocations(
  deps: CompaniesShopifyDeps,
  portal: PortalCompany,
  company: ShopifyCompany,
  today: string,
): Promise<void> {
  const { db, shopify } = deps;
  const mapping = await loadShopifyMapping(db, portal.company.id);
  const templates = unwrap('listing payment terms', await shopify.api.listNetPaymentTermsTemplates());
  const paymentTermsTemplateId = netTemplateFor(templates, portal.company.paymentTerms)?.id ?? null;
  for (const location of portal.locations) {
    const shipping = locationAddress(location, 'shipping', portal.company.name);
    const billing = locationAddress(location, 'billing', portal.company.name);
    const fields = {
      name: location.name,
      phone: toE164(location.phone) ?? null,
      note: locationNote(location, today),
      buyerExperienceConfiguration: {
        paymentTermsTemplateId,
        // Shopify's own B2B checkout, if a buyer used it, ends in a draft for staff to review, as here.
        checkoutToDraft: true,
        editableShippingAddress: false,
      },
    };
    const known = mapping.locations.get(location.id);
    const read =
      company.locations.find((candidate) => candidate.id === known?.shopifyLocationId) ??
      company.locations.find((candidate) => candidate.externalId === locationExternalId(location.id));
    // A company read gives its first LOCATIONS_READ locations: a mapped one not among a full page may be
    // further on, and is kept; one missing from a page that is not full is in another company (a merge).
    const pageFull = company.locations.length >= LOCATIONS_READ;
    const existingId = read?.id ?? (known && pageFull ? known.shopifyLocationId : null);
    if (known && !existingId) await releaseMovedLocation(deps, location.id, known.shopifyLocationId);
    let shopifyLocationId: string;
    if (existingId) {
      shopifyLocationId = existingId;
      unwrap(
        'updating a location',
        await shopify.api.updateCompanyLocation(existingId, {
          ...fields,
          externalId: locationExternalId(location.id),
        }),
      );
      if (shipping) {
        const types: ('SHIPPING' | 'BILLING')[] = billing ? ['SHIPPING'] : ['SHIPPING', 'BILLING'];
        unwrap(
          'setting an address',
          await shopify.api.assignCompanyLocationAddress(existingId, shipping, types),
        );
      }
      if (billing) {
        unwrap(
          'setting an address',
          await shopify.api.assignCompanyLocationAddress(existingId, billing, ['BILLING']),
        );
      }
    } else {
      const created = unwrap(
        'creating a location',
        await shopify.api.createCompanyLocation(company.id, {
          ...fields,
          externalId: locationExternalId(location.id),
          ...(shipping ? { shippingAddress: shipping } : {}),
          ...(billing ? { billingAddress: billing } : { billingSameAsShipping: true }),
        }),
      );
      shopifyLocationId = created.id;
      company.locations.push({
        id: created.id,
        externalId: locationExternalId(location.id),
        name: location.name,
        phone: fields.phone,
        paymentTermsTemplateId,
        taxSettings: { taxExempt: false, taxExemptions: [], taxRegistrationId: null },
      });
    }
    // A location made now has none of the exemptions the mapping remembers of an earlier one.
    const mine = existingId ? (known?.taxExemption ?? null) : null;
    await saveLocation(db, location.id, { shopifyLocationId, taxExemption: mine });
    const present = read?.taxSettings.taxExemptions ?? (mine ? [mine] : []);
    await syncTaxExemption(deps, location, shopifyLocationId, { mine, present }, today);
  }
}

/**
 * A location that now belongs to another company (a merge moved it) while its Shopify location stays in the
 * old Shopify company: Shopify cannot move it, so the old one gives up the external id (unique in the shop)
 * and the location is created again in its new company. Already gone (the merchant deleted it): nothing to do.
 */
async function releaseMovedLocation(
  { shopify, log }: CompaniesShopifyDeps,
  locationId: number,
  shopifyLocationId: string,
): Promise<void> {
  const released = await shopify.api.updateCompanyLocation(shopifyLocationId, {
    externalId: `${locationExternalId(locationId)}-moved-${Date.now()}`,
    note: `Wholesale portal location ${locationId}, moved to another company in the portal`,
  });
  if (!released.ok && released.error.kind !== 'user-errors') unwrap('releasing a moved location', released);
  log.info({ locationId, shopifyLocationId }, 'location moved to another company; made again in Shopify');
}

/**
 * The portal's resale exemption on the location: assigned while the certificate is valid, removed when it
 * changes, ends or expires. Only the exemption the portal assigned (`mine`) is ever removed; one the location
 * already had (`present`, the merchant's) is left to the merchant and not claimed as the portal's.
 */
async function syncTaxExemption(
  { db, shopify }: CompaniesShopifyDeps,
  location: CompanyLocationRow,
  shopifyLocationId: string,
  { mine, present }: { mine: string | null; present: string[] },
  today: string,
): Promise<void> {
  const want = taxExemptionOf(location, today);
  const assign = want && !present.includes(want) ? [want] : [];
  const remove = mine && mine !== want && present.includes(mine) ? [mine] : [];
  const nowMine = want && (assign.length > 0 || mine === want) ? want : null;
  if (assign.length > 0 || remove.length > 0) {
    unwrap(
      'setting the tax exemption',
      await shopify.api.updateCompanyLocationTaxSettings(shopifyLocationId, { assign, remove }),
    );
  }
  if (nowMine !== mine) await saveLocation(db, location.id, { shopifyLocationId, taxExemption: nowMine });
}
