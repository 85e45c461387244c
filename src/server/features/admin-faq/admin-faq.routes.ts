import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AdminDeps } from '../admin/admin-deps';

/** The admin faq API (spec 001 §7). */
export const adminFaqRoutes =
  (_deps: AdminDeps): FastifyPluginAsyncZod =>
  async () => {};
