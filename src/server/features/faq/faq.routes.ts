import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { faqCategoryListSchema, faqItemListSchema, faqItemsQuerySchema } from '../../../shared/schemas/faq';
import { requireUser } from '../../plugins/session';
import type { FaqService } from './faq.service';

/**
 * The FAQ reads of the support page (docs/support-and-faq.md#faq), for signed-in users like the page itself
 * (docs/security.md#access-control: the public routes stay few): active categories, and active items of
 * active categories, each sorted by displayOrder then id. Registered by the admin FAQ plugin
 * (admin-faq.routes.ts), which owns the same tables; these paths are outside /api/admin/, so the
 * administrator check leaves them.
 */
export const faqRoutes =
  (faq: FaqService): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/faq/categories',
      { schema: { response: { 200: faqCategoryListSchema } } },
      async (request) => {
        requireUser(request);
        return faq.listPublicCategories();
      },
    );

    // The same filter as staff's list (one schema): a malformed categoryId is refused, not ignored.
    app.get(
      '/api/faq/items',
      { schema: { querystring: faqItemsQuerySchema, response: { 200: faqItemListSchema } } },
      async (request) => {
        requireUser(request);
        return faq.listPublicItems(request.query.categoryId);
      },
    );
  };
