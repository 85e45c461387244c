import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DEFAULT_LOCATION_KEPT_MESSAGE,
  LOCATION_NOT_IN_COMPANY_MESSAGE,
  locationsResponseSchema,
  ONLY_BUYERS_HAVE_LOCATIONS_MESSAGE,
} from '../../../shared/schemas/locations';
import { orders } from '../../db/schema';
import { LOCATION_NOT_YOURS_MESSAGE } from '../../../shared/company-roles';
import { send } from '../admin-users/admin-test-support';
import { SESSION_CACHE_TTL_MS } from '../sessions/session-cache';
import { signIn } from '../../test/factories/sign-in';
import { createCustomer, createUser, uniqueEmail } from '../../test/factories/users';
import { mailsTo, tokenFromLink } from '../../test/outbox';
import { get, post, sessionCookie } from '../../test/requests';
import { createTestApp, sameOrigin, type TestApp } from '../../test/test-app';
import { OWNERS_ONLY_TEAM_MESSAGE } from './team-messages';

/**
 * A company's locations (docs/companies.md#locations) and a buyer's share of them
 * (docs/companies.md#buyers-and-locations): an owner manages them, a buyer orders for and sees the orders of
 * the locations given, an order records the location it ships to, and nothing crosses companies.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const harbour = {
  name: 'Harbour shop',
  phone: '555-0199',
  shippingAddressLine1: '2 Quay St',
  shippingCity: 'Bath',
  shippingState: 'ME',
  shippingZip: '04530',
};

async function ownerWithTwoLocations() {
  const owner = await createCustomer(t.db, {
    business: {
      name: 'Two Sites Co',
      shippingAddress: { line1: '1 Main St', city: 'Salem', state: 'OR', zip: '97301' },
    },
  });
  const cookie = await signIn(t.app, t.db, owner.email);
  const added = await send(t.app, 'POST', '/api/company/locations', cookie, harbour);
  expect(added.statusCode, added.body).toBe(201);
  return { owner, cookie, main: owner.location!.id, harbour: added.json<{ id: number }>().id };
}

const locations = async (cookie: string) => {
  const response = await get(t.app, '/api/company/locations', { cookie });
  expect(response.statusCode, response.body).toBe(200);
  return locationsResponseSchema.parse(response.json());
};

const order = (cookie: string, email: string, locationId?: number) =>
  t.app.inject({
    method: 'POST',
    url: '/api/create-draft-order',
    headers: { ...sameOrigin, cookie, 'idempotency-key': randomUUID() },
    payload: {
      customer: { customerName: 'Ada Buyer', customerEmail: email, businessName: 'Two Sites Co' },
      orderItems: [{ productId: 1, quantity: 12 }],
      ...(locationId === undefined ? {} : { locationId }),
    },
  });

describe('an owner manages the locations', () => {
  it('adds, edits, makes default and removes; the default stays; orders keep their address', async () => {
    const { owner, cookie, main, harbour: harbourId } = await ownerWithTwoLocations();
    const listed = await locations(cookie);
    expect(listed.mayManage).toBe(true);
    expect(listed.locations.map((l) => [l.name, l.isDefault])).toEqual([
      ['Main location', true],
      ['Harbour shop', false],
    ]);
    expect(listed.locations[1]).toMatchObject({
      shippingAddress: '2 Quay St\nBath, ME, 04530\nUSA',
      billingAddress: null,
      phone: '555-0199',
    });

    const edited = await send(t.app, 'PUT', `/api/company/locations/${harbourId}`, cookie, {
      ...harbour,
      name: 'Harbour store',
      billingSameAsShipping: false,
      billingAddressLine1: 'PO Box 9',
      billingCity: 'Bath',
      billingState: 'ME',
      billingZip: '04531',
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({ name: 'Harbour store', billingAddressLine1: 'PO Box 9' });
    const noBilling = await send(t.app, 'PUT', `/api/company/locations/${harbourId}`, cookie, {
      ...harbour,
      billingSameAsShipping: false,
    });
    expect(noBilling.statusCode).toBe(400);
    expect(noBilling.body).toContain('Billing street address is required');

    // An order for the harbour, then the harbour becomes the default: GET /api/user shows its address.
    expect((await order(cookie, owner.email, harbourId)).statusCode).toBe(201);
    expect(
      (await send(t.app, 'POST', `/api/company/locations/${harbourId}/default`, cookie)).statusCode,
    ).toBe(200);
    expect((await get(t.app, '/api/user', { cookie })).json()).toMatchObject({ shippingCity: 'Bath' });

    const removeDefault = await send(t.app, 'DELETE', `/api/company/locations/${harbourId}`, cookie);
    expect([removeDefault.statusCode, removeDefault.json().message]).toEqual([
      409,
      DEFAULT_LOCATION_KEPT_MESSAGE,
    ]);
    expect((await send(t.app, 'POST', `/api/company/locations/${main}/default`, cookie)).statusCode).toBe(
      200,
    );
    expect((await send(t.app, 'DELETE', `/api/company/locations/${harbourId}`, cookie)).statusCode).toBe(200);
    expect((await locations(cookie)).locations.map((l) => l.name)).toEqual(['Main location']);
    const [kept] = await t.db.select().from(orders).where(eq(orders.userId, owner.id));
    expect(kept).toMatchObject({ locationId: null, shippingCity: 'Bath' });
  });

  it('refuses buyers, viewers, other companies and bad input', async () => {
    const a = await ownerWithTwoLocations();
    const b = await ownerWithTwoLocations();
    const viewer = await createUser(t.db, { company: { id: a.owner.companyId!, role: 'viewer' } });
    const viewerCookie = await signIn(t.app, t.db, viewer.email);
    expect((await locations(viewerCookie)).locations).toHaveLength(2);
    for (const attempt of [
      await send(t.app, 'POST', '/api/company/locations', viewerCookie, harbour),
      await send(t.app, 'DELETE', `/api/company/locations/${a.harbour}`, viewerCookie),
    ]) {
      expect([attempt.statusCode, attempt.json().message]).toEqual([403, OWNERS_ONLY_TEAM_MESSAGE]);
    }
    const crossing = [
      await send(t.app, 'PUT', `/api/company/locations/${b.harbour}`, a.cookie, harbour),
      await send(t.app, 'DELETE', `/api/company/locations/${b.harbour}`, a.cookie),
      await send(t.app, 'POST', `/api/company/locations/${b.harbour}/default`, a.cookie),
    ];
    expect(crossing.map((r) => r.statusCode)).toEqual([404, 404, 404]);
    expect((await locations(b.cookie)).locations.map((l) => l.name)).toEqual([
      'Main location',
      'Harbour shop',
    ]);

    const unnamed = await send(t.app, 'POST', '/api/company/locations', a.cookie, { ...harbour, name: '  ' });
    expect(unnamed.statusCode).toBe(400);
    expect(unnamed.body).toContain('Location name is required');
  });
});

describe("a buyer's locations", () => {
  it('decide where they order and what they see; a location not theirs is refused and writes nothing', async () => {
    const { owner, cookie, main, harbour: harbourId } = await ownerWithTwoLocations();
    const other = await ownerWithTwoLocations();
    const buyer = await createUser(t.db, {
      company: { id: owner.companyId!, role: 'buyer', locationIds: [harbourId] },
    });
    const buyerCookie = await signIn(t.app, t.db, buyer.email);
    expect((await locations(buyerCookie)).locations.map((l) => l.id)).toEqual([harbourId]);

    const ownersOrder = (await order(cookie, owner.email, main)).json<{ orderId: number }>().orderId;
    const before = (await t.db.select().from(orders)).length;
    for (const locationId of [main, other.harbour]) {
      const refused = await order(buyerCookie, buyer.email, locationId);
      expect([refused.statusCode, refused.json().message]).toEqual([422, LOCATION_NOT_YOURS_MESSAGE]);
    }
    expect((await t.db.select().from(orders)).length).toBe(before);
    const placed = await order(buyerCookie, buyer.email, harbourId);
    expect(placed.statusCode, placed.body).toBe(201);
    const buyersOrder = placed.json<{ orderId: number }>().orderId;
    const [row] = await t.db.select().from(orders).where(eq(orders.id, buyersOrder));
    expect(row).toMatchObject({
      locationId: harbourId,
      shippingAddressLine1: '2 Quay St',
      shippingCity: 'Bath',
    });

    const ids = async (url: string, who: string) =>
      (await get(t.app, url, { cookie: who })).json<{ orders: { id: number }[] }>().orders.map((o) => o.id);
    expect(await ids('/api/orders', buyerCookie)).toEqual([buyersOrder]);
    expect((await get(t.app, `/api/orders/${ownersOrder}`, { cookie: buyerCookie })).statusCode).toBe(404);
    // The owner's history, filtered by location, with each order's location named.
    expect(await ids(`/api/orders?location=${harbourId}`, cookie)).toEqual([buyersOrder]);
    expect(await ids(`/api/orders?location=${main}`, cookie)).toEqual([ownersOrder]);
    const history = (await get(t.app, '/api/orders', { cookie })).json<{ orders: { location: unknown }[] }>();
    expect(history.orders.map((o) => o.location)).toEqual([
      { id: harbourId, name: 'Harbour shop' },
      { id: main, name: 'Main location' },
    ]);

    // Given the main location instead: from the next request on, the buyer orders there and sees its orders.
    const given = await send(t.app, 'PUT', `/api/company/members/${buyer.id}/locations`, cookie, {
      locationIds: [main],
    });
    expect(given.statusCode, given.body).toBe(200);
    // Every instance hears of it through the database's notification (on PostgreSQL a moment later).
    await expect
      .poll(() => ids('/api/orders', buyerCookie), { timeout: SESSION_CACHE_TTL_MS / 5, interval: 20 })
      .toEqual([buyersOrder, ownersOrder]);
    expect((await order(buyerCookie, buyer.email, harbourId)).statusCode).toBe(422);
    // Their own order at the location taken from them still names it.
    const own = (await get(t.app, `/api/orders/${buyersOrder}`, { cookie: buyerCookie })).json<{
      order: { location: unknown };
    }>();
    expect(own.order.location).toEqual({ id: harbourId, name: 'Harbour shop' });
  });

  it("record no location for an order sent with an address of the client's own", async () => {
    const { owner, cookie } = await ownerWithTwoLocations();
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/create-draft-order',
      headers: { ...sameOrigin, cookie, 'idempotency-key': randomUUID() },
      payload: {
        customer: {
          customerName: 'Ada Buyer',
          customerEmail: owner.email,
          businessName: 'Two Sites Co',
          shippingAddressLine1: '77 Elsewhere Rd',
          city: 'Boise',
          state: 'ID',
          zip: '83702',
        },
        orderItems: [{ productId: 1, quantity: 12 }],
      },
    });
    expect(response.statusCode, response.body).toBe(201);
    const [row] = await t.db
      .select()
      .from(orders)
      .where(eq(orders.id, response.json<{ orderId: number }>().orderId));
    expect(row).toMatchObject({ locationId: null, shippingAddressLine1: '77 Elsewhere Rd' });
  });

  it('are given only to buyers, at least one, and only of the own company', async () => {
    const { owner, cookie, harbour: harbourId } = await ownerWithTwoLocations();
    const other = await ownerWithTwoLocations();
    const buyer = await createUser(t.db, { company: { id: owner.companyId!, role: 'buyer' } });
    const viewer = await createUser(t.db, { company: { id: owner.companyId!, role: 'viewer' } });
    const put = (id: number, locationIds: number[]) =>
      send(t.app, 'PUT', `/api/company/members/${id}/locations`, cookie, { locationIds });
    const foreign = await put(buyer.id, [harbourId, other.harbour]);
    expect([foreign.statusCode, foreign.json().message]).toEqual([422, LOCATION_NOT_IN_COMPANY_MESSAGE]);
    const none = await put(buyer.id, []);
    expect(none.statusCode).toBe(400);
    expect(none.body).toContain('Choose at least one location');
    const notBuyer = await put(viewer.id, [harbourId]);
    expect([notBuyer.statusCode, notBuyer.json().message]).toEqual([409, ONLY_BUYERS_HAVE_LOCATIONS_MESSAGE]);
    expect((await put(other.owner.id, [harbourId])).statusCode).toBe(404);
  });

  it('come with the invitation: an invited buyer orders for the locations given', async () => {
    const { cookie, harbour: harbourId } = await ownerWithTwoLocations();
    const other = await ownerWithTwoLocations();
    const email = uniqueEmail('located');
    const foreign = await send(t.app, 'POST', '/api/company/invitations', cookie, {
      email,
      role: 'buyer',
      locationIds: [other.harbour],
    });
    expect([foreign.statusCode, foreign.json().message]).toEqual([422, LOCATION_NOT_IN_COMPANY_MESSAGE]);
    const invited = await send(t.app, 'POST', '/api/company/invitations', cookie, {
      email,
      role: 'buyer',
      locationIds: [harbourId],
    });
    expect(invited.statusCode, invited.body).toBe(201);
    expect(invited.json()).toMatchObject({ locationIds: [harbourId] });
    const token = tokenFromLink((await mailsTo(t.db, email)).at(-1)?.text ?? '', '/invitation');
    const accepted = await post(t.app, '/api/invitations/accept', {
      token,
      firstName: 'Bea',
      lastName: 'Harbour',
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    const buyerCookie = sessionCookie(accepted)!;
    expect((await locations(buyerCookie)).locations.map((l) => l.id)).toEqual([harbourId]);
    const team = (await get(t.app, '/api/company/team', { cookie })).json<{
      members: { email: string; locationIds: number[] }[];
    }>();
    expect(team.members.find((m) => m.email === email)?.locationIds).toEqual([harbourId]);
    const placed = await order(buyerCookie, email);
    expect(placed.statusCode, placed.body).toBe(201);
    const [row] = await t.db
      .select()
      .from(orders)
      .where(eq(orders.id, placed.json<{ orderId: number }>().orderId));
    expect(row?.locationId).toBe(harbourId);
  });
});
