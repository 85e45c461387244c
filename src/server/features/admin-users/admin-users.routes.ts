import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AdminDeps } from '../admin/admin-deps';

/** The admin users API (spec 001 §7). */
export const adminUsersRoutes =
  (_deps: AdminDeps): FastifyPluginAsyncZod =>
  async () => {};
