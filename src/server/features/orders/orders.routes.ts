import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  createDraftOrderRequestSchema,
  createDraftOrderResponseSchema,
  IDEMPOTENCY_KEY_HEADER,
  idempotencyKeySchema,
  orderDetailResponseSchema,
  orderListQuerySchema,
  orderListResponseSchema,
  orderParamsSchema,
  reorderResponseSchema,
} from '../../../shared/schemas/orders';
import type { Env } from '../../env';
import { AppError } from '../../errors';
import { requireUser, sessionCookieName } from '../../plugins/session';
import type { OrderService } from './orders.service';

/** Order submissions per customer session (security.md R6); far above what a person can click. */
const SUBMIT_LIMIT = { max: 30, timeWindow: 60_000 };

/** The Idempotency-Key header (DECISIONS §4): required, one value, 8 to 200 visible characters. */
function readIdempotencyKey(request: FastifyRequest): string {
  const value = request.headers[IDEMPOTENCY_KEY_HEADER.toLowerCase()];
  if (value === undefined || value === '') {
    throw new AppError(
      'IDEMPOTENCY_KEY_REQUIRED',
      `An ${IDEMPOTENCY_KEY_HEADER} header is required to submit an order.`,
    );
  }
  const parsed = idempotencyKeySchema.safeParse(value);
  if (!parsed.success) {
    throw new AppError('VALIDATION_FAILED', `${IDEMPOTENCY_KEY_HEADER}: ${parsed.error.issues[0]?.message}`);
  }
  return parsed.data;
}

/** Submission, history, detail and reorder (spec 000 §7). Every order is looked up within its owner's. */
export const ordersRoutes =
  (orders: OrderService, env: Pick<Env, 'APP_ORIGIN'>): FastifyPluginAsyncZod =>
  async (app) => {
    const cookieName = sessionCookieName(env);

    app.post(
      '/api/create-draft-order',
      {
        config: {
          rateLimit: {
            ...SUBMIT_LIMIT,
            // Per session: the limiter runs before the session is looked up, and a shared office IP is
            // many customers. Without a cookie the request is refused as signed out anyway.
            keyGenerator: (request: FastifyRequest) => request.cookies[cookieName] ?? request.ip,
          },
        },
        schema: { body: createDraftOrderRequestSchema, response: { 201: createDraftOrderResponseSchema } },
      },
      async (request, reply) => {
        const user = requireUser(request);
        const key = readIdempotencyKey(request);
        const { customer, orderItems, items, notes } = request.body;
        const result = await orders.submitOrder(user, key, {
          customer,
          items: orderItems ?? items ?? [],
          notes,
          // What the key is bound to: the order as parsed (testMode and informational fields excluded).
          request: {
            customer,
            items: (orderItems ?? items ?? []).map(({ productId, quantity }) => ({ productId, quantity })),
            notes,
          },
        });
        if (result.replayed) reply.header('idempotent-replayed', 'true');
        // Only successes are stored under a key (a failure rolls the key back), so a replay is a 201 too.
        return reply.code(201).send(result.body);
      },
    );

    app.get(
      '/api/orders',
      { schema: { querystring: orderListQuerySchema, response: { 200: orderListResponseSchema } } },
      async (request) => orders.listOrders(requireUser(request), request.query),
    );

    app.get(
      '/api/orders/:id',
      { schema: { params: orderParamsSchema, response: { 200: orderDetailResponseSchema } } },
      async (request) => orders.getOrder(requireUser(request), request.params.id),
    );

    // No body; any query (the reorder page adds a cache-busting parameter) is ignored.
    app.post(
      '/api/orders/:id/reorder',
      { schema: { params: orderParamsSchema, response: { 200: reorderResponseSchema } } },
      async (request) => orders.reorder(requireUser(request), request.params.id),
    );

    // The legacy cart checkout sent customers to pay before approval; it is retired (DECISIONS §1).
    app.post('/api/cart', async () => {
      throw new AppError(
        'GONE',
        'This checkout has been retired. Please review your order and submit it for approval.',
      );
    });
  };
