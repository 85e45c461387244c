import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  deleteFaqCategoryQuerySchema,
  deleteFaqCategoryResponseSchema,
  deleteFaqItemResponseSchema,
  faqCategoryInputSchema,
  faqCategoryListSchema,
  faqCategorySchema,
  faqIdParamsSchema,
  faqItemInputSchema,
  faqItemListSchema,
  faqItemSchema,
  faqItemsQuerySchema,
} from '../../../shared/schemas/faq';
import type { AdminDeps } from '../admin';
import { faqRoutes, createFaqService } from '../faq';
import { createAdminFaqService } from './admin-faq.service';

/**
 * The admin FAQ API (docs/admin.md#faq-management). The administrator check comes from
 * plugins/admin-guard.ts for every /api/admin/* path. It also registers the public FAQ reads
 * (GET /api/faq/categories and /api/faq/items), which belong to the same tables.
 */
export const adminFaqRoutes =
  (deps: AdminDeps): FastifyPluginAsyncZod =>
  async (app) => {
    await app.register(faqRoutes(createFaqService({ db: deps.db })));
    const faq = createAdminFaqService(deps);

    app.get('/api/admin/faq/categories', { schema: { response: { 200: faqCategoryListSchema } } }, async () =>
      faq.listCategories(),
    );

    app.post(
      '/api/admin/faq/categories',
      { schema: { body: faqCategoryInputSchema, response: { 201: faqCategorySchema } } },
      async (request, reply) => reply.code(201).send(await faq.createCategory(request, request.body)),
    );

    app.put(
      '/api/admin/faq/categories/:id',
      {
        schema: {
          params: faqIdParamsSchema,
          body: faqCategoryInputSchema,
          response: { 200: faqCategorySchema },
        },
      },
      async (request) => faq.updateCategory(request, request.params.id, request.body),
    );

    app.delete(
      '/api/admin/faq/categories/:id',
      {
        schema: {
          params: faqIdParamsSchema,
          querystring: deleteFaqCategoryQuerySchema,
          response: { 200: deleteFaqCategoryResponseSchema },
        },
      },
      async (request) =>
        faq.deleteCategory(request, request.params.id, { deleteItems: request.query.deleteItems }),
    );

    app.get(
      '/api/admin/faq/items',
      { schema: { querystring: faqItemsQuerySchema, response: { 200: faqItemListSchema } } },
      async (request) => faq.listItems(request.query.categoryId),
    );

    app.post(
      '/api/admin/faq/items',
      { schema: { body: faqItemInputSchema, response: { 201: faqItemSchema } } },
      async (request, reply) => reply.code(201).send(await faq.createItem(request, request.body)),
    );

    app.put(
      '/api/admin/faq/items/:id',
      { schema: { params: faqIdParamsSchema, body: faqItemInputSchema, response: { 200: faqItemSchema } } },
      async (request) => faq.updateItem(request, request.params.id, request.body),
    );

    app.delete(
      '/api/admin/faq/items/:id',
      { schema: { params: faqIdParamsSchema, response: { 200: deleteFaqItemResponseSchema } } },
      async (request) => faq.deleteItem(request, request.params.id),
    );
  };
