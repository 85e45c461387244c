import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminPricingMessageSchema,
  adminPricingTierListSchema,
  adminPricingTierSchema,
  deletePricingTierResponseSchema,
  pricingTierRequestSchema,
  productPricingListSchema,
  productPricingRequestSchema,
  productPricingSchema,
} from '../../../shared/schemas/admin-pricing';
import { idSchema } from '../../../shared/schemas/pricing';
import type { AdminDeps } from '../admin';
import { createAdminPricingService } from './admin-pricing.service';

const idParamsSchema = z.object({ id: idSchema });

/**
 * The admin pricing API (docs/admin.md#pricing). The administrator check comes from plugins/admin-guard.ts.
 * GET /api/admin/pricing-tiers is ours, beside the public GET /api/pricing-tiers: it reads the table
 * itself, so the admin list shows an edit at once even before the storefront's cache hears of it.
 */
export const adminPricingRoutes =
  (deps: AdminDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const pricing = createAdminPricingService(deps);

    app.get(
      '/api/admin/pricing-tiers',
      { schema: { response: { 200: adminPricingTierListSchema } } },
      async () => pricing.listTiers(),
    );

    app.post(
      '/api/admin/pricing-tiers',
      { schema: { body: pricingTierRequestSchema, response: { 201: adminPricingTierSchema } } },
      async (request, reply) => reply.code(201).send(await pricing.createTier(request, request.body)),
    );

    app.patch(
      '/api/admin/pricing-tiers/:id',
      {
        schema: {
          params: idParamsSchema,
          body: pricingTierRequestSchema,
          response: { 200: adminPricingTierSchema },
        },
      },
      async (request) => pricing.updateTier(request, request.params.id, request.body),
    );

    app.delete(
      '/api/admin/pricing-tiers/:id',
      { schema: { params: idParamsSchema, response: { 200: deletePricingTierResponseSchema } } },
      async (request) => pricing.deleteTier(request, request.params.id),
    );

    app.get(
      '/api/admin/product-pricing-tiers',
      { schema: { response: { 200: productPricingListSchema } } },
      async () => pricing.listCustomPrices(),
    );

    app.post(
      '/api/admin/product-pricing-tiers',
      { schema: { body: productPricingRequestSchema, response: { 201: productPricingSchema } } },
      async (request, reply) => reply.code(201).send(await pricing.createCustomPrice(request, request.body)),
    );

    app.delete(
      '/api/admin/product-pricing-tiers/:id',
      { schema: { params: idParamsSchema, response: { 200: adminPricingMessageSchema } } },
      async (request) => pricing.deleteCustomPrice(request, request.params.id),
    );
  };
