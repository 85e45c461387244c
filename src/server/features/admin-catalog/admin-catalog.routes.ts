import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AdminDeps } from '../admin/admin-deps';

/** The admin catalog API (spec 001 §7). */
export const adminCatalogRoutes =
  (_deps: AdminDeps): FastifyPluginAsyncZod =>
  async () => {};
