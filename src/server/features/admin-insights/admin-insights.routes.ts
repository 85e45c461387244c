import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { insightsResponseSchema } from '../../../shared/schemas/admin-insights';
import type { AdminDeps } from '../admin';
import { createAdminInsightsService } from './admin-insights.service';

/**
 * Insights (docs/admin.md#insights): one read-only answer with every figure. The administrator check is
 * plugins/admin-guard.ts; like every /api answer it is sent with `Cache-Control: no-store` (app.ts), so no
 * cache keeps the business's figures.
 */
export const adminInsightsRoutes =
  (deps: AdminDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const insights = createAdminInsightsService(deps);
    app.get('/api/admin/insights', { schema: { response: { 200: insightsResponseSchema } } }, async () =>
      insights.read(),
    );
  };
