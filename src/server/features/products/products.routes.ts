import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sendWithEtag } from '../../http/etag';
import type { ProductService } from './products.service';

export const productRoutes =
  (products: ProductService): FastifyPluginAsyncZod =>
  async (app) => {
    // The product list is the same for everyone (no prices per customer here), so it can carry an ETag.
    app.get('/api/products', async (request, reply) =>
      sendWithEtag(request, reply, await products.listStorefrontProducts()),
    );
  };
