import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { currentUserSchema } from '../../../shared/schemas/auth';
import { companies, companyLocations, orders, supportMessages, users } from '../../db/schema';
import { STAFF_CANNOT_ORDER_MESSAGE, VIEWERS_CANNOT_ORDER_MESSAGE } from '../../../shared/company-roles';
import { createTestApp, sameOrigin, type TestApp } from '../../test/test-app';
import { createCustomer, createUser, registrationRequest, uniqueEmail } from '../../test/factories/users';
import { signIn, signInAdmin } from '../../test/factories/sign-in';
import { get, post } from '../../test/requests';
import { send } from '../admin-users/admin-test-support';
import { BUSINESS_NAME_REQUIRED, OWNERS_ONLY_MESSAGE } from './company-profile';

/**
 * Every customer is a member of one company (docs/companies.md): registration makes the company with its
 * owner, the business name and terms are the company's, orders record it, and staff belong to none.
 */

let t: TestApp;
let adminCookie: string;

beforeAll(async () => {
  t = await createTestApp();
  adminCookie = await signInAdmin(t.app);
});
afterAll(() => t.close());

const personByEmail = async (email: string) =>
  (await t.db.select().from(users).where(eq(users.email, email)))[0];
const companyById = async (id: number | null | undefined) =>
  (
    await t.db
      .select()
      .from(companies)
      .where(eq(companies.id, id ?? 0))
  )[0];
const countCompanies = async () => (await t.db.select({ id: companies.id }).from(companies)).length;

const currentUser = async (cookie: string) => {
  const response = await get(t.app, '/api/user', { cookie });
  expect(response.statusCode, response.body).toBe(200);
  return currentUserSchema.parse(response.json());
};

const editProfile = (cookie: string, id: number, body: Record<string, string>) =>
  t.app.inject({
    method: 'PATCH',
    url: `/api/user/${id}`,
    headers: { ...sameOrigin, cookie },
    payload: body,
  });

const placeOrder = (cookie: string, email: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/create-draft-order',
    headers: { ...sameOrigin, cookie, 'idempotency-key': randomUUID() },
    payload: {
      customer: { customerName: 'Team Member', customerEmail: email, businessName: 'Mist Shop' },
      orderItems: [{ productId: 1, quantity: 12 }],
    },
  });

describe('registration', () => {
  it('makes the business a company, pending with its owner; approval signs the owner into it', async () => {
    const email = uniqueEmail('owner');
    expect(
      (await post(t.app, '/api/register', registrationRequest(email, { businessName: '  Hopper & Co  ' })))
        .statusCode,
    ).toBe(200);
    const person = await personByEmail(email);
    expect(person).toMatchObject({ status: 'pending', companyRole: 'owner' });
    expect(await companyById(person?.companyId)).toMatchObject({
      name: 'Hopper & Co',
      paymentTerms: 'on_approval',
    });

    const approved = await send(t.app, 'POST', `/api/admin/users/${person!.id}/approve`, adminCookie, {
      decision: 'approved',
    });
    expect(approved.statusCode, approved.body).toBe(200);
    const cookie = await signIn(t.app, t.db, email);
    expect(await currentUser(cookie)).toMatchObject({
      businessName: 'Hopper & Co',
      paymentTerms: 'on_approval',
      company: { id: person!.companyId, name: 'Hopper & Co', role: 'owner' },
    });
  });

  it('leaves no company behind for an address that already has an account', async () => {
    const existing = await createUser(t.db);
    const before = await countCompanies();
    expect((await post(t.app, '/api/register', registrationRequest(existing.email))).statusCode).toBe(200);
    expect(await countCompanies()).toBe(before);
  });
});

describe('the business name in My Account', () => {
  it("is the company's: an owner renames it, and every person of the company sees the new name", async () => {
    const owner = await createCustomer(t.db, { business: { name: 'Old Name Shop' } });
    const buyer = await createUser(t.db, { company: { id: owner.companyId!, role: 'buyer' } });
    const ownerCookie = await signIn(t.app, t.db, owner.email);
    const renamed = await editProfile(ownerCookie, owner.id, {
      businessName: ' New Name Shop ',
      phone: '555-7',
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json()).toMatchObject({ businessName: 'New Name Shop', phone: '555-7' });
    expect((await companyById(owner.companyId))?.name).toBe('New Name Shop');

    const buyerCookie = await signIn(t.app, t.db, buyer.email);
    expect(await currentUser(buyerCookie)).toMatchObject({
      businessName: 'New Name Shop',
      company: { role: 'buyer' },
    });
  });

  it('may be sent back unchanged by anyone, renamed only by an owner, and never emptied', async () => {
    const owner = await createCustomer(t.db, { business: { name: 'Kept Name Shop' } });
    const viewer = await createUser(t.db, { company: { id: owner.companyId!, role: 'viewer' } });
    const viewerCookie = await signIn(t.app, t.db, viewer.email);
    const unchanged = await editProfile(viewerCookie, viewer.id, {
      businessName: 'Kept Name Shop',
      firstName: 'Vi',
    });
    expect(unchanged.statusCode, unchanged.body).toBe(200);
    expect(unchanged.json()).toMatchObject({ firstName: 'Vi', businessName: 'Kept Name Shop' });

    const refused = await editProfile(viewerCookie, viewer.id, {
      businessName: 'Taken Over',
      firstName: 'Mal',
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ message: OWNERS_ONLY_MESSAGE });
    // Nothing of a refused edit is kept, the person's own fields included.
    expect((await personByEmail(viewer.email))?.firstName).toBe('Vi');
    expect((await companyById(owner.companyId))?.name).toBe('Kept Name Shop');

    const ownerCookie = await signIn(t.app, t.db, owner.email);
    const emptied = await editProfile(ownerCookie, owner.id, { businessName: '   ' });
    expect(emptied.statusCode).toBe(400);
    expect(emptied.json()).toMatchObject({
      message: BUSINESS_NAME_REQUIRED,
      details: [{ field: 'businessName', message: BUSINESS_NAME_REQUIRED }],
    });
    expect((await companyById(owner.companyId))?.name).toBe('Kept Name Shop');
  });
});

describe("the addresses in My Account are the company's default location", () => {
  const address = {
    shippingAddressLine1: '5 Dock St',
    shippingAddressLine2: '',
    shippingCity: 'Bath',
    shippingState: 'ME',
    shippingZip: '04530',
    shippingCountry: 'USA',
  };

  it('which an owner edits for the whole company; a buyer sees it and may send it back unchanged', async () => {
    const owner = await createUser(t.db);
    const buyer = await createUser(t.db, { company: { id: owner.companyId!, role: 'buyer' } });
    const ownerCookie = await signIn(t.app, t.db, owner.email);
    const edited = await editProfile(ownerCookie, owner.id, address);
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({
      shippingAddress: '5 Dock St, Bath, ME 04530',
      shippingAddressLine1: '5 Dock St',
      shippingAddressLine2: null,
      shippingCity: 'Bath',
    });
    const [location] = await t.db
      .select()
      .from(companyLocations)
      .where(eq(companyLocations.companyId, owner.companyId!));
    expect(location).toMatchObject({ isDefault: true, shippingCity: 'Bath', shippingZip: '04530' });

    const buyerCookie = await signIn(t.app, t.db, buyer.email);
    expect(await currentUser(buyerCookie)).toMatchObject({ shippingCity: 'Bath', shippingZip: '04530' });
    const resent = await editProfile(buyerCookie, buyer.id, { ...address, lastName: 'Buys' });
    expect(resent.statusCode, resent.body).toBe(200);
    expect(resent.json()).toMatchObject({ lastName: 'Buys', shippingCity: 'Bath' });

    const moved = await editProfile(buyerCookie, buyer.id, { ...address, shippingCity: 'Elsewhere' });
    expect(moved.statusCode).toBe(403);
    expect(moved.json()).toMatchObject({ message: OWNERS_ONLY_MESSAGE });
    expect(await currentUser(ownerCookie)).toMatchObject({ shippingCity: 'Bath' });
  });

  it('are where an order ships when the order names no address', async () => {
    const owner = await createCustomer(t.db, {
      business: { shippingAddress: { line1: '7 Pier Rd', city: 'Rockland', state: 'ME', zip: '04841' } },
    });
    const buyer = await createUser(t.db, { company: { id: owner.companyId!, role: 'buyer' } });
    const cookie = await signIn(t.app, t.db, buyer.email);
    const response = await placeOrder(cookie, buyer.email);
    expect(response.statusCode, response.body).toBe(201);
    const [order] = await t.db.select().from(orders).where(eq(orders.userId, buyer.id));
    expect(order).toMatchObject({ shippingAddressLine1: '7 Pier Rd', shippingCity: 'Rockland' });
  });
});

describe("the company's orders", () => {
  it("are seen by owners and viewers; a buyer sees their own and their locations'; another company sees none", async () => {
    const owner = await createUser(t.db);
    const ownerCookie = await signIn(t.app, t.db, owner.email);
    const added = await t.app.inject({
      method: 'POST',
      url: '/api/company/locations',
      headers: { ...sameOrigin, cookie: ownerCookie },
      payload: {
        name: 'Harbour shop',
        shippingAddressLine1: '2 Quay St',
        shippingCity: 'Bath',
        shippingState: 'ME',
        shippingZip: '04530',
      },
    });
    expect(added.statusCode, added.body).toBe(201);
    const harbour = added.json<{ id: number }>().id;
    const buyer = await createUser(t.db, {
      company: { id: owner.companyId!, role: 'buyer', locationIds: [harbour] },
    });
    const otherBuyer = await createUser(t.db, {
      company: { id: owner.companyId!, role: 'buyer', locationIds: [harbour] },
    });
    const viewer = await createUser(t.db, { company: { id: owner.companyId!, role: 'viewer' } });
    const stranger = await createUser(t.db);
    const cookies = {
      owner: ownerCookie,
      buyer: await signIn(t.app, t.db, buyer.email),
      otherBuyer: await signIn(t.app, t.db, otherBuyer.email),
      viewer: await signIn(t.app, t.db, viewer.email),
      stranger: await signIn(t.app, t.db, stranger.email),
    };
    const ownersOrder = (await placeOrder(cookies.owner, owner.email)).json<{ orderId: number }>().orderId;
    const buyersOrder = (await placeOrder(cookies.buyer, buyer.email)).json<{ orderId: number }>().orderId;
    // The buyer's only location is where their order went.
    const [placed] = await t.db.select().from(orders).where(eq(orders.id, buyersOrder));
    expect(placed).toMatchObject({ locationId: harbour, shippingCity: 'Bath' });

    const listed = async (cookie: string) =>
      (await get(t.app, '/api/orders', { cookie }))
        .json<{ orders: { id: number }[] }>()
        .orders.map((o) => o.id);
    expect(await listed(cookies.owner)).toEqual([buyersOrder, ownersOrder]);
    expect(await listed(cookies.viewer)).toEqual([buyersOrder, ownersOrder]);
    expect(await listed(cookies.buyer)).toEqual([buyersOrder]);
    // Another buyer of the same location sees that location's orders, not the owner's at the default.
    expect(await listed(cookies.otherBuyer)).toEqual([buyersOrder]);
    expect(await listed(cookies.stranger)).toEqual([]);
    // Who placed each order, for the company's people to tell them apart.
    const ownersView = (await get(t.app, '/api/orders', { cookie: cookies.owner })).json<{
      orders: { id: number; placedBy: unknown }[];
    }>();
    expect(ownersView.orders.map((order) => order.placedBy)).toEqual([
      { id: buyer.id, name: 'Ada Buyer' },
      { id: owner.id, name: 'Ada Buyer' },
    ]);
    const detail = await get(t.app, `/api/orders/${buyersOrder}`, { cookie: cookies.viewer });
    expect(detail.json()).toMatchObject({ order: { placedBy: { id: buyer.id, name: 'Ada Buyer' } } });

    const status = async (cookie: string, url: string) => (await get(t.app, url, { cookie })).statusCode;
    for (const url of [`/api/orders/${buyersOrder}`, `/api/orders/${buyersOrder}/pdf`]) {
      expect(await status(cookies.owner, url)).toBe(200);
      expect(await status(cookies.viewer, url)).toBe(200);
      expect(await status(cookies.stranger, url)).toBe(404);
    }
    expect(await status(cookies.buyer, `/api/orders/${ownersOrder}`)).toBe(404);
    expect(await status(cookies.buyer, `/api/orders/${ownersOrder}/pdf`)).toBe(404);
    // The owner reorders the buyer's order.
    const reorder = await post(t.app, `/api/orders/${buyersOrder}/reorder`, undefined, {
      cookie: cookies.owner,
    });
    expect(reorder.statusCode, reorder.body).toBe(200);
  });

  it('cannot be placed or reordered by a viewer, who is told why', async () => {
    const owner = await createUser(t.db);
    const viewer = await createUser(t.db, { company: { id: owner.companyId!, role: 'viewer' } });
    const ownerCookie = await signIn(t.app, t.db, owner.email);
    const orderId = (await placeOrder(ownerCookie, owner.email)).json<{ orderId: number }>().orderId;
    const viewerCookie = await signIn(t.app, t.db, viewer.email);

    const placed = await placeOrder(viewerCookie, viewer.email);
    expect(placed.statusCode).toBe(403);
    expect(placed.json()).toMatchObject({ message: VIEWERS_CANNOT_ORDER_MESSAGE });
    expect(await t.db.select().from(orders).where(eq(orders.userId, viewer.id))).toEqual([]);
    const reorder = await post(t.app, `/api/orders/${orderId}/reorder`, undefined, { cookie: viewerCookie });
    expect(reorder.statusCode).toBe(403);
    expect(reorder.json()).toMatchObject({ message: VIEWERS_CANNOT_ORDER_MESSAGE });
  });

  it('cannot be placed by staff, who belong to no company', async () => {
    const placed = await placeOrder(adminCookie, 'admin@example.com');
    expect(placed.statusCode).toBe(403);
    expect(placed.json()).toMatchObject({ message: STAFF_CANNOT_ORDER_MESSAGE });
  });

  it('can be reported by any member who sees them, and by no one else', async () => {
    const owner = await createUser(t.db);
    const buyer = await createUser(t.db, { company: { id: owner.companyId!, role: 'buyer' } });
    const buyerCookie = await signIn(t.app, t.db, buyer.email);
    const orderId = (await placeOrder(buyerCookie, buyer.email)).json<{ orderId: number }>().orderId;
    const report = (cookie: string) =>
      post(
        t.app,
        '/api/support/contact',
        {
          subject: 'damaged-items',
          message: 'A case arrived damaged.',
          priority: 'medium',
          specificOrderId: orderId,
        },
        { cookie },
      );
    const byOwner = await report(await signIn(t.app, t.db, owner.email));
    expect(byOwner.statusCode, byOwner.body).toBe(201);
    const stranger = await createUser(t.db);
    const byStranger = await report(await signIn(t.app, t.db, stranger.email));
    expect(byStranger.statusCode, byStranger.body).toBe(201);
    const stored = await t.db
      .select()
      .from(supportMessages)
      .where(eq(supportMessages.specificOrderId, orderId));
    // The owner's message carries the order; the stranger's names none.
    expect(stored.map((message) => message.userId)).toEqual([owner.id]);
  });

  it('record the company of the person who placed them', async () => {
    const owner = await createUser(t.db);
    const buyer = await createUser(t.db, { company: { id: owner.companyId!, role: 'buyer' } });
    const cookie = await signIn(t.app, t.db, buyer.email);
    const response = await placeOrder(cookie, buyer.email);
    expect(response.statusCode, response.body).toBe(201);
    const [order] = await t.db.select().from(orders).where(eq(orders.userId, buyer.id));
    expect(order).toMatchObject({ userId: buyer.id, companyId: owner.companyId });
  });
});

describe('staff', () => {
  const createAccount = (role: 'customer' | 'admin', businessName: string) => {
    const email = uniqueEmail(role);
    return send(t.app, 'POST', '/api/admin/users', adminCookie, {
      username: email,
      email,
      password: 'Created-Pass-19',
      firstName: 'Cam',
      lastName: 'Created',
      businessName,
      role,
    });
  };

  it('create a customer as the owner of a company of their own, and an administrator in none', async () => {
    const customer = await createAccount('customer', 'Staff Made Shop');
    expect(customer.statusCode, customer.body).toBe(201);
    expect(customer.json()).toMatchObject({
      user: { businessName: 'Staff Made Shop', paymentTerms: 'on_approval' },
    });
    const person = await personByEmail(customer.json<{ user: { email: string } }>().user.email);
    expect(person?.companyRole).toBe('owner');
    expect((await companyById(person?.companyId))?.name).toBe('Staff Made Shop');

    // The form asks every account for a business name; staff have no company to give it to.
    const before = await countCompanies();
    const admin = await createAccount('admin', 'Brand Head Office');
    expect(admin.statusCode, admin.body).toBe(201);
    expect(await countCompanies()).toBe(before);
    expect(await personByEmail(admin.json<{ user: { email: string } }>().user.email)).toMatchObject({
      companyId: null,
      companyRole: null,
    });
  });

  it('take a customer who becomes an administrator out of their company, and give one back', async () => {
    const customer = await createCustomer(t.db, { business: { name: 'Leaving Shop' } });
    const promoted = await send(t.app, 'PATCH', `/api/admin/users/${customer.id}/role`, adminCookie, {
      role: 'admin',
    });
    expect(promoted.statusCode, promoted.body).toBe(200);
    expect(promoted.json()).toMatchObject({ user: { role: 'admin', businessName: null } });
    expect(await personByEmail(customer.email)).toMatchObject({ companyId: null, companyRole: null });
    // The company stays, with its orders.
    expect((await companyById(customer.companyId))?.name).toBe('Leaving Shop');

    const demoted = await send(t.app, 'PATCH', `/api/admin/users/${customer.id}/role`, adminCookie, {
      role: 'customer',
    });
    expect(demoted.statusCode, demoted.body).toBe(200);
    const person = await personByEmail(customer.email);
    expect(person?.companyRole).toBe('owner');
    expect(person?.companyId).not.toBe(customer.companyId);
    expect((await companyById(person?.companyId))?.name).toBe('Ada Buyer');
    expect(demoted.json()).toMatchObject({ user: { businessName: 'Ada Buyer' } });
  });
});
