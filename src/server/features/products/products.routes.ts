import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sendJsonSnapshot } from '../../http/etag';
import type { ProductService } from './products.service';

export const productRoutes =
  (products: ProductService): FastifyPluginAsyncZod =>
  async (app) => {
    app.get('/api/products', async (request, reply) =>
      sendJsonSnapshot(request, reply, await products.storefrontListSnapshot()),
    );
  };
