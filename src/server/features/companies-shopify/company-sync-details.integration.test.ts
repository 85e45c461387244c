import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { toGid } from '../../../../dev/fake-shopify/gid';
import { jobs, shopifyCompanies, shopifyCompanyContacts, shopifyCompanyLocations } from '../../db/schema';
import { jobToQueue } from '../../jobs/job-definition';
import { enqueueJob } from '../../jobs/queue';
import { slotOf } from '../../jobs/slot-schedule';
import { send } from '../admin-users/admin-test-support';
import { processWebhooks } from '../shopify-events/shopify-events-test-support';
import { signIn, signInAdmin } from '../../test/factories/sign-in';
import { createCustomer, createUser, uniqueEmail } from '../../test/factories/users';
import { createShopifyTestApp, type ShopifyTestApp } from '../../test/shopify-test-app';
import { B2B_RECHECK_MS } from './b2b-state';
import { syncCompany } from './sync-company';
import { SyncBusy } from './sync-errors';
import {
  forgetB2bAnswer,
  operationsSince,
  orderFor,
  reconcileCompanies,
  shopifyCompanyOf,
} from './companies-shopify-test-support';
import { COMPANIES_RECONCILE_INTERVAL_MS, reconcileCompaniesJob } from './company-sync.jobs';

/*
 * The details of companies in Shopify (docs/decisions/0037-companies-in-shopify-b2b.md), against the fake
 * store: what a location holds (payment terms, the portal's resale exemption beside the merchant's own), how
 * the sync finds what exists (a company already made, a customer already known, a company the merchant
 * deleted), how a buyer's roles and a merged person's contact follow the portal, that a draft refused for its
 * company is still made, customer-based, and that a store without B2B is asked again only after a day.
 */

let t: ShopifyTestApp;
let admin: string;

beforeAll(async () => {
  // Every request is kept: operationsSince counts from an index into the log, which a bounded log would shift.
  t = await createShopifyTestApp({
    listen: true,
    fake: {
      historyLimit: 100_000,
      // Not a test of throttling (client.test.ts is): the client here never sleeps for the bucket to refill.
      bucket: { maximumAvailable: 1_000_000, restoreRate: 1_000_000 },
    },
  });
  admin = await signInAdmin(t.app);
});
afterAll(() => t.close());
afterEach(async () => {
  t.fake.control.setB2bEnabled(true);
  t.fake.control.setCompaniesAccessDenied(false);
  await forgetB2bAnswer(t);
});

const DAY = 24 * 60 * 60_000;
const daysFromNow = (days: number) => new Date(Date.now() + days * DAY).toISOString().slice(0, 10);

const harbour = {
  name: 'Harbour shop',
  phone: '(207) 555-0199',
  shippingAddressLine1: '2 Quay St',
  shippingCity: 'Bath',
  shippingState: 'Maine',
  shippingZip: '04530',
};

/** An owner whose company has its main location in Salem and a second one, Harbour shop, in Bath. */
async function companyWithTwoLocations(name: string) {
  const owner = await createCustomer(t.db, {
    business: { name, shippingAddress: { line1: '1 Main St', city: 'Salem', state: 'OR', zip: '97301' } },
  });
  const cookie = await signIn(t.app, t.db, owner.email);
  const added = await send(t.app, 'POST', '/api/company/locations', cookie, harbour);
  expect(added.statusCode, added.body).toBe(201);
  return {
    owner,
    cookie,
    companyId: owner.company!.id,
    main: owner.location!.id,
    harbour: added.json<{ id: number }>().id,
  };
}

/** The reconcile job and the syncs it queues, run by a worker whose clock is `laterMs` ahead. */
async function reconcileCompaniesLater(laterMs: number) {
  const slot = `${slotOf(new Date(Date.now() + laterMs), COMPANIES_RECONCILE_INTERVAL_MS)}-${randomUUID()}`;
  await enqueueJob(t.db, jobToQueue(reconcileCompaniesJob, { slot }, { dedupeKey: `test:${slot}` }));
  await t.runJobs({ laterMs });
  await t.runJobs({ laterMs });
}

/** A GraphQL call made with the store's own token, as the merchant's admin (or another tool) would. */
async function merchantGraphql<T = Record<string, unknown>>(
  query: string,
  variables: Record<string, unknown> = {},
) {
  const response = await fetch(`${t.fake.url}/admin/api/2026-10/graphql.json`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-shopify-access-token': t.fake.token },
    body: JSON.stringify({ query, variables }),
  });
  expect(response.status).toBe(200);
  const body = (await response.json()) as { data?: T; errors?: unknown };
  expect(body.errors).toBeUndefined();
  return body.data!;
}

/** The Shopify location the portal made for `locationId` (by its external id) in `companyId`'s company. */
const shopifyLocationOf = (companyId: number, locationId: number) =>
  shopifyCompanyOf(t, companyId)?.locations.find(
    (location) => location.externalId === `portal-location-${locationId}`,
  );

const contactOf = (companyId: number, email: string) =>
  shopifyCompanyOf(t, companyId)?.contacts.find((contact) => contact.email === email.toLowerCase());

const rolesOf = (contact: { roles: { role: string | null; location: string | null }[] } | undefined) =>
  (contact?.roles ?? []).map((role) => [role.role, role.location]).sort();

const mappedCompany = async (companyId: number) =>
  (await t.db.select().from(shopifyCompanies).where(eq(shopifyCompanies.companyId, companyId)))[0];

const draftsOf = (orderId: number) =>
  [...t.fake.store.draftOrders.values()].filter((draft) => draft.tags.includes(`portal-order-${orderId}`));

describe('payment terms', () => {
  it("give every location the store's Net 30 template, and none again once back on approval", async () => {
    const { owner, companyId, main, harbour: harbourId } = await companyWithTwoLocations('Terms Co');
    await reconcileCompanies(t);
    expect(
      shopifyCompanyOf(t, companyId)?.locations.map((location) => location.paymentTermsTemplate),
    ).toEqual([null, null]);

    const net30 = t.fake.store.paymentTermsTemplates.find((template) => template.name === 'Net 30')!;
    const onNet30 = await send(t.app, 'PATCH', `/api/admin/users/${owner.id}/payment-terms`, admin, {
      paymentTerms: 'net30',
    });
    expect(onNet30.statusCode, onNet30.body).toBe(200);
    await reconcileCompanies(t);
    for (const locationId of [main, harbourId]) {
      expect(shopifyLocationOf(companyId, locationId)?.paymentTermsTemplate).toEqual({
        id: toGid('PaymentTermsTemplate', net30.id),
        name: 'Net 30',
      });
    }

    const onApproval = await send(t.app, 'PATCH', `/api/admin/users/${owner.id}/payment-terms`, admin, {
      paymentTerms: 'on_approval',
    });
    expect(onApproval.statusCode, onApproval.body).toBe(200);
    await reconcileCompanies(t);
    for (const locationId of [main, harbourId]) {
      expect(shopifyLocationOf(companyId, locationId)?.paymentTermsTemplate).toBeNull();
    }
  });
});

describe("a location's resale exemption", () => {
  const exemptionUrl = (companyId: number, locationId: number) =>
    `/api/admin/companies/${companyId}/locations/${locationId}/tax-exemption`;
  const TX = 'US_TX_RESELLER_EXEMPTION';
  const MERCHANTS = 'US_OK_RESELLER_EXEMPTION';

  it("is assigned with its certificate in the note, and removed alone, the merchant's own staying", async () => {
    const owner = await createCustomer(t.db, { business: { name: 'Lone Star Resale Co' } });
    const companyId = owner.company!.id;
    const locationId = owner.location!.id;
    const saved = await send(t.app, 'PUT', exemptionUrl(companyId, locationId), admin, {
      certificateNumber: 'TX-778899',
      state: 'TX',
      expiresOn: daysFromNow(200),
    });
    expect(saved.statusCode, saved.body).toBe(200);
    await reconcileCompanies(t);
    const exempt = shopifyLocationOf(companyId, locationId)!;
    expect(exempt.taxExemptions).toEqual([TX]);
    expect(exempt.taxExempt).toBe(false);
    expect(exempt.note).toContain('TX-778899');

    // The merchant adds an exemption of their own in Shopify, with the store's token.
    const added = await merchantGraphql<{
      companyLocationTaxSettingsUpdate: { userErrors: unknown[] };
    }>(
      `mutation MerchantExemption($id: ID!) {
        companyLocationTaxSettingsUpdate(companyLocationId: $id, exemptionsToAssign: [${MERCHANTS}]) {
          companyLocation { id }
          userErrors { field message code }
        }
      }`,
      { id: exempt.id },
    );
    expect(added.companyLocationTaxSettingsUpdate.userErrors).toEqual([]);
    expect(shopifyLocationOf(companyId, locationId)?.taxExemptions.sort()).toEqual([MERCHANTS, TX].sort());

    const cleared = await send(t.app, 'DELETE', exemptionUrl(companyId, locationId), admin);
    expect(cleared.statusCode, cleared.body).toBe(200);
    await reconcileCompanies(t);
    const after = shopifyLocationOf(companyId, locationId)!;
    expect(after.taxExemptions).toEqual([MERCHANTS]);
    expect(after.note).not.toContain('TX-778899');
    const [mapped] = await t.db
      .select()
      .from(shopifyCompanyLocations)
      .where(eq(shopifyCompanyLocations.locationId, locationId));
    expect(mapped).toMatchObject({ shopifyLocationId: exempt.id, taxExemption: null });
  });

  it('no longer applies once its expiry date has passed', async () => {
    const owner = await createCustomer(t.db, { business: { name: 'Expiring Resale Co' } });
    const companyId = owner.company!.id;
    const locationId = owner.location!.id;
    const saved = await send(t.app, 'PUT', exemptionUrl(companyId, locationId), admin, {
      certificateNumber: 'TX-4455',
      state: 'TX',
      expiresOn: daysFromNow(10),
    });
    expect(saved.statusCode, saved.body).toBe(200);
    await reconcileCompanies(t);
    expect(shopifyLocationOf(companyId, locationId)?.taxExemptions).toEqual([TX]);

    // The certificate's last day was yesterday (as the calendar would make it, without any portal write).
    await t.db.execute(
      sql`update company_locations set tax_exempt_expires_on = ${daysFromNow(-1)}::date where id = ${locationId}`,
    );
    await reconcileCompanies(t);
    const expired = shopifyLocationOf(companyId, locationId)!;
    expect(expired.taxExemptions).toEqual([]);
    expect(expired.note).not.toContain('TX-4455');
  });
});

describe('finding what already exists', () => {
  it('adopts a company already in Shopify with its external id instead of making a second one', async () => {
    const owner = await createCustomer(t.db, { business: { name: 'Adopted Co' } });
    const companyId = owner.company!.id;
    const externalId = `portal-company-${companyId}`;
    // An earlier attempt made it and its answer was lost (or the merchant made it by hand).
    const made = await merchantGraphql<{
      companyCreate: { company: { id: string } | null; userErrors: unknown[] };
    }>(
      `mutation EarlierAttempt($input: CompanyCreateInput!) {
        companyCreate(input: $input) {
          company { id }
          userErrors { field message code }
        }
      }`,
      { input: { company: { name: 'Adopted Co (first try)', externalId } } },
    );
    expect(made.companyCreate.userErrors).toEqual([]);
    const existingId = made.companyCreate.company!.id;

    const before = t.fake.control.requests.length;
    await reconcileCompanies(t);
    expect(operationsSince(t, before)).not.toContain('CreateCompany');
    const withId = t.fake.control.companies().filter((company) => company.externalId === externalId);
    expect(withId).toHaveLength(1);
    expect(withId[0]).toMatchObject({ id: existingId, name: 'Adopted Co' });
    expect(withId[0]!.locations.map((location) => location.externalId)).toEqual([
      `portal-location-${owner.location!.id}`,
    ]);
    expect(withId[0]!.contacts.map((contact) => contact.email)).toEqual([owner.email.toLowerCase()]);
    expect(await mappedCompany(companyId)).toMatchObject({ shopifyCompanyId: existingId, syncError: null });
  });

  it('makes a company the merchant deleted again at the next change, and maps the new one', async () => {
    const { owner, cookie, companyId, main } = await companyWithTwoLocations('Deleted Co');
    await reconcileCompanies(t);
    const deleted = shopifyCompanyOf(t, companyId)!;
    t.fake.control.deleteCompany(deleted.id);
    expect(shopifyCompanyOf(t, companyId)).toBeUndefined();

    const added = await send(t.app, 'POST', '/api/company/locations', cookie, {
      ...harbour,
      name: 'Quay annex',
      shippingAddressLine1: '4 Quay St',
    });
    expect(added.statusCode, added.body).toBe(201);
    await reconcileCompanies(t);

    const again = shopifyCompanyOf(t, companyId);
    expect(again?.id).toBeDefined();
    expect(again!.id).not.toBe(deleted.id);
    expect(
      t.fake.control.companies().filter((company) => company.externalId === `portal-company-${companyId}`),
    ).toHaveLength(1);
    expect(again!.locations.map((location) => location.name).sort()).toEqual([
      'Harbour shop',
      'Main location',
      'Quay annex',
    ]);
    const contact = contactOf(companyId, owner.email);
    expect(rolesOf(contact)).toEqual([
      ['Location admin', 'Harbour shop'],
      ['Location admin', 'Main location'],
      ['Location admin', 'Quay annex'],
    ]);
    // The person is still the one customer they were.
    expect(contact?.customerId).toBe(deleted.contacts[0]!.customerId);

    expect(await mappedCompany(companyId)).toMatchObject({ shopifyCompanyId: again!.id, syncError: null });
    const [mainMapping] = await t.db
      .select()
      .from(shopifyCompanyLocations)
      .where(eq(shopifyCompanyLocations.locationId, main));
    expect(mainMapping?.shopifyLocationId).toBe(shopifyLocationOf(companyId, main)?.id);
    const [contactRow] = await t.db
      .select()
      .from(shopifyCompanyContacts)
      .where(eq(shopifyCompanyContacts.userId, owner.id));
    expect(contactRow).toMatchObject({ companyId, shopifyContactId: contact!.id });
  });

  it('makes a person whose e-mail is already a customer a contact as that customer', async () => {
    const email = uniqueEmail('retail-first');
    const customer = t.fake.control.addCustomer({ email, firstName: 'Ada', lastName: 'Retail' });
    const owner = await createCustomer(t.db, { email, business: { name: 'Known Customer Co' } });
    const companyId = owner.company!.id;

    const before = t.fake.control.requests.length;
    await reconcileCompanies(t);
    expect(operationsSince(t, before)).toContain('AssignCustomerAsContact');
    const contact = contactOf(companyId, email);
    expect(contact?.customerId).toBe(customer.id);
    expect(rolesOf(contact)).toEqual([['Location admin', 'Main location']]);
    const withEmail = [...t.fake.store.customers.values()].filter(
      (candidate) => candidate.email?.toLowerCase() === email.toLowerCase(),
    );
    expect(withEmail).toHaveLength(1);
    const [row] = await t.db
      .select()
      .from(shopifyCompanyContacts)
      .where(eq(shopifyCompanyContacts.userId, owner.id));
    expect(row).toMatchObject({ shopifyContactId: contact!.id, shopifyCustomerId: customer.id });
  });
});

describe('roles and drafts', () => {
  it("moves a buyer's role from the location they lost to the one they were given", async () => {
    const { cookie, companyId, main, harbour: harbourId } = await companyWithTwoLocations('Moving Buyer Co');
    const buyer = await createUser(t.db, {
      email: uniqueEmail('moving-buyer'),
      company: { id: companyId, role: 'buyer', locationIds: [main] },
    });
    await reconcileCompanies(t);
    const first = contactOf(companyId, buyer.email)!;
    expect(rolesOf(first)).toEqual([['Ordering only', 'Main location']]);

    const given = await send(t.app, 'PUT', `/api/company/members/${buyer.id}/locations`, cookie, {
      locationIds: [harbourId],
    });
    expect(given.statusCode, given.body).toBe(200);
    const before = t.fake.control.requests.length;
    await reconcileCompanies(t);
    const operations = operationsSince(t, before);
    expect(operations).toContain('RevokeContactRoles');
    expect(operations).toContain('AssignContactRoles');
    const moved = contactOf(companyId, buyer.email)!;
    expect(moved.id).toBe(first.id);
    expect(moved.roles.map((role) => [role.role, role.locationId])).toEqual([
      ['Ordering only', shopifyLocationOf(companyId, harbourId)!.id],
    ]);
  });

  it('makes a draft refused for its company customer-based, in the same attempt, once', async () => {
    const owner = await createCustomer(t.db, { business: { name: 'Revoked Role Co' } });
    const companyId = owner.company!.id;
    await reconcileCompanies(t);
    const contact = contactOf(companyId, owner.email)!;
    expect(contact.roles).toHaveLength(1);
    // The merchant takes the contact's role away in Shopify; the portal does not know.
    const revoked = await merchantGraphql<{ companyContactRevokeRoles: { userErrors: unknown[] } }>(
      `mutation MerchantRevokes($id: ID!) {
        companyContactRevokeRoles(companyContactId: $id, revokeAll: true) {
          revokedRoleAssignmentIds
          userErrors { field message code }
        }
      }`,
      { id: contact.id },
    );
    expect(revoked.companyContactRevokeRoles.userErrors).toEqual([]);
    expect(contactOf(companyId, owner.email)?.roles).toEqual([]);

    const cookie = await signIn(t.app, t.db, owner.email);
    const before = t.fake.control.requests.length;
    const { orderId } = await orderFor(t, cookie);
    await t.runJobs();

    const drafts = draftsOf(orderId);
    expect(drafts).toHaveLength(1);
    expect(drafts[0]).toMatchObject({ purchasingCompany: null, email: 'ada@example.com' });
    const creates = t.fake.control.requests
      .slice(before)
      .filter((request) => request.operationName === 'CreateDraftOrder');
    expect(creates).toHaveLength(2);
    expect(creates[0]!.body).toContain(contact.id);
    expect(creates[1]!.body).not.toContain('purchasingCompany');
    const [job] = (await t.db.select().from(jobs).where(eq(jobs.type, 'shopify.draft-order.create'))).filter(
      (row) => (row.payload as { orderId?: number }).orderId === orderId,
    );
    expect(job).toMatchObject({ state: 'done', attempts: 1 });
    await processWebhooks(t);
  });
});

describe('a store without B2B', () => {
  it('is not asked again for a day, and its companies are made once it has B2B', async () => {
    t.fake.control.setB2bEnabled(false);
    const owner = await createCustomer(t.db, { business: { name: 'Later B2B Co' } });
    const companyId = owner.company!.id;
    let before = t.fake.control.requests.length;
    await reconcileCompanies(t);
    expect(operationsSince(t, before)).toEqual(['ShopB2bEntitlement']);
    expect(shopifyCompanyOf(t, companyId)).toBeUndefined();

    before = t.fake.control.requests.length;
    await reconcileCompanies(t);
    expect(operationsSince(t, before)).toEqual([]);

    // The store gains B2B: still remembered as without it until a day has passed.
    t.fake.control.setB2bEnabled(true);
    before = t.fake.control.requests.length;
    await reconcileCompaniesLater(B2B_RECHECK_MS - 60 * 60_000);
    expect(operationsSince(t, before)).not.toContain('ShopB2bEntitlement');
    expect(shopifyCompanyOf(t, companyId)).toBeUndefined();

    before = t.fake.control.requests.length;
    await reconcileCompaniesLater(B2B_RECHECK_MS + 60 * 60_000);
    expect(operationsSince(t, before).filter((name) => name === 'ShopB2bEntitlement')).toHaveLength(1);
    const company = shopifyCompanyOf(t, companyId);
    expect(company).toMatchObject({ name: 'Later B2B Co' });
    expect(company!.contacts.map((contact) => contact.email)).toEqual([owner.email.toLowerCase()]);
    expect(await mappedCompany(companyId)).toMatchObject({ shopifyCompanyId: company!.id, syncError: null });
  });
});

/*
 * A merge moves the merged company's locations with their Shopify mapping, which still names locations of the
 * merged-away Shopify company. Shopify cannot move a location and keeps external ids unique in the shop: the
 * old location gives its external id up and the location is made again in the surviving company.
 */
describe('what a first review found', () => {
  it("leaves alone an exemption the merchant had given before the portal's certificate, when that is cleared", async () => {
    const owner = await createCustomer(t.db, { business: { name: 'Already Exempt Co' } });
    const companyId = owner.company!.id;
    const locationId = owner.location!.id;
    await reconcileCompanies(t);
    const location = shopifyLocationOf(companyId, locationId)!;
    await merchantGraphql(
      `mutation MerchantExemption($id: ID!) {
        companyLocationTaxSettingsUpdate(companyLocationId: $id, exemptionsToAssign: [US_TX_RESELLER_EXEMPTION]) {
          companyLocation { id }
          userErrors { field message code }
        }
      }`,
      { id: location.id },
    );
    const exemption = `/api/admin/companies/${companyId}/locations/${locationId}/tax-exemption`;
    const saved = await send(t.app, 'PUT', exemption, admin, {
      certificateNumber: 'TX-1',
      state: 'TX',
      expiresOn: daysFromNow(100),
    });
    expect(saved.statusCode, saved.body).toBe(200);
    await reconcileCompanies(t);
    expect((await send(t.app, 'DELETE', exemption, admin)).statusCode).toBe(200);
    await reconcileCompanies(t);
    expect(shopifyLocationOf(companyId, locationId)?.taxExemptions).toEqual(['US_TX_RESELLER_EXEMPTION']);
  });

  it('gives an owner of twelve locations a role at each, and a second check sends no change', async () => {
    const owner = await createCustomer(t.db, { business: { name: 'Twelve Sites Co' } });
    const cookie = await signIn(t.app, t.db, owner.email);
    for (let n = 2; n <= 12; n++) {
      const added = await send(t.app, 'POST', '/api/company/locations', cookie, {
        ...harbour,
        name: `Site ${n}`,
      });
      expect(added.statusCode, added.body).toBe(201);
    }
    await reconcileCompanies(t);
    expect(contactOf(owner.company!.id, owner.email)?.roles).toHaveLength(12);
    await createUser(t.db, { company: { id: owner.company!.id, role: 'buyer' } });
    await reconcileCompanies(t);
    expect(await mappedCompany(owner.company!.id)).toMatchObject({ syncError: null });
    expect(shopifyCompanyOf(t, owner.company!.id)?.contacts).toHaveLength(2);
    const before = t.fake.control.requests.length;
    await reconcileCompanies(t);
    expect(operationsSince(t, before).filter((name) => !/^(Find|Get|List|Shop)/.test(name ?? ''))).toEqual(
      [],
    );
  });

  it('lets one sync of a company run at a time: the other waits, and nothing is refused', async () => {
    const owner = await createCustomer(t.db, { business: { name: 'Busy Co' } });
    await createUser(t.db, { company: { id: owner.company!.id, role: 'buyer' } });
    const deps = { db: t.db, shopify: t.shopify, log: { info() {}, warn() {}, error() {} } };
    const outcomes = await Promise.allSettled([
      syncCompany(deps, owner.company!.id, new Date()),
      syncCompany(deps, owner.company!.id, new Date()),
    ]);
    expect(outcomes.map((outcome) => outcome.status).sort()).toEqual(['fulfilled', 'rejected']);
    const rejected = outcomes.find((outcome) => outcome.status === 'rejected');
    expect((rejected as PromiseRejectedResult).reason).toBeInstanceOf(SyncBusy);
    expect(await mappedCompany(owner.company!.id)).toMatchObject({ syncError: null, syncLeaseUntil: null });
    expect(shopifyCompanyOf(t, owner.company!.id)?.contacts).toHaveLength(2);
  });

  it("removes the contact of a company's last person once they are disabled", async () => {
    const owner = await createCustomer(t.db, { business: { name: 'Closing Co' } });
    await reconcileCompanies(t);
    expect(shopifyCompanyOf(t, owner.company!.id)?.contacts).toHaveLength(1);
    await t.db.execute(sql`update users set status = 'disabled' where id = ${owner.id}`);
    await reconcileCompanies(t);
    expect(shopifyCompanyOf(t, owner.company!.id)?.contacts).toEqual([]);
  });
});

describe('a merge of two companies', () => {
  /** Two companies in Shopify, the second merged into the first by staff. */
  async function mergedCompanies(names: [string, string]) {
    const into = await createCustomer(t.db, { business: { name: names[0] } });
    const from = await createCustomer(t.db, { business: { name: names[1] } });
    await reconcileCompanies(t);
    const oldCompany = shopifyCompanyOf(t, from.company!.id)!;
    expect(oldCompany.contacts.map((contact) => contact.email)).toEqual([from.email.toLowerCase()]);
    const merged = await send(t.app, 'POST', `/api/admin/companies/${into.company!.id}/merge`, admin, {
      fromCompanyId: from.company!.id,
    });
    expect(merged.statusCode, merged.body).toBe(200);
    return { into, from, oldCompany };
  }

  it("releases a moved person's contact from the old Shopify company and makes them one of the surviving one", async () => {
    const { into, from, oldCompany } = await mergedCompanies(['Surviving Co', 'Merged Away Co']);
    await reconcileCompanies(t);

    const old = t.fake.control.companies().find((company) => company.id === oldCompany.id);
    expect(old?.contacts.map((contact) => contact.email) ?? []).not.toContain(from.email.toLowerCase());
    const moved = contactOf(into.company!.id, from.email);
    expect(moved).toBeDefined();
    expect(moved!.customerId).toBe(oldCompany.contacts[0]!.customerId);
    const [row] = await t.db
      .select()
      .from(shopifyCompanyContacts)
      .where(eq(shopifyCompanyContacts.userId, from.id));
    expect(row).toMatchObject({ companyId: into.company!.id, shopifyContactId: moved!.id });
    expect(await mappedCompany(into.company!.id)).toMatchObject({ syncError: null });
  });

  it("still gets the surviving company's next order its draft", async () => {
    const { into } = await mergedCompanies(['Surviving Orders Co', 'Merged Orders Co']);
    const cookie = await signIn(t.app, t.db, into.email);
    const { orderId } = await orderFor(t, cookie);
    for (const laterMs of [0, 60_000, 10 * 60_000]) await t.runJobs({ laterMs });
    expect(draftsOf(orderId)).toHaveLength(1);
  });
});
