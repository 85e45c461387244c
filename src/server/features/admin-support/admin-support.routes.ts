import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adminSupportListQuerySchema,
  adminSupportListResponseSchema,
  adminSupportParamsSchema,
  updateSupportStatusRequestSchema,
  updateSupportStatusResponseSchema,
} from '../../../shared/schemas/admin-support';
import type { AdminDeps } from '../admin';
import { createAdminSupportService } from './admin-support.service';

/** The staff support inbox API (issue 7). The administrator check comes from plugins/admin-guard.ts. */
export const adminSupportRoutes =
  (deps: AdminDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const support = createAdminSupportService(deps);

    app.get(
      '/api/admin/support/messages',
      {
        schema: {
          querystring: adminSupportListQuerySchema,
          response: { 200: adminSupportListResponseSchema },
        },
      },
      async (request) => support.listMessages(request.query),
    );

    app.patch(
      '/api/admin/support/messages/:id',
      {
        schema: {
          params: adminSupportParamsSchema,
          body: updateSupportStatusRequestSchema,
          response: { 200: updateSupportStatusResponseSchema },
        },
      },
      async (request) => support.updateStatus(request, request.params.id, request.body.status),
    );
  };
