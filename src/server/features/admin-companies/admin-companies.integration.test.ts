import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN_COMPANIES_CONFLICTS,
  ADMIN_COMPANIES_MESSAGES,
  COMPANY_NOT_FOUND,
  LAST_OWNER_MESSAGE,
  adminCompanyDetailSchema,
  adminCompanyListResponseSchema,
  mergeCompanyResponseSchema,
} from '../../../shared/schemas/admin-companies';
import { adminOrderListResponseSchema } from '../../../shared/schemas/admin-orders';
import { adminUserListSchema } from '../../../shared/schemas/admin-users';
import { companies, companyInvitations, companyLocations, supportMessages, users } from '../../db/schema';
import { SESSION_CACHE_TTL_MS } from '../sessions/session-cache';
import { auditRowsOf } from '../../test/factories/audit';
import { readOrder, storeOrder, uniqueTag } from '../../test/factories/orders';
import { signIn, signInAdmin } from '../../test/factories/sign-in';
import { createAdmin, createCustomer, uniqueEmail } from '../../test/factories/users';
import { createTestApp, type TestApp } from '../../test/test-app';
import { send } from '../admin-users/admin-test-support';

let t: TestApp;
let cookie: string;

beforeAll(async () => {
  t = await createTestApp();
  cookie = await signInAdmin(t.app);
});
afterAll(() => t.close());

/** An owner of a new company named `name` (unique per test), with `others` joining it with their roles. */
async function companyWith(name: string, others: Array<'owner' | 'buyer' | 'viewer'> = []) {
  const owner = await createCustomer(t.db, { business: { name } });
  const companyId = owner.companyId!;
  const members = [];
  for (const role of others) {
    members.push(await createCustomer(t.db, { company: { id: companyId, role } }));
  }
  return { companyId, owner, members };
}

const memberRow = async (id: number) => (await t.db.select().from(users).where(eq(users.id, id)))[0]!;

const detailOf = async (id: number) => {
  const response = await send(t.app, 'GET', `/api/admin/companies/${id}`, cookie);
  expect(response.statusCode).toBe(200);
  return adminCompanyDetailSchema.parse(response.json());
};

const changeRole = (companyId: number, userId: number, role: unknown, as = cookie) =>
  send(t.app, 'PATCH', `/api/admin/companies/${companyId}/members/${userId}`, as, { role });

describe('GET /api/admin/companies', () => {
  it('finds companies by name or by a member’s e-mail or name, with their counts', async () => {
    const tag = uniqueTag();
    const { companyId, owner } = await companyWith(`Shop ${tag}`, ['buyer']);
    await storeOrder(t.db, { userId: owner.id });
    await storeOrder(t.db, { userId: owner.id });

    const byName = await send(t.app, 'GET', `/api/admin/companies?search=${tag}`, cookie);
    expect(byName.statusCode).toBe(200);
    const list = adminCompanyListResponseSchema.parse(byName.json());
    expect(list.total).toBe(1);
    expect(list.companies).toEqual([
      expect.objectContaining({
        id: companyId,
        name: `Shop ${tag}`,
        paymentTerms: 'on_approval',
        peopleCount: 2,
        locationCount: 1,
        orderCount: 2,
      }),
    ]);

    const byEmail = adminCompanyListResponseSchema.parse(
      (
        await send(t.app, 'GET', `/api/admin/companies?search=${encodeURIComponent(owner.email)}`, cookie)
      ).json(),
    );
    expect(byEmail.companies.map((row) => row.id)).toEqual([companyId]);

    const named = await createCustomer(t.db, {
      business: { name: 'Plain Shop', contact: { firstName: `Zed${tag}`, lastName: 'Quill' } },
    });
    const byPersonName = adminCompanyListResponseSchema.parse(
      (await send(t.app, 'GET', `/api/admin/companies?search=zed${tag}%20quill`, cookie)).json(),
    );
    expect(byPersonName.companies.map((row) => row.id)).toEqual([named.companyId]);
  });

  it('pages the list, newest first', async () => {
    const tag = uniqueTag();
    const first = await companyWith(`Paged ${tag} one`);
    const second = await companyWith(`Paged ${tag} two`);
    const third = await companyWith(`Paged ${tag} three`);
    const page = (n: number) =>
      send(t.app, 'GET', `/api/admin/companies?search=${tag}&limit=2&page=${n}`, cookie);

    const one = adminCompanyListResponseSchema.parse((await page(1)).json());
    expect(one).toMatchObject({ total: 3, totalPages: 2, page: 1, limit: 2 });
    expect(one.companies.map((row) => row.id)).toEqual([third.companyId, second.companyId]);
    const two = adminCompanyListResponseSchema.parse((await page(2)).json());
    expect(two.companies.map((row) => row.id)).toEqual([first.companyId]);
  });

  it('takes a % literally, and refuses a malformed query', async () => {
    const list = adminCompanyListResponseSchema.parse(
      (await send(t.app, 'GET', `/api/admin/companies?search=${encodeURIComponent('%%%')}`, cookie)).json(),
    );
    expect(list.total).toBe(0);
    const bad = await send(t.app, 'GET', '/api/admin/companies?page=0', cookie);
    expect(bad.statusCode).toBe(400);
    expect(bad.body).not.toMatch(/at .*\.ts/);
  });
});

describe('GET /api/admin/companies/:id', () => {
  it('shows the company with its locations, people, orders, support messages and audit trail', async () => {
    const tag = uniqueTag();
    const { companyId, owner, members } = await companyWith(`Page ${tag}`, ['viewer']);
    const viewer = members[0]!;
    const order = await storeOrder(t.db, { userId: owner.id, orderTotal: 12_345 });
    await t.db.insert(supportMessages).values({
      userId: viewer.id,
      subject: 'Payment question',
      priority: 'low',
      message: 'When is our invoice due, please?',
      userInfo: { name: 'Viewer', email: viewer.email },
    });
    expect((await changeRole(companyId, viewer.id, 'buyer')).statusCode).toBe(200);

    const detail = await detailOf(companyId);
    expect(detail.company).toMatchObject({ id: companyId, name: `Page ${tag}`, paymentTerms: 'on_approval' });
    expect(detail.locations).toEqual([expect.objectContaining({ name: 'Main location', isDefault: true })]);
    expect(detail.people).toEqual([
      expect.objectContaining({ id: owner.id, email: owner.email, companyRole: 'owner', status: 'approved' }),
      expect.objectContaining({ id: viewer.id, companyRole: 'buyer' }),
    ]);
    expect(detail.orderCount).toBe(1);
    expect(detail.recentOrders).toEqual([
      expect.objectContaining({
        id: order.id,
        orderTotal: '123.45',
        status: 'pending',
        placedBy: { id: owner.id, name: 'Ada Buyer' },
      }),
    ]);
    expect(detail.supportMessages).toEqual([
      expect.objectContaining({ subject: 'Payment question', from: { id: viewer.id, name: 'Ada Buyer' } }),
    ]);
    expect(detail.audit).toEqual([
      expect.objectContaining({
        action: 'user.company-role',
        entityId: String(viewer.id),
        actor: expect.any(String),
        before: { companyId, companyRole: 'viewer' },
        after: { companyId, companyRole: 'buyer' },
      }),
    ]);
  });

  it('answers 404 for an unknown company', async () => {
    const response = await send(t.app, 'GET', '/api/admin/companies/2147483000', cookie);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ code: 'NOT_FOUND', message: COMPANY_NOT_FOUND });
  });
});

describe('PATCH /api/admin/companies/:id/members/:userId', () => {
  it('changes a member’s role, audited, and the member’s next request sees it at once', async () => {
    const { companyId, members } = await companyWith(`Roles ${uniqueTag()}`, ['viewer']);
    const viewer = members[0]!;
    const memberCookie = await signIn(t.app, t.db, viewer.email);
    const roleSeen = async () =>
      (await send(t.app, 'GET', '/api/user', memberCookie)).json<{ company: { role: string } }>().company
        .role;
    expect(await roleSeen()).toBe('viewer');
    expect(await roleSeen()).toBe('viewer');

    const response = await changeRole(companyId, viewer.id, 'buyer');
    expect(response.statusCode).toBe(200);
    expect((await memberRow(viewer.id)).companyRole).toBe('buyer');
    // Well within the session cache's lifetime: only the database's notification explains it.
    await expect.poll(roleSeen, { timeout: SESSION_CACHE_TTL_MS / 5, interval: 20 }).toBe('buyer');
    const audit = await auditRowsOf(t.db, { entityType: 'user', entityId: viewer.id });
    expect(audit.map((row) => row.action)).toEqual(['user.company-role']);
  });

  it('refuses to demote the last owner, and lets an owner go once another is made', async () => {
    const { companyId, owner, members } = await companyWith(`Owners ${uniqueTag()}`, ['buyer']);
    const refused = await changeRole(companyId, owner.id, 'viewer');
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ message: LAST_OWNER_MESSAGE });
    expect((await memberRow(owner.id)).companyRole).toBe('owner');

    expect((await changeRole(companyId, members[0]!.id, 'owner')).statusCode).toBe(200);
    expect((await changeRole(companyId, owner.id, 'viewer')).statusCode).toBe(200);
    expect((await memberRow(owner.id)).companyRole).toBe('viewer');
  });

  it('of two owners demoted at the same moment, one stays owner', async () => {
    const { companyId, owner, members } = await companyWith(`Race ${uniqueTag()}`, ['owner', 'buyer']);
    const answers = await Promise.all([
      changeRole(companyId, owner.id, 'buyer'),
      changeRole(companyId, members[0]!.id, 'viewer'),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    const roles = await Promise.all(
      [owner.id, members[0]!.id].map(async (id) => (await memberRow(id)).companyRole),
    );
    expect(roles.filter((role) => role === 'owner')).toHaveLength(1);
  });

  it('refuses a role outside the list with a message, and someone who is not a member with 404', async () => {
    const { companyId, owner } = await companyWith(`Bad role ${uniqueTag()}`);
    const bad = await changeRole(companyId, owner.id, 'admin');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ message: ADMIN_COMPANIES_MESSAGES.roleOutsideList });

    const stranger = await createCustomer(t.db);
    expect((await changeRole(companyId, stranger.id, 'buyer')).statusCode).toBe(404);
    expect((await changeRole(2147483000, owner.id, 'buyer')).json()).toMatchObject({
      message: COMPANY_NOT_FOUND,
    });
  });
});

describe('POST /api/admin/companies/:id/members', () => {
  const add = (companyId: number, body: unknown) =>
    send(t.app, 'POST', `/api/admin/companies/${companyId}/members`, cookie, body);

  it('moves a customer into the company with a role; their old company stays with its orders', async () => {
    const target = await companyWith(`Target ${uniqueTag()}`);
    const single = await companyWith(`Alone ${uniqueTag()}`);
    const order = await storeOrder(t.db, { userId: single.owner.id });
    const moverCookie = await signIn(t.app, t.db, single.owner.email);
    const companySeen = async () =>
      (await send(t.app, 'GET', '/api/user', moverCookie)).json<{ company: { id: number; role: string } }>()
        .company;
    expect((await companySeen()).id).toBe(single.companyId);

    const response = await add(target.companyId, { userId: single.owner.id, role: 'buyer' });
    expect(response.statusCode).toBe(200);
    // Their session learns of it at once, through the users row's notification (migration 0005).
    await expect
      .poll(companySeen, { timeout: SESSION_CACHE_TTL_MS / 5, interval: 20 })
      .toEqual(expect.objectContaining({ id: target.companyId, role: 'buyer' }));
    expect(await memberRow(single.owner.id)).toMatchObject({
      companyId: target.companyId,
      companyRole: 'buyer',
    });
    const [old] = await t.db.select().from(companies).where(eq(companies.id, single.companyId));
    expect(old).toBeDefined();
    expect((await readOrder(t.db, order.id)).companyId).toBe(single.companyId);
    const [entry] = await auditRowsOf(t.db, { entityType: 'user', entityId: single.owner.id });
    expect(entry).toMatchObject({
      action: 'user.company-move',
      before: { companyId: single.companyId, companyRole: 'owner' },
      after: { companyId: target.companyId, companyRole: 'buyer' },
    });
    // The old company's page still shows who left it.
    expect((await detailOf(single.companyId)).audit.map((row) => row.action)).toEqual(['user.company-move']);
  });

  it('refuses to take the last owner from a company others remain in', async () => {
    const target = await companyWith(`Target ${uniqueTag()}`);
    const team = await companyWith(`Team ${uniqueTag()}`, ['buyer']);
    const refused = await add(target.companyId, { userId: team.owner.id, role: 'owner' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ message: LAST_OWNER_MESSAGE });
    expect((await memberRow(team.owner.id)).companyId).toBe(team.companyId);
  });

  it('refuses staff, members already there, unknown ids and roles outside the list', async () => {
    const target = await companyWith(`Target ${uniqueTag()}`);
    const admin = await createAdmin(t.db);
    expect((await add(target.companyId, { userId: admin.id, role: 'buyer' })).json()).toMatchObject({
      message: ADMIN_COMPANIES_CONFLICTS.staffHaveNoCompany,
    });
    expect((await add(target.companyId, { userId: target.owner.id, role: 'buyer' })).statusCode).toBe(409);
    expect((await add(target.companyId, { userId: 2147483000, role: 'buyer' })).statusCode).toBe(404);
    const other = await createCustomer(t.db, { email: uniqueEmail('mover') });
    expect((await add(2147483000, { userId: other.id, role: 'buyer' })).statusCode).toBe(404);
    const badRole = await add(target.companyId, { userId: other.id, role: 'manager' });
    expect(badRole.statusCode).toBe(400);
    expect(badRole.json()).toMatchObject({ message: ADMIN_COMPANIES_MESSAGES.roleOutsideList });
    expect((await memberRow(other.id)).companyId).toBe(other.companyId);
  });
});

describe('POST /api/admin/companies/:id/merge', () => {
  const merge = (intoId: number, body: unknown) =>
    send(t.app, 'POST', `/api/admin/companies/${intoId}/merge`, cookie, body);

  it('moves the people, locations and orders, keeps the default location, and deletes the source', async () => {
    const into = await companyWith(`Into ${uniqueTag()}`, ['viewer']);
    const from = await companyWith(`From ${uniqueTag()}`, ['buyer']);
    const intoOrder = await storeOrder(t.db, { userId: into.owner.id });
    const fromOrders = [
      await storeOrder(t.db, { userId: from.owner.id }),
      await storeOrder(t.db, { userId: from.members[0]!.id }),
    ];
    const [intoDefault] = await t.db
      .select()
      .from(companyLocations)
      .where(eq(companyLocations.companyId, into.companyId));

    const response = await merge(into.companyId, { fromCompanyId: from.companyId });
    expect(response.statusCode).toBe(200);
    expect(mergeCompanyResponseSchema.parse(response.json()).moved).toEqual({
      people: 2,
      locations: 1,
      orders: 2,
    });

    expect(await t.db.select().from(companies).where(eq(companies.id, from.companyId))).toEqual([]);
    expect(await memberRow(from.owner.id)).toMatchObject({ companyId: into.companyId, companyRole: 'owner' });
    expect(await memberRow(from.members[0]!.id)).toMatchObject({
      companyId: into.companyId,
      companyRole: 'buyer',
    });
    for (const order of [...fromOrders, intoOrder]) {
      expect((await readOrder(t.db, order.id)).companyId).toBe(into.companyId);
    }
    const detail = await detailOf(into.companyId);
    expect(detail.people).toHaveLength(4);
    expect(detail.locations).toHaveLength(2);
    expect(detail.locations.filter((location) => location.isDefault).map((location) => location.id)).toEqual([
      intoDefault!.id,
    ]);
    expect(detail.orderCount).toBe(3);

    const audit = await auditRowsOf(t.db, { entityType: 'company', entityId: into.companyId });
    expect(audit).toEqual([
      expect.objectContaining({
        action: 'company.merge',
        after: {
          companyId: into.companyId,
          fromCompanyId: from.companyId,
          moved: { people: 2, locations: 1, orders: 2 },
        },
      }),
    ]);
  });

  it("brings the merged company's invitations along, their links still working", async () => {
    const into = await companyWith(`Into ${uniqueTag()}`, []);
    const from = await companyWith(`From ${uniqueTag()}`, []);
    const fromOwner = await signIn(t.app, t.db, from.owner.email);
    const intoOwner = await signIn(t.app, t.db, into.owner.email);
    const both = uniqueEmail('both');
    const onlyFrom = uniqueEmail('only-from');
    for (const email of [both, onlyFrom]) {
      expect(
        (await send(t.app, 'POST', '/api/company/invitations', fromOwner, { email, role: 'viewer' }))
          .statusCode,
      ).toBe(201);
    }
    await send(t.app, 'POST', '/api/company/invitations', intoOwner, { email: both, role: 'buyer' });

    expect((await merge(into.companyId, { fromCompanyId: from.companyId })).statusCode).toBe(200);
    const rows = await t.db
      .select()
      .from(companyInvitations)
      .where(eq(companyInvitations.companyId, into.companyId));
    const open = rows.filter((row) => !row.revokedAt && !row.acceptedAt);
    expect(open.map((row) => [row.email, row.role]).sort()).toEqual([
      [both, 'buyer'],
      [onlyFrom, 'viewer'],
    ]);
    expect(rows.filter((row) => row.revokedAt).map((row) => row.email)).toEqual([both]);
  });

  it('withdraws the open invitations of an owner staff demote or move to another company', async () => {
    const company = await companyWith(`Inviting ${uniqueTag()}`, ['owner', 'owner']);
    const other = await companyWith(`Elsewhere ${uniqueTag()}`, []);
    const [demoted, moved] = company.members;
    for (const person of [demoted!, moved!]) {
      const personCookie = await signIn(t.app, t.db, person.email);
      const sent = await send(t.app, 'POST', '/api/company/invitations', personCookie, {
        email: uniqueEmail('by-owner'),
        role: 'owner',
      });
      expect(sent.statusCode).toBe(201);
    }
    expect((await changeRole(company.companyId, demoted!.id, 'viewer')).statusCode).toBe(200);
    const added = await send(t.app, 'POST', `/api/admin/companies/${other.companyId}/members`, cookie, {
      userId: moved!.id,
      role: 'buyer',
    });
    expect(added.statusCode, added.body).toBe(200);
    const left = await t.db
      .select()
      .from(companyInvitations)
      .where(eq(companyInvitations.companyId, company.companyId));
    expect(left).toHaveLength(2);
    expect(left.every((row) => row.revokedAt !== null)).toBe(true);
  });

  it("refuses to make a company's only owner staff while others remain in it", async () => {
    const company = await companyWith(`Staffed ${uniqueTag()}`, ['buyer']);
    const refused = await send(t.app, 'PATCH', `/api/admin/users/${company.owner.id}/role`, cookie, {
      role: 'admin',
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ message: LAST_OWNER_MESSAGE });
    expect(await memberRow(company.owner.id)).toMatchObject({ role: 'customer', companyRole: 'owner' });
  });

  it('runs beside a move of one of the merged people without a deadlock or a lost person', async () => {
    const into = await companyWith(`Into ${uniqueTag()}`);
    const from = await companyWith(`From ${uniqueTag()}`, ['buyer']);
    const elsewhere = await companyWith(`Elsewhere ${uniqueTag()}`);
    const mover = from.members[0]!;
    const [merged, added] = await Promise.all([
      merge(into.companyId, { fromCompanyId: from.companyId }),
      send(t.app, 'POST', `/api/admin/companies/${elsewhere.companyId}/members`, cookie, {
        userId: mover.id,
        role: 'viewer',
      }),
    ]);
    expect(merged.statusCode).toBe(200);
    expect([200, 409]).toContain(added.statusCode);
    const companyOfMover = (await memberRow(mover.id)).companyId;
    expect(companyOfMover).toBe(added.statusCode === 200 ? elsewhere.companyId : into.companyId);
  });

  it('refuses a merge into itself (400) and unknown companies (404), changing nothing', async () => {
    const into = await companyWith(`Self ${uniqueTag()}`);
    const itself = await merge(into.companyId, { fromCompanyId: into.companyId });
    expect(itself.statusCode).toBe(400);
    expect(itself.json()).toMatchObject({ message: ADMIN_COMPANIES_CONFLICTS.mergeIntoItself });

    const unknownFrom = await merge(into.companyId, { fromCompanyId: 2147483000 });
    expect(unknownFrom.statusCode).toBe(404);
    expect(unknownFrom.json()).toMatchObject({ message: COMPANY_NOT_FOUND });
    expect((await merge(2147483000, { fromCompanyId: into.companyId })).statusCode).toBe(404);
    expect(await t.db.select().from(companies).where(eq(companies.id, into.companyId))).toHaveLength(1);
    expect((await merge(into.companyId, {})).statusCode).toBe(400);
  });
});

describe('who may use the Companies API', () => {
  it('answers 401 to a visitor and 403 to a customer, on every call', async () => {
    const { companyId, owner } = await companyWith(`Guarded ${uniqueTag()}`);
    const customerCookie = await signIn(t.app, t.db, owner.email);
    const calls: Array<[Parameters<typeof send>[1], string, unknown?]> = [
      ['GET', '/api/admin/companies'],
      ['GET', `/api/admin/companies/${companyId}`],
      ['PATCH', `/api/admin/companies/${companyId}/members/${owner.id}`, { role: 'buyer' }],
      ['POST', `/api/admin/companies/${companyId}/members`, { userId: owner.id, role: 'buyer' }],
      ['POST', `/api/admin/companies/${companyId}/merge`, { fromCompanyId: companyId + 1 }],
    ];
    for (const [method, url, body] of calls) {
      expect((await send(t.app, method, url, undefined, body)).statusCode).toBe(401);
      expect((await send(t.app, method, url, customerCookie, body)).statusCode).toBe(403);
    }
    expect((await memberRow(owner.id)).companyRole).toBe('owner');
  });
});

describe('the company in admin Users and Orders', () => {
  it("lists each customer's company with their role, and each order's company as it is named now", async () => {
    const tag = uniqueTag();
    const into = await companyWith(`Kept ${tag}`);
    const from = await companyWith(`Gone ${tag}`, ['viewer']);
    const order = await storeOrder(t.db, {
      userId: from.owner.id,
      businessName: `Gone ${tag}`,
      poNumber: tag,
    });
    expect(
      (
        await send(t.app, 'POST', `/api/admin/companies/${into.companyId}/merge`, cookie, {
          fromCompanyId: from.companyId,
        })
      ).statusCode,
    ).toBe(200);

    const listed = adminUserListSchema.parse((await send(t.app, 'GET', '/api/admin/users', cookie)).json());
    expect(listed.find((user) => user.id === from.members[0]!.id)?.company).toEqual({
      id: into.companyId,
      name: `Kept ${tag}`,
      role: 'viewer',
    });
    const admin = await createAdmin(t.db);
    const staff = (await send(t.app, 'GET', '/api/admin/users', cookie)).json<
      Array<{ id: number; company: unknown }>
    >();
    expect(staff.find((user) => user.id === admin.id)?.company).toBeNull();

    const orders = adminOrderListResponseSchema.parse(
      (await send(t.app, 'GET', `/api/admin/orders?search=${tag}`, cookie)).json(),
    );
    expect(orders.orders.find((row) => row.id === order.id)).toMatchObject({
      businessName: `Gone ${tag}`,
      company: { id: into.companyId, name: `Kept ${tag}` },
    });
  });
});
