import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { idOf } from '../../../../dev/fake-shopify/gid';
import { shopifyCompanies, shopifyCompanyContacts } from '../../db/schema';
import { send } from '../admin-users/admin-test-support';
import { processWebhooks } from '../shopify-events/shopify-events-test-support';
import { signIn, signInAdmin } from '../../test/factories/sign-in';
import { createCustomer, createUser, uniqueEmail } from '../../test/factories/users';
import { createShopifyTestApp, type ShopifyTestApp } from '../../test/shopify-test-app';
import {
  forgetB2bAnswer,
  operationsSince,
  orderFor,
  reconcileCompanies,
  shopifyCompanyOf,
} from './companies-shopify-test-support';

/*
 * Companies as Shopify B2B companies (issue 32 item 7, docs/shopify.md#b2b-companies), against the fake store:
 * an approved company is created with its locations and its ordering people as contacts with their roles,
 * kept equal to the portal by the reconcile job, and its orders' drafts are made for the company location and
 * the contact who placed them. A store without B2B keeps customer-based drafts and is asked nothing more.
 */

let t: ShopifyTestApp;
let admin: string;

beforeAll(async () => {
  // Every request kept: operationsSince reads the store's request log by index.
  t = await createShopifyTestApp({ listen: true, fake: { historyLimit: 100_000 } });
  admin = await signInAdmin(t.app);
});
afterAll(() => t.close());
afterEach(async () => {
  t.fake.control.setB2bEnabled(true);
  t.fake.control.setCompaniesAccessDenied(false);
  await forgetB2bAnswer(t);
});

const harbour = {
  name: 'Harbour shop',
  phone: '(207) 555-0199',
  shippingAddressLine1: '2 Quay St',
  shippingCity: 'Bath',
  shippingState: 'Maine',
  shippingZip: '04530',
};

/** An owner whose company has its main location in Salem and a second one, Harbour shop, in Bath. */
async function companyWithTwoLocations(name = 'Two Sites Co') {
  const owner = await createCustomer(t.db, {
    business: { name, shippingAddress: { line1: '1 Main St', city: 'Salem', state: 'OR', zip: '97301' } },
  });
  const cookie = await signIn(t.app, t.db, owner.email);
  const added = await send(t.app, 'POST', '/api/company/locations', cookie, harbour);
  expect(added.statusCode, added.body).toBe(201);
  return { owner, cookie, main: owner.location!.id, harbour: added.json<{ id: number }>().id };
}

const draftOf = (orderId: number) =>
  [...t.fake.store.draftOrders.values()].find((draft) => draft.tags.includes(`portal-order-${orderId}`));

describe('an approved company in Shopify', () => {
  it('is created with its locations, addresses and owner contact, and a second check sends no change', async () => {
    const { owner, main, harbour: harbourId } = await companyWithTwoLocations();
    await reconcileCompanies(t);

    const company = shopifyCompanyOf(t, owner.company!.id);
    expect(company).toMatchObject({ name: 'Two Sites Co' });
    const byExternalId = new Map(company!.locations.map((location) => [location.externalId, location]));
    expect(byExternalId.get(`portal-location-${main}`)?.shippingAddress).toMatchObject({
      address1: '1 Main St',
      city: 'Salem',
      zoneCode: 'OR',
      countryCode: 'US',
      recipient: 'Two Sites Co',
    });
    expect(byExternalId.get(`portal-location-${harbourId}`)).toMatchObject({
      name: 'Harbour shop',
      phone: '+12075550199',
      shippingAddress: expect.objectContaining({ city: 'Bath', zoneCode: 'ME' }),
    });
    expect(company!.contacts).toHaveLength(1);
    expect(company!.contacts[0]).toMatchObject({ email: owner.email.toLowerCase() });
    expect(company!.contacts[0]!.roles.map((role) => [role.role, role.location]).sort()).toEqual([
      ['Location admin', 'Harbour shop'],
      ['Location admin', 'Main location'],
    ]);
    const [mapped] = await t.db
      .select()
      .from(shopifyCompanies)
      .where(eq(shopifyCompanies.companyId, owner.company!.id));
    expect(mapped).toMatchObject({ shopifyCompanyId: company!.id, syncError: null });

    const before = t.fake.control.requests.length;
    await reconcileCompanies(t);
    expect(operationsSince(t, before).filter((name) => !/^(Find|Get|List|Shop)/.test(name ?? ''))).toEqual(
      [],
    );
  });

  it('gives a buyer "Ordering only" at their locations, and makes their draft for that location and contact', async () => {
    const { owner, harbour: harbourId } = await companyWithTwoLocations('Buyer Co');
    const buyer = await createUser(t.db, {
      email: uniqueEmail('harbour-buyer'),
      company: { id: owner.company!.id, role: 'buyer', locationIds: [harbourId] },
    });
    await reconcileCompanies(t);
    const company = shopifyCompanyOf(t, owner.company!.id)!;
    const contact = company.contacts.find((candidate) => candidate.email === buyer.email.toLowerCase());
    expect(contact?.roles.map((role) => [role.role, role.location])).toEqual([
      ['Ordering only', 'Harbour shop'],
    ]);

    const cookie = await signIn(t.app, t.db, buyer.email);
    const { orderId } = await orderFor(t, cookie, harbourId);
    await t.runJobs();
    const draft = draftOf(orderId);
    const harbourGid = company.locations.find(
      (location) => location.externalId === `portal-location-${harbourId}`,
    )!.id;
    expect(draft?.purchasingCompany).toEqual({
      companyId: idOf(company.id, 'Company'),
      locationId: idOf(harbourGid, 'CompanyLocation'),
      contactId: idOf(contact!.id, 'CompanyContact'),
    });
    expect(draft?.shippingAddress).toMatchObject({ city: 'Bath' });
  });

  it('syncs a company changed since (a new location) before its first draft, without waiting for the job', async () => {
    const { owner, cookie } = await companyWithTwoLocations('Fresh Co');
    const { orderId } = await orderFor(t, cookie);
    await t.runJobs();
    const company = shopifyCompanyOf(t, owner.company!.id);
    expect(company?.locations).toHaveLength(2);
    expect(draftOf(orderId)?.purchasingCompany?.companyId).toBe(idOf(company!.id, 'Company'));
  });

  it('follows the people: a removed buyer leaves the contacts, a viewer has none', async () => {
    const { owner, cookie } = await companyWithTwoLocations('People Co');
    const buyer = await createUser(t.db, { company: { id: owner.company!.id, role: 'buyer' } });
    await createUser(t.db, { company: { id: owner.company!.id, role: 'viewer' } });
    await reconcileCompanies(t);
    expect(shopifyCompanyOf(t, owner.company!.id)?.contacts).toHaveLength(2);

    const removed = await send(t.app, 'DELETE', `/api/company/members/${buyer.id}`, cookie);
    expect(removed.statusCode, removed.body).toBe(200);
    await reconcileCompanies(t);
    const contacts = shopifyCompanyOf(t, owner.company!.id)?.contacts ?? [];
    expect(contacts.map((contact) => contact.email)).toEqual([owner.email.toLowerCase()]);
    expect(
      await t.db.select().from(shopifyCompanyContacts).where(eq(shopifyCompanyContacts.userId, buyer.id)),
    ).toEqual([]);
  });
});

describe('a store without B2B', () => {
  it('keeps customer-based drafts and, once it knows, asks the store nothing about companies', async () => {
    t.fake.control.setB2bEnabled(false);
    const { owner, cookie } = await companyWithTwoLocations('Retail Plan Co');
    await reconcileCompanies(t);
    expect(shopifyCompanyOf(t, owner.company!.id)).toBeUndefined();

    const before = t.fake.control.requests.length;
    const { orderId } = await orderFor(t, cookie);
    await t.runJobs();
    await reconcileCompanies(t);
    expect(operationsSince(t, before)).toEqual(['FindDraftOrderByTag', 'CreateDraftOrder']);
    expect(draftOf(orderId)).toMatchObject({ purchasingCompany: null, email: 'ada@example.com' });
    await processWebhooks(t);
  });
});

describe('a token without the companies scope', () => {
  it('records it for staff and still makes a customer-based draft', async () => {
    t.fake.control.setCompaniesAccessDenied(true);
    const { owner, cookie } = await companyWithTwoLocations('Scope Co');
    const { orderId } = await orderFor(t, cookie);
    await t.runJobs();
    expect(draftOf(orderId)?.purchasingCompany).toBeNull();
    const [mapped] = await t.db
      .select()
      .from(shopifyCompanies)
      .where(eq(shopifyCompanies.companyId, owner.company!.id));
    expect(mapped?.syncError).toMatch(/write_companies/);
    const page = await send(t.app, 'GET', `/api/admin/companies/${owner.company!.id}`, admin);
    expect(page.statusCode).toBe(200);
    expect(page.json<{ shopify: { syncError: string } }>().shopify.syncError).toMatch(/write_companies/);

    // Not tried again every minute while the scope is missing (its record is left as it was); an hour on,
    // once granted, it is synced.
    await reconcileCompanies(t);
    const [untouched] = await t.db
      .select()
      .from(shopifyCompanies)
      .where(eq(shopifyCompanies.companyId, owner.company!.id));
    expect(untouched?.updatedAt).toEqual(mapped?.updatedAt);
    t.fake.control.setCompaniesAccessDenied(false);
    await reconcileCompanies(t, 61 * 60_000);
    expect(shopifyCompanyOf(t, owner.company!.id)?.name).toBe('Scope Co');
    expect(
      (await t.db.select().from(shopifyCompanies).where(eq(shopifyCompanies.companyId, owner.company!.id)))[0]
        ?.syncError,
    ).toBeNull();
  });
});
