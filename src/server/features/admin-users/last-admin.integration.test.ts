import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_USERS_CONFLICTS } from '../../../shared/schemas/admin-users';
import { companies, users } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/test-app';
import { send } from './admin-test-support';
import { ADMIN_TEST_PASSWORD, createAdmin } from '../../test/factories/users';
import { signInAdmin } from '../../test/factories/sign-in';
import { createAdminUsersService } from './admin-users.service';

/**
 * The portal never loses its last administrator to a role change (issue 6 'Users'). Through the API an
 * administrator cannot change their own role, so the last one could only go when administrators act at
 * the same moment; this file has its own database because it disables the seeded administrator.
 */

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const activeAdmins = async () =>
  (await t.db.select().from(users)).filter((user) => user.role === 'admin' && user.status === 'approved');

describe('the last administrator', () => {
  it('cannot be made a customer by an administrator who lost the role meanwhile', async () => {
    const [seeded] = await t.db.select().from(users).where(eq(users.username, 'admin'));
    const other = await createAdmin(t.db);
    // `other` acts on a request that was checked while they were still an administrator.
    const staleActor = { user: other, ip: '10.9.9.9', sessionTokenHash: null };
    const [company] = await t.db.insert(companies).values({ name: 'Former Staff Shop' }).returning();
    await t.db
      .update(users)
      .set({ role: 'customer', companyId: company!.id, companyRole: 'owner' })
      .where(eq(users.id, other.id));

    const service = createAdminUsersService({ db: t.db, env: t.env });
    await expect(service.updateRole(staleActor, seeded!.id, 'customer')).rejects.toMatchObject({
      code: 'CONFLICT',
      message: ADMIN_USERS_CONFLICTS.lastAdmin,
    });
    expect((await t.db.select().from(users).where(eq(users.id, seeded!.id)))[0]?.role).toBe('admin');
  });

  it('survives two administrators demoting each other at the same moment', async () => {
    const first = await createAdmin(t.db);
    const second = await createAdmin(t.db);
    // Only these two administrators can sign in now.
    await t.db.update(users).set({ status: 'disabled' }).where(eq(users.username, 'admin'));
    expect(await activeAdmins()).toHaveLength(2);
    const firstCookie = await signInAdmin(t.app, { username: first.username, password: ADMIN_TEST_PASSWORD });
    const secondCookie = await signInAdmin(t.app, {
      username: second.username,
      password: ADMIN_TEST_PASSWORD,
    });

    const answers = await Promise.all([
      send(t.app, 'PATCH', `/api/admin/users/${second.id}/role`, firstCookie, { role: 'customer' }),
      send(t.app, 'PATCH', `/api/admin/users/${first.id}/role`, secondCookie, { role: 'customer' }),
    ]);
    const statuses = answers.map((answer) => answer.statusCode).sort();
    expect(statuses[0]).toBe(200);
    // The other was refused as the last administrator, or had already lost its session.
    expect([401, 409]).toContain(statuses[1]);
    const refused = answers.find((answer) => answer.statusCode === 409);
    if (refused) expect(refused.json()).toMatchObject({ message: ADMIN_USERS_CONFLICTS.lastAdmin });
    expect(await activeAdmins()).toHaveLength(1);
  });
});
