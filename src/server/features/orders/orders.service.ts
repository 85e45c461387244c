import {
  createDraftOrderResponseSchema,
  type CreateDraftOrderResponse,
  type OrderDetailResponse,
  type OrderListResponse,
  type ReorderResponse,
} from '../../../shared/schemas/orders';
import { formatOrderNumber } from '../../../shared/orders';
import type { Database } from '../../db/client';
import type { Env } from '../../env';
import { notFound } from '../../errors';
import type { ShopifyConnection } from '../../integrations/shopify/shopify';
import type { PricingService } from '../pricing/pricing.service';
import type { UserRow } from '../sessions/sessions.repository';
import { runIdempotently, type IdempotentResponse } from './idempotency';
import { toOrderDetail, toOrderItemView, toOrderSummary } from './order-view';
import { findItemsOfOrders, findOrderOfUser, findOrdersOfUser } from './orders.repository';
import { placeOrder, type OrderToPlace } from './place-order';
import { buildReorder } from './reorder';

/** One answer for a missing order and someone else's (security.md Z1): nothing tells them apart. */
const ORDER_NOT_FOUND = 'Order not found';

export function createOrderService({
  db,
  env,
  pricing,
  shopify,
}: {
  db: Database;
  env: Env;
  pricing: PricingService;
  /** The store, or null in test mode (DECISIONS §1): orders placed without one stay in the portal. */
  shopify: ShopifyConnection | null;
}) {
  async function findOwnOrder(user: UserRow, orderId: number) {
    const order = await findOrderOfUser(db, user.id, orderId);
    if (!order) throw notFound(ORDER_NOT_FOUND);
    return order;
  }

  return {
    /** POST /api/create-draft-order: places the order once per idempotency key (DECISIONS §4). */
    submitOrder(
      user: UserRow,
      idempotencyKey: string,
      order: OrderToPlace & { request: unknown },
    ): Promise<IdempotentResponse<CreateDraftOrderResponse>> {
      return runIdempotently(
        db,
        {
          userId: user.id,
          key: idempotencyKey,
          request: order.request,
          parseStoredBody: (body) => createDraftOrderResponseSchema.parse(body),
        },
        async (tx) => {
          const placed = await placeOrder(tx, env, pricing, user, order, shopify !== null);
          const body: CreateDraftOrderResponse = {
            success: true,
            error: null,
            orderName: placed.orderNumber,
            orderId: placed.orderId,
            invoiceUrl: null,
            testMode: placed.testMode,
          };
          return { status: 201, body };
        },
      );
    },

    /** GET /api/orders: the customer's own orders, newest first, with their lines. */
    async listOrders(user: UserRow, page: { page: number; limit: number }): Promise<OrderListResponse> {
      const { rows, total } = await findOrdersOfUser(db, user.id, {
        limit: page.limit,
        offset: (page.page - 1) * page.limit,
      });
      const items = await findItemsOfOrders(
        db,
        rows.map((row) => row.id),
      );
      return {
        orders: rows.map((row) =>
          toOrderSummary(row, items.filter((item) => item.orderId === row.id).map(toOrderItemView)),
        ),
        totalPages: Math.ceil(total / page.limit),
        page: page.page,
        total,
      };
    },

    /** GET /api/orders/{id}: the order, its lines and total; 404 unless it is the customer's own. */
    async getOrder(user: UserRow, orderId: number): Promise<OrderDetailResponse> {
      const order = await findOwnOrder(user, orderId);
      const items = (await findItemsOfOrders(db, [order.id])).map(toOrderItemView);
      const detail = toOrderDetail(order, items);
      return { order: detail, items, orderTotal: detail.orderTotal };
    },

    /** POST /api/orders/{id}/reorder: the old lines at today's prices; creates nothing. */
    async reorder(user: UserRow, orderId: number): Promise<ReorderResponse> {
      const order = await findOwnOrder(user, orderId);
      const [items, catalogue] = await Promise.all([
        findItemsOfOrders(db, [order.id]),
        pricing.currentCatalogue(),
      ]);
      const lines = buildReorder(catalogue.catalog, catalogue.productsById, items);
      return { order: { id: order.id, orderNumber: formatOrderNumber(order.id) }, id: order.id, ...lines };
    },
  };
}

export type OrderService = ReturnType<typeof createOrderService>;
