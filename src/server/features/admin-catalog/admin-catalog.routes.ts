import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ADMIN_CATALOG_MESSAGES,
  adminCatalogMessageSchema,
  adminProductListSchema,
  allowedSkuListSchema,
  allowedSkuParamsSchema,
  allowedSkuSchema,
  createAllowedSkuRequestSchema,
  importProductResponseSchema,
  productCountResponseSchema,
  shopifyProductParamsSchema,
  updateAllowedSkuRequestSchema,
  updateVariantPriceRequestSchema,
  updateVariantPriceResponseSchema,
  updateVariantVisibilityRequestSchema,
  updateVariantVisibilityResponseSchema,
} from '../../../shared/schemas/admin-catalog';
import { AppError } from '../../errors';
import type { AdminDeps } from '../admin';
import { createAdminCatalogService } from './admin-catalog.service';
import { createShopifyCatalog } from './shopify-catalog';

/**
 * The import changes the catalogue although the spec makes it a GET, which the origin check (state-changing
 * methods only) does not cover and a Lax session cookie accompanies on a cross-site link. A browser that
 * says where the request comes from must say it comes from the portal itself
 * (docs/security.md#cross-site-requests).
 */
async function refuseCrossSite(request: FastifyRequest): Promise<void> {
  const site = request.headers['sec-fetch-site'];
  if (site !== undefined && site !== 'same-origin') {
    throw new AppError(
      'CROSS_ORIGIN_REQUEST',
      'This request must come from the portal itself (same origin).',
    );
  }
}

/**
 * The admin catalog API (docs/admin.md#products-and-allowed-skus, docs/admin.md#variants). The administrator
 * check comes from plugins/admin-guard.ts; `request` is passed on as the audit log's actor.
 */
export const adminCatalogRoutes =
  (deps: AdminDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const shopify = createShopifyCatalog({ db: deps.db, shopify: deps.shopify, log: app.log });
    const catalog = createAdminCatalogService({ db: deps.db, shopify });

    app.get('/api/admin/allowed-skus', { schema: { response: { 200: allowedSkuListSchema } } }, async () =>
      catalog.listAllowedSkus(),
    );

    app.post(
      '/api/admin/allowed-skus',
      { schema: { body: createAllowedSkuRequestSchema, response: { 201: allowedSkuSchema } } },
      async (request, reply) => reply.code(201).send(await catalog.addAllowedSku(request, request.body)),
    );

    app.patch(
      '/api/admin/allowed-skus/:id',
      {
        schema: {
          params: allowedSkuParamsSchema,
          body: updateAllowedSkuRequestSchema,
          response: { 200: allowedSkuSchema },
        },
      },
      async (request) => catalog.setAllowedSkuActive(request, request.params.id, request.body.isActive),
    );

    app.delete(
      '/api/admin/allowed-skus/:id',
      { schema: { params: allowedSkuParamsSchema, response: { 200: adminCatalogMessageSchema } } },
      async (request) => catalog.removeAllowedSku(request, request.params.id),
    );

    app.post(
      '/api/admin/refresh-products',
      { schema: { response: { 200: productCountResponseSchema } } },
      async (request) => catalog.refreshProducts(request),
    );

    app.post(
      '/api/admin/sync-products',
      { schema: { response: { 200: productCountResponseSchema } } },
      async (request) => catalog.syncProducts(request),
    );

    // A blank id leaves no path segment ('/api/admin/shopify-product/'): the same answer as one of spaces.
    app.get('/api/admin/shopify-product', { preValidation: refuseCrossSite }, () => {
      throw new AppError('VALIDATION_FAILED', ADMIN_CATALOG_MESSAGES.shopifyProductIdEmpty);
    });

    app.get(
      '/api/admin/shopify-product/:id',
      {
        preValidation: refuseCrossSite,
        schema: { params: shopifyProductParamsSchema, response: { 200: importProductResponseSchema } },
      },
      async (request) => catalog.importProduct(request, request.params.id),
    );

    app.get(
      '/api/admin/products-with-variants',
      { schema: { response: { 200: adminProductListSchema } } },
      async () => catalog.listProductsWithVariants(),
    );

    app.post(
      '/api/admin/update-variant-visibility',
      {
        schema: {
          body: updateVariantVisibilityRequestSchema,
          response: { 200: updateVariantVisibilityResponseSchema },
        },
      },
      async (request) => catalog.setVariantVisibility(request, request.body),
    );

    app.post(
      '/api/admin/update-variant-price',
      {
        schema: {
          body: updateVariantPriceRequestSchema,
          response: { 200: updateVariantPriceResponseSchema },
        },
      },
      async (request) => catalog.setVariantPrice(request, request.body),
    );
  };
