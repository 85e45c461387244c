import {
  type OrderDetailResponse,
  type OrderListResponse,
  type ReorderResponse,
} from '../../../shared/schemas/orders';
import { formatOrderNumber } from '../../../shared/orders';
import type { Database } from '../../db/client';
import type { Env } from '../../env';
import { notFound } from '../../errors';
import type { ShopifyConnection } from '../../integrations/shopify/shopify';
import type { PricingService } from '../pricing';

import { createOrderIds } from './placement/order-ids';
import { makeOrderPdf, type OrderPdf } from './documents/order-pdf';
import { toOrderDetail, toOrderItemView, toOrderSummary } from './reads/order-view';
import { prepareOrderReads } from './reads/orders.repository';
import type { OrderToPlace } from './placement/place-order';
import { buildReorder } from './placement/reorder';
import { submitOrder } from './placement/submit-order';
import type { UserRow } from '../../db/schema';

/**
 * One answer for a missing order and someone else's (docs/security.md#access-control): nothing tells them
 * apart.
 */
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
  /**
   * The store, or null in test mode (docs/shopify.md#test-mode): orders placed without one stay in the
   * portal.
   */
  shopify: ShopifyConnection | null;
}) {
  const orderIds = createOrderIds(db);
  const reads = prepareOrderReads(db);

  async function findOwnOrder(user: UserRow, orderId: number) {
    const order = await reads.one(user.id, orderId);
    if (!order) throw notFound(ORDER_NOT_FOUND);
    return order;
  }

  return {
    /**
     * POST /api/create-draft-order: places the order once per idempotency key (docs/orders.md#idempotency).
     */
    submitOrder: (user: UserRow, idempotencyKey: string, order: OrderToPlace & { request: unknown }) =>
      submitOrder(
        { db, env, pricing, orderIds, shopifyConnected: shopify !== null },
        user,
        idempotencyKey,
        order,
      ),

    /** GET /api/orders: the customer's own orders, newest first, with their lines. */
    async listOrders(user: UserRow, page: { page: number; limit: number }): Promise<OrderListResponse> {
      const { orders, total } = await reads.page(user.id, {
        limit: page.limit,
        offset: (page.page - 1) * page.limit,
      });
      return {
        orders: orders.map((order) => toOrderSummary(order, order.items.map(toOrderItemView))),
        totalPages: Math.ceil(total / page.limit),
        page: page.page,
        total,
      };
    },

    /** GET /api/orders/{id}: the order, its lines and total; 404 unless it is the customer's own. */
    async getOrder(user: UserRow, orderId: number): Promise<OrderDetailResponse> {
      const order = await findOwnOrder(user, orderId);
      const items = order.items.map(toOrderItemView);
      const detail = toOrderDetail(order, items);
      return { order: detail, items, orderTotal: detail.orderTotal };
    },

    /** GET /api/orders/{id}/pdf: the order's PDF (docs/orders.md#order-pdf); 404 unless it is the customer's own. */
    async orderPdf(user: UserRow, orderId: number): Promise<OrderPdf> {
      const pdf = await makeOrderPdf(db, env.STORE_NAME, orderId, user.id);
      if (!pdf) throw notFound(ORDER_NOT_FOUND);
      return pdf;
    },

    /** POST /api/orders/{id}/reorder: the old lines at today's prices; creates nothing. */
    async reorder(user: UserRow, orderId: number): Promise<ReorderResponse> {
      const [order, catalogue] = await Promise.all([findOwnOrder(user, orderId), pricing.currentCatalogue()]);
      const lines = buildReorder(catalogue.catalog, catalogue.productsById, order.items);
      return { order: { id: order.id, orderNumber: formatOrderNumber(order.id) }, id: order.id, ...lines };
    },
  };
}

export type OrderService = ReturnType<typeof createOrderService>;
