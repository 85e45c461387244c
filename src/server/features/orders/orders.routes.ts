import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  createDraftOrderRequestSchema,
  createDraftOrderResponseSchema,
  IDEMPOTENCY_KEY_HEADER,
  idempotencyKeySchema,
  cancelOrderRequestSchema,
  orderDetailResponseSchema,
  orderListQuerySchema,
  orderListResponseSchema,
  orderParamsSchema,
  reorderResponseSchema,
} from '../../../shared/schemas/orders';
import {
  confirmOrderRequestSchema,
  declineOrderRequestSchema,
  editOrderRequestSchema,
} from '../../../shared/schemas/order-changes';
import { accountCreditResponseSchema } from '../../../shared/schemas/credit';
import { AppError } from '../../errors';
import { requireUser } from '../../plugins/session';
import type { AccountRow } from '../../db/schema';
import { sendOrderPdf } from './documents/order-pdf';
import type { OrderService } from './orders.service';

/**
 * The Idempotency-Key header (docs/orders.md#idempotency): required, one value, 8 to 200 visible characters.
 */
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

/**
 * Submission, history, detail and reorder (docs/orders.md#order-api). Every order is looked up within its
 * owner's.
 */
export const ordersRoutes =
  (orders: OrderService): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/account/credit',
      { schema: { response: { 200: accountCreditResponseSchema } } },
      async (request, reply) => {
        reply.header('cache-control', 'private, no-store');
        return orders.accountCredit(requireUser(request));
      },
    );

    app.post(
      '/api/create-draft-order',
      {
        // No rate-limit hook: the route counts its own submissions, a written order inside the order's one
        // statement (security/counted-route-limit.ts, docs/security.md#rate-limits).
        schema: { body: createDraftOrderRequestSchema, response: { 201: createDraftOrderResponseSchema } },
      },
      async (request, reply) => {
        // Counted per customer, so the limit follows them across sessions (a shared office IP is many
        // customers); a signed-out request is counted by address and refused anyway.
        const subject = request.user ? `user:${request.user.id}` : `ip:${request.ip}`;
        let user: AccountRow;
        let key: string;
        try {
          user = requireUser(request);
          key = readIdempotencyKey(request);
        } catch (error) {
          await orders.countRefusedSubmission(subject);
          throw error;
        }
        const { customer, notes, poNumber, locationId } = request.body;
        // `items` is the spec's alternate name: whichever of the two holds lines.
        const lines = request.body.orderItems?.length ? request.body.orderItems : (request.body.items ?? []);
        const result = await orders.submitOrder(
          user,
          key,
          {
            customer,
            items: lines,
            notes,
            poNumber,
            locationId,
            // What the key is bound to: the order as parsed (testMode and informational fields excluded). The
            // PO number is part of it only when there is one, so an order without one hashes as it always did.
            request: {
              customer,
              items: lines.map(({ productId, quantity }) => ({ productId, quantity })),
              notes,
              ...(poNumber === null ? {} : { poNumber }),
              ...(locationId === undefined ? {} : { locationId }),
            },
          },
          subject,
        );
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

    // A download: the browser follows a plain link to it (docs/orders.md#order-pdf).
    app.get('/api/orders/:id/pdf', { schema: { params: orderParamsSchema } }, async (request, reply) =>
      sendOrderPdf(reply, await orders.orderPdf(requireUser(request), request.params.id)),
    );

    // No body; any query (the reorder page adds a cache-busting parameter) is ignored.
    app.post(
      '/api/orders/:id/reorder',
      { schema: { params: orderParamsSchema, response: { 200: reorderResponseSchema } } },
      async (request) => orders.reorder(requireUser(request), request.params.id),
    );

    app.post(
      '/api/orders/:id/cancel',
      {
        schema: {
          params: orderParamsSchema,
          body: cancelOrderRequestSchema,
          response: { 200: orderDetailResponseSchema },
        },
      },
      async (request) =>
        orders.cancelOrder(requireUser(request), request.ip, request.params.id, request.body.version),
    );

    // Orders that change hands (docs/orders.md#orders-that-change-hands): each names the version it was
    // made from, and answers with the order as it now stands.
    const change = { params: orderParamsSchema, response: { 200: orderDetailResponseSchema } };
    app.post(
      '/api/orders/:id/confirm',
      { schema: { ...change, body: confirmOrderRequestSchema } },
      async (request) =>
        orders.confirmOrder(requireUser(request), request.ip, request.params.id, request.body.version),
    );

    app.post(
      '/api/orders/:id/decline',
      { schema: { ...change, body: declineOrderRequestSchema } },
      async (request) =>
        orders.declineOrder(
          requireUser(request),
          request.ip,
          request.params.id,
          request.body.version,
          request.body.reason,
        ),
    );

    app.put(
      '/api/orders/:id/items',
      { schema: { ...change, body: editOrderRequestSchema } },
      async (request) =>
        orders.editOrder(
          requireUser(request),
          request.ip,
          request.params.id,
          request.body.version,
          request.body.items,
        ),
    );

    // The legacy cart checkout sent customers to pay before approval; it is retired
    // (docs/orders.md#the-retired-checkout).
    app.post('/api/cart', () => {
      throw new AppError(
        'GONE',
        'This checkout has been retired. Please review your order and submit it for approval.',
      );
    });
  };
