import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import { AppError } from '../errors';
import type { UserRow } from '../db/schema';

export const ADMIN_API_PREFIX = '/api/admin/';

/**
 * The only /api/admin/* routes open to a non-administrator: signing in (with its second step, which the
 * pending sign-in's cookie authorises: docs/security.md#administrator-sign-in), signing out, and asking who
 * is signed in (which answers 401 to anyone but an administrator).
 */
export const PUBLIC_ADMIN_ROUTES: ReadonlySet<string> = new Set([
  '/api/admin/login',
  '/api/admin/login/code',
  '/api/admin/login/enrolment',
  '/api/admin/login/enrolment/confirm',
  '/api/admin/logout',
  '/api/admin/user',
]);

/** The signed-in administrator; 401 when signed out, 403 for a customer (docs/security.md#access-control). */
export function requireAdmin(request: FastifyRequest): UserRow {
  if (!request.user) throw new AppError('UNAUTHENTICATED', 'Please sign in to continue.');
  if (request.user.role !== 'admin') {
    throw new AppError('FORBIDDEN', 'You do not have permission to access this area.');
  }
  return request.user;
}

function adminOnly(request: FastifyRequest): Promise<void> {
  requireAdmin(request);
  return Promise.resolve();
}

/**
 * Deny by default: every route registered under /api/admin/ gets the administrator check as a route
 * onRequest hook (after the session is resolved, before the body is even read, so a visitor gets 401 and a
 * customer 403, never a message about their body: malformed, too large or not JSON), unless it is one of
 * PUBLIC_ADMIN_ROUTES. A new admin route cannot forget it. Must be registered before the routes.
 */
export function registerAdminGuard(app: FastifyInstance) {
  app.addHook('onRoute', (route: RouteOptions) => {
    if (!route.url.startsWith(ADMIN_API_PREFIX) || PUBLIC_ADMIN_ROUTES.has(route.url)) return;
    const existing = route.onRequest;
    route.onRequest = [adminOnly, ...(Array.isArray(existing) ? existing : existing ? [existing] : [])];
  });
}
