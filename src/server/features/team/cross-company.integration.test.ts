import { randomUUID } from 'node:crypto';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CompanyRole } from '../../../shared/company-roles';
import { companyInvitations, companyLocations, memberLocations, orders, users } from '../../db/schema';
import { send } from '../admin-users/admin-test-support';
import { signIn } from '../../test/factories/sign-in';
import { createCustomer, createUser, uniqueEmail } from '../../test/factories/users';
import { routesOf, type RouteEntry } from '../../test/route-table';
import { sameOrigin, createTestApp, type TestApp } from '../../test/test-app';

/**
 * Every customer route that names an object (an order, a person, an invitation, a location, an account), tried
 * by each role of one company on the objects of another (docs/security.md#access-control): never a success,
 * and nothing of the other company changes. The route table is walked, so a new route of that kind must be
 * added here to pass.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** The routes with a path parameter that are not staff's (/api/admin) and not public by design. */
const PUBLIC_BY_DESIGN = [
  '/api/products/:id',
  '/api/products/:id/price',
  '/api/policies/:kind',
  '/api/validate-reset-token/:token',
];

/** What each route is tried with: the other company's object in the path, and a body it would accept. */
function attackOf(route: RouteEntry, theirs: Theirs): { url: string; body?: unknown } {
  const key = `${route.method} ${route.url}`;
  const plans: Record<string, { url: string; body?: unknown }> = {
    'GET /api/orders/:id': { url: `/api/orders/${theirs.orderId}` },
    'GET /api/orders/:id/pdf': { url: `/api/orders/${theirs.orderId}/pdf` },
    'POST /api/orders/:id/reorder': { url: `/api/orders/${theirs.orderId}/reorder`, body: {} },
    'POST /api/orders/:id/cancel': { url: `/api/orders/${theirs.orderId}/cancel`, body: { version: 1 } },
    'POST /api/orders/:id/confirm': { url: `/api/orders/${theirs.orderId}/confirm`, body: { version: 1 } },
    'POST /api/orders/:id/decline': {
      url: `/api/orders/${theirs.orderId}/decline`,
      body: { version: 1, reason: 'Mallory' },
    },
    'PUT /api/orders/:id/items': {
      url: `/api/orders/${theirs.orderId}/items`,
      body: { version: 1, items: [{ productId: 1, quantity: 24 }] },
    },
    'PATCH /api/user/:id': { url: `/api/user/${theirs.buyerId}`, body: { firstName: 'Mallory' } },
    'POST /api/company/invitations/:id/resend': {
      url: `/api/company/invitations/${theirs.invitationId}/resend`,
    },
    'DELETE /api/company/invitations/:id': { url: `/api/company/invitations/${theirs.invitationId}` },
    'PATCH /api/company/members/:id': {
      url: `/api/company/members/${theirs.buyerId}`,
      body: { role: 'viewer' },
    },
    'DELETE /api/company/members/:id': { url: `/api/company/members/${theirs.buyerId}` },
    'PUT /api/company/members/:id/locations': {
      url: `/api/company/members/${theirs.buyerId}/locations`,
      body: { locationIds: [theirs.locationId] },
    },
    'PUT /api/company/locations/:id': {
      url: `/api/company/locations/${theirs.locationId}`,
      body: {
        name: 'Taken',
        shippingAddressLine1: '1 X St',
        shippingCity: 'X',
        shippingState: 'XX',
        shippingZip: '1',
      },
    },
    'DELETE /api/company/locations/:id': { url: `/api/company/locations/${theirs.locationId}` },
    'POST /api/company/locations/:id/default': { url: `/api/company/locations/${theirs.locationId}/default` },
  };
  const plan = plans[key];
  if (!plan) throw new Error(`No cross-company attempt for ${key}: add one here`);
  return plan;
}

interface Theirs {
  companyId: number;
  orderId: number;
  buyerId: number;
  invitationId: number;
  locationId: number;
}

/** Everything of company B the attempts could touch, as text, to compare before and after. */
async function snapshotOf(theirs: Theirs) {
  const rows = await Promise.all([
    t.db.select().from(users).where(eq(users.companyId, theirs.companyId)).orderBy(asc(users.id)),
    t.db.select().from(companyLocations).where(eq(companyLocations.companyId, theirs.companyId)),
    t.db.select().from(companyInvitations).where(eq(companyInvitations.companyId, theirs.companyId)),
    t.db.select().from(memberLocations).where(eq(memberLocations.userId, theirs.buyerId)),
    t.db.select().from(orders).where(eq(orders.companyId, theirs.companyId)),
  ]);
  return JSON.stringify(rows);
}

async function companyB(): Promise<Theirs> {
  const owner = await createCustomer(t.db, { business: { name: 'Company B' } });
  const cookie = await signIn(t.app, t.db, owner.email);
  const added = await send(t.app, 'POST', '/api/company/locations', cookie, {
    name: 'B harbour',
    shippingAddressLine1: '2 Quay St',
    shippingCity: 'Bath',
    shippingState: 'ME',
    shippingZip: '04530',
  });
  const locationId = added.json<{ id: number }>().id;
  const buyer = await createUser(t.db, {
    company: { id: owner.companyId!, role: 'buyer', locationIds: [locationId] },
  });
  const invitation = await send(t.app, 'POST', '/api/company/invitations', cookie, {
    email: uniqueEmail('b-invite'),
    role: 'viewer',
  });
  const placed = await t.app.inject({
    method: 'POST',
    url: '/api/create-draft-order',
    headers: { ...sameOrigin, cookie, 'idempotency-key': randomUUID() },
    payload: {
      customer: { customerName: 'B Owner', customerEmail: owner.email, businessName: 'Company B' },
      orderItems: [{ productId: 1, quantity: 12 }],
    },
  });
  return {
    companyId: owner.companyId!,
    orderId: placed.json<{ orderId: number }>().orderId,
    buyerId: buyer.id,
    invitationId: invitation.json<{ id: number }>().id,
    locationId,
  };
}

describe('every customer route that names an object, across two companies', () => {
  it.each<CompanyRole>(['owner', 'buyer', 'viewer'])(
    "gives the %s of company A nothing of company B's, and changes nothing there",
    async (role) => {
      const theirs = await companyB();
      const aOwner = await createCustomer(t.db, { business: { name: 'Company A' } });
      const person =
        role === 'owner' ? aOwner : await createUser(t.db, { company: { id: aOwner.companyId!, role } });
      const cookie = await signIn(t.app, t.db, person.email);
      const routes = routesOf(t.app, '/api/').filter(
        (route) =>
          route.url.includes(':') &&
          !route.url.startsWith('/api/admin') &&
          !PUBLIC_BY_DESIGN.includes(route.url),
      );
      expect(routes.length).toBeGreaterThanOrEqual(12);
      const before = await snapshotOf(theirs);
      for (const route of routes) {
        const { url, body } = attackOf(route, theirs);
        const response = await send(t.app, route.method as 'GET', url, cookie, body);
        expect([403, 404], `${route.method} ${url} as a ${role}: ${response.body}`).toContain(
          response.statusCode,
        );
      }
      expect(await snapshotOf(theirs)).toBe(before);
    },
  );
});
