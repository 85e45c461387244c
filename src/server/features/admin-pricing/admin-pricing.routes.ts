import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AdminDeps } from '../admin/admin-deps';

/** The admin pricing API (spec 001 §7). */
export const adminPricingRoutes =
  (_deps: AdminDeps): FastifyPluginAsyncZod =>
  async () => {};
