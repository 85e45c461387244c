import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  deliveryProblemParamsSchema,
  deliveryProblemsResponseSchema,
} from '../../../shared/schemas/admin-delivery';
import { messageResponseSchema } from '../../../shared/schemas/auth';
import type { AdminDeps } from '../admin';
import { createAdminDeliveryService } from './admin-delivery.service';

/** Delivery problems (docs/admin.md#delivery-problems); the administrator check is plugins/admin-guard.ts. */
export const adminDeliveryRoutes =
  (deps: AdminDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const delivery = createAdminDeliveryService(deps);

    app.get(
      '/api/admin/delivery-problems',
      { schema: { response: { 200: deliveryProblemsResponseSchema } } },
      async () => delivery.list(),
    );

    app.post(
      '/api/admin/delivery-problems/:id/send-again',
      { schema: { params: deliveryProblemParamsSchema, response: { 200: messageResponseSchema } } },
      async (request) => delivery.sendAgain(request, request.params.id),
    );
  };
