import { eq } from 'drizzle-orm';
import type { App } from '../../app';
import type { Database } from '../../db/client';
import { auditLog, users } from '../../db/schema';
import { sameOrigin, TEST_ADMIN_PASSWORD } from '../../test/test-app';
import { createUser, freshIp, sessionCookie, uniqueEmail } from '../accounts/accounts-test-support';

/** Test helpers for the admin API: administrators, their sessions, requests and audit rows. */

/** POST /api/admin/login from `ip` (a fresh one unless given). */
export function adminLogin(app: App, username: string, password: string, ip = freshIp()) {
  return app.inject({
    method: 'POST',
    url: '/api/admin/login',
    payload: { username, password },
    headers: sameOrigin,
    remoteAddress: ip,
  });
}

/** Signs an administrator in and returns the session cookie; the seeded 'admin' by default. */
export async function adminCookie(app: App, username = 'admin', password = TEST_ADMIN_PASSWORD) {
  const response = await adminLogin(app, username, password);
  const cookie = sessionCookie(response);
  if (response.statusCode !== 200 || !cookie) throw new Error(`admin sign-in failed: ${response.body}`);
  return cookie;
}

export const ADMIN_TEST_PASSWORD = 'Second-Admin-1';

/** Another approved administrator whose username is their e-mail, with ADMIN_TEST_PASSWORD. */
export async function createAdmin(db: Database, password = ADMIN_TEST_PASSWORD) {
  const user = await createUser(db, { email: uniqueEmail('admin'), password });
  const [admin] = await db.update(users).set({ role: 'admin' }).where(eq(users.id, user.id)).returning();
  if (!admin) throw new Error('admin not created');
  return admin;
}

type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

/** A same-origin request with a cookie (and a JSON body when given). */
export function send(app: App, method: Method, url: string, cookie: string | undefined, body?: unknown) {
  return app.inject({
    method,
    url,
    headers: { ...sameOrigin, ...(cookie ? { cookie } : {}) },
    ...(body === undefined ? {} : { payload: body as Record<string, unknown> }),
    remoteAddress: freshIp(),
  });
}

/** The audit rows about one entity, oldest first. */
export async function auditRowsOf(db: Database, entityType: string, entityId: number | string) {
  const rows = await db
    .select()
    .from(auditLog)
    .where(eq(auditLog.entityId, String(entityId)));
  return rows.filter((row) => row.entityType === entityType).sort((a, b) => a.id - b.id);
}
