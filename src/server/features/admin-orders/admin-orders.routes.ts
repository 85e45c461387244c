import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AdminDeps } from '../admin/admin-deps';

/** The admin orders API (spec 001 §7). */
export const adminOrdersRoutes =
  (_deps: AdminDeps): FastifyPluginAsyncZod =>
  async () => {};
