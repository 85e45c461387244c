import { Readable } from 'node:stream';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ADMIN_ORDERS_EXPORT_PATH,
  ORDERS_EXPORT_TOTAL_HEADER,
  adminOrderFilterSchema,
  adminOrderItemsResponseSchema,
  adminOrderListQuerySchema,
  adminOrderListResponseSchema,
  adminOrderParamsSchema,
  updateOrderStatusRequestSchema,
  updateOrderStatusResponseSchema,
  paymentReminderResponseSchema,
} from '../../../shared/schemas/admin-orders';
import {
  orderersQuerySchema,
  orderersResponseSchema,
  prepareOrderRequestSchema,
  prepareOrderResponseSchema,
  staffEditOrderRequestSchema,
  staffEditOrderResponseSchema,
} from '../../../shared/schemas/order-changes';
import type { AdminDeps } from '../admin';
import { sendOrderPdf, type OrderService } from '../orders';
import { createAdminOrdersService } from './admin-orders.service';
import { ordersCsvFileName } from './orders-csv';

/**
 * The admin orders API (docs/admin.md#orders). The administrator check comes from plugins/admin-guard.ts; the
 * export is a GET like the list so a plain download link can fetch it.
 */
export const adminOrdersRoutes =
  (deps: AdminDeps, orders: Pick<OrderService, 'prepareOrder' | 'staffEditOrder'>): FastifyPluginAsyncZod =>
  async (app) => {
    const service = createAdminOrdersService(deps, orders);

    // Staff prepare an order for a buyer to confirm (docs/orders.md#staff-prepare-an-order).
    app.get(
      '/api/admin/orders/orderers',
      { schema: { querystring: orderersQuerySchema, response: { 200: orderersResponseSchema } } },
      async (request) => service.findOrderers(request.query.search),
    );

    app.post(
      '/api/admin/orders',
      { schema: { body: prepareOrderRequestSchema, response: { 201: prepareOrderResponseSchema } } },
      async (request, reply) => reply.code(201).send(await service.prepareOrder(request, request.body)),
    );

    // Staff change a pending order's lines before approving it (docs/orders.md#changing-a-pending-order).
    app.put(
      '/api/admin/orders/:id/items',
      {
        schema: {
          params: adminOrderParamsSchema,
          body: staffEditOrderRequestSchema,
          response: { 200: staffEditOrderResponseSchema },
        },
      },
      async (request) => service.editLines(request, request.params.id, request.body),
    );

    app.get(
      '/api/admin/orders',
      {
        schema: {
          querystring: adminOrderListQuerySchema,
          response: { 200: adminOrderListResponseSchema },
        },
      },
      async (request) => service.listOrders(request.query),
    );

    app.get(
      ADMIN_ORDERS_EXPORT_PATH,
      { schema: { querystring: adminOrderFilterSchema } },
      async (request, reply) => {
        const { total, chunks } = await service.exportCsv(request, request.query);
        // Streamed (chunked, no Content-Length): one page ahead at most, read as the download takes it.
        // X-Total-Count lets admin show how far the download is.
        return reply
          .type('text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="${ordersCsvFileName(new Date())}"`)
          .header(ORDERS_EXPORT_TOTAL_HEADER, String(total))
          .send(Readable.from(chunks, { highWaterMark: 1 }));
      },
    );

    app.get(
      '/api/admin/orders/:id/items',
      {
        schema: { params: adminOrderParamsSchema, response: { 200: adminOrderItemsResponseSchema } },
      },
      async (request) => service.listItems(request.params.id),
    );

    // Staff's copy of the order PDF, the same document the customer downloads (docs/orders.md#order-pdf).
    app.get(
      '/api/admin/orders/:id/pdf',
      { schema: { params: adminOrderParamsSchema } },
      async (request, reply) => sendOrderPdf(reply, await service.orderPdf(request.params.id)),
    );

    app.patch(
      '/api/admin/orders/:id/status',
      {
        schema: {
          params: adminOrderParamsSchema,
          body: updateOrderStatusRequestSchema,
          response: { 200: updateOrderStatusResponseSchema },
        },
      },
      async (request) =>
        service.updateStatus(request, request.params.id, request.body.status, {
          version: request.body.version,
          override: request.body.override,
          holdReason: request.body.holdReason,
        }),
    );

    // Staff recovery of an order whose Shopify draft could not be made (issue 8 'Orders').
    app.post(
      '/api/admin/orders/:id/shopify-sync',
      {
        schema: { params: adminOrderParamsSchema, response: { 200: updateOrderStatusResponseSchema } },
      },
      async (request) => service.retryShopifySync(request, request.params.id),
    );

    // Staff remind the buyer of a payment on net terms (issue 20, docs/orders.md#payment-terms).
    app.post(
      '/api/admin/orders/:id/payment-reminder',
      {
        schema: { params: adminOrderParamsSchema, response: { 200: paymentReminderResponseSchema } },
      },
      async (request) => service.remindOfPayment(request, request.params.id),
    );
  };
