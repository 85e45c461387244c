import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  calculatePricesRequestSchema,
  calculatePricesResponseSchema,
  checkInventoryRequestSchema,
  checkInventoryResponseSchema,
  idSchema,
  priceQuerySchema,
  priceResponseSchema,
  validateCartRequestSchema,
  validateCartResponseSchema,
} from '../../../shared/schemas/pricing';
import { productSchema } from '../../../shared/schemas/products';
import type { FastifyReply } from 'fastify';
import { markStaleCatalogue } from '../../http/stale-catalogue';
import { sendJsonSnapshot } from '../../http/etag';
import type { PricingService } from './pricing.service';

const productParamsSchema = z.object({ id: idSchema });

/** `?totalCases=` (an empty value, as a URL template leaves it) means "not given", not 0. */
const priceQueryWithBlanksSchema = z.preprocess(dropBlankValues, priceQuerySchema);

function dropBlankValues(query: unknown): unknown {
  if (typeof query !== 'object' || query === null) return query;
  return Object.fromEntries(Object.entries(query).filter(([, value]) => value !== ''));
}

/**
 * The storefront's product and pricing calls (docs/catalogue-and-pricing.md#price-endpoints); public, like
 * the product list.
 */
export const pricingRoutes =
  (pricing: PricingService): FastifyPluginAsyncZod =>
  async (app) => {
    /** `answer`, its reply marked when the catalogue was served from memory during an outage. */
    const served = <T>(reply: FastifyReply, answer: T): T => {
      markStaleCatalogue(reply, pricing.stale);
      return answer;
    };

    app.get(
      '/api/products/:id',
      {
        config: { catalogue: true },
        schema: { params: productParamsSchema, response: { 200: productSchema } },
      },
      async (request, reply) => served(reply, await pricing.findStorefrontProduct(request.params.id)),
    );

    app.get(
      '/api/products/:id/price',
      {
        config: { catalogue: true },
        schema: {
          params: productParamsSchema,
          querystring: priceQueryWithBlanksSchema,
          response: { 200: priceResponseSchema },
        },
      },
      async (request, reply) => served(reply, await pricing.quoteUnitPrice(request.params.id, request.query)),
    );

    app.post(
      '/api/calculate-prices',
      {
        // Changes nothing: logged as a read (plugins/request-log.ts).
        config: { readOnly: true, catalogue: true },
        schema: { body: calculatePricesRequestSchema, response: { 200: calculatePricesResponseSchema } },
      },
      async (request, reply) =>
        served(reply, { prices: await pricing.calculatePrices(request.body.items, request.body.totalCases) }),
    );

    app.get('/api/pricing-tiers', { config: { catalogue: true } }, async (request, reply) =>
      sendJsonSnapshot(request, served(reply, reply), await pricing.tiersSnapshot()),
    );

    app.get('/api/pricing-catalog', { config: { catalogue: true } }, async (request, reply) =>
      sendJsonSnapshot(request, served(reply, reply), await pricing.catalogueSnapshot()),
    );

    // 200 even when the cart is not valid: the answer is the validation result
    // (docs/catalogue-and-pricing.md#cart-validation).
    app.post(
      '/api/validate-cart',
      {
        // Changes nothing: logged as a read (plugins/request-log.ts).
        config: { readOnly: true, catalogue: true },
        schema: { body: validateCartRequestSchema, response: { 200: validateCartResponseSchema } },
      },
      async (request, reply) => served(reply, await pricing.validateCart(request.body.items)),
    );

    app.post(
      '/api/check-inventory',
      {
        // Changes nothing: logged as a read (plugins/request-log.ts).
        config: { readOnly: true, catalogue: true },
        schema: { body: checkInventoryRequestSchema, response: { 200: checkInventoryResponseSchema } },
      },
      async (request, reply) => served(reply, { inventory: await pricing.checkInventory(request.body.skus) }),
    );
  };
