import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sendJsonSnapshot } from '../../http/etag';
import { markStaleCatalogue } from '../../http/stale-catalogue';
import type { ProductService } from './products.service';

export const productRoutes =
  (products: ProductService): FastifyPluginAsyncZod =>
  async (app) => {
    app.get('/api/products', { config: { catalogue: true } }, async (request, reply) => {
      const snapshot = await products.storefrontListSnapshot();
      markStaleCatalogue(reply, products.stale);
      return sendJsonSnapshot(request, reply, snapshot);
    });
  };
