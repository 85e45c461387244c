import type { FastifyRequest } from 'fastify';
import { centsToDecimal } from '../../../shared/money';
import { formatOrderNumber, toOrderStatus } from '../../../shared/orders';
import type {
  AdminOrder,
  AdminOrderFilter,
  AdminOrderItem,
  AdminOrderListQuery,
  AdminOrderListResponse,
  UpdateOrderStatusResponse,
} from '../../../shared/schemas/admin-orders';
import type { OrderStatus } from '../../../shared/schemas/orders';
import { recordAudit } from '../../audit/audit-log';
import { AppError, notFound } from '../../errors';
import { enqueueEmail } from '../../mail/send-email-job';
import type { AdminDeps } from '../admin/admin-deps';
import { isApprovedOrder, toOrderItemView } from '../orders/order-view';
import { findItemsOfOrders } from '../orders/orders.repository';
import { onOrderStatusChanged, requeueDraftOrderCreate } from '../shopify-orders/shopify-order-jobs';
import {
  countSupportMessagesOfOrders,
  findAllOrders,
  findOrderAccount,
  findOrderById,
  findOrdersPage,
  lockOrderById,
  orderFilterCondition,
  updateOrder,
} from './admin-orders.repository';
import { orderRecipient, orderStatusEmail, orderStatusEmailKey } from './order-status-emails';
import { buildOrdersCsv } from './orders-csv';
import type { OrderRow } from '../../db/schema';

const ORDER_NOT_FOUND = 'Order not found';

/** The first time an order reaches a status, this column records when (DECISIONS §4 timeline). */
const STATUS_TIMESTAMP = {
  processing: 'approvedAt',
  shipped: 'shippedAt',
  delivered: 'deliveredAt',
  cancelled: 'cancelledAt',
} as const satisfies Partial<Record<OrderStatus, keyof OrderRow>>;

/** The admin view of an order; `supportMessageCount` is how many support messages are about it (issue 7). */
export function toAdminOrder(order: OrderRow, supportMessageCount: number): AdminOrder {
  return {
    id: order.id,
    orderNumber: formatOrderNumber(order.id),
    customerName: order.customerName,
    customerEmail: order.customerEmail,
    customerPhone: order.customerPhone,
    businessName: order.businessName,
    createdAt: order.createdAt.toISOString(),
    status: toOrderStatus(order.status),
    paymentStatus: order.paymentStatus,
    notes: order.notes,
    shopifyOrderId: order.shopifyOrderId,
    shopifyCheckoutUrl: order.shopifyCheckoutUrl,
    orderTotal: centsToDecimal(order.orderTotal),
    totalCases: order.totalCases,
    shopifySyncStatus: order.shopifySyncStatus,
    supportMessageCount,
  };
}

/** What the audit log keeps of an order's status: the stored value and the timeline's dates. */
function statusSnapshot(order: OrderRow) {
  const iso = (value: Date | null) => value?.toISOString() ?? null;
  return {
    status: order.status,
    approvedAt: iso(order.approvedAt),
    shippedAt: iso(order.shippedAt),
    deliveredAt: iso(order.deliveredAt),
    cancelledAt: iso(order.cancelledAt),
  };
}

/** The admin Orders section (spec 001 §2, §7): list, lines, status changes and the CSV export. */
export function createAdminOrdersService({ db, env, shopify }: AdminDeps) {
  return {
    /** GET /api/admin/orders: the matching orders, newest first, one page. */
    async listOrders(query: AdminOrderListQuery): Promise<AdminOrderListResponse> {
      const { rows, total } = await findOrdersPage(db, orderFilterCondition(query), {
        limit: query.limit,
        offset: (query.page - 1) * query.limit,
      });
      const supportCounts = await countSupportMessagesOfOrders(
        db,
        rows.map((row) => row.id),
      );
      return {
        orders: rows.map((row) => toAdminOrder(row, supportCounts.get(row.id) ?? 0)),
        total,
        totalPages: Math.ceil(total / query.limit),
        page: query.page,
        limit: query.limit,
      };
    },

    /** GET /api/admin/orders/{id}/items: the order's lines, in the order they were placed. */
    async listItems(orderId: number): Promise<AdminOrderItem[]> {
      const order = await findOrderById(db, orderId);
      if (!order) throw notFound(ORDER_NOT_FOUND);
      return (await findItemsOfOrders(db, [order.id])).map(toOrderItemView);
    },

    /**
     * PATCH /api/admin/orders/{id}/status: any status (spec 001 §4). The change, its audit entry and the
     * customer's e-mail commit together; the same status again changes nothing and sends nothing.
     */
    async updateStatus(
      request: Pick<FastifyRequest, 'user' | 'ip'>,
      orderId: number,
      status: OrderStatus,
    ): Promise<UpdateOrderStatusResponse> {
      return db.transaction(async (tx) => {
        const order = await lockOrderById(tx, orderId);
        if (!order) throw notFound(ORDER_NOT_FOUND);
        const supportMessageCount = (await countSupportMessagesOfOrders(tx, [order.id])).get(order.id) ?? 0;
        const orderNumber = formatOrderNumber(order.id);
        if (toOrderStatus(order.status) === status) {
          return {
            message: `Order ${orderNumber} is already ${status}`,
            changed: false,
            order: toAdminOrder(order, supportMessageCount),
          };
        }

        const now = new Date();
        const timestampColumn = status === 'pending' ? null : STATUS_TIMESTAMP[status];
        const changed = await updateOrder(tx, order.id, {
          status,
          updatedAt: now,
          ...(timestampColumn && order[timestampColumn] === null ? { [timestampColumn]: now } : {}),
          // Straight to shipped or delivered approves it too: the timeline's 'Approved' step gets its date.
          ...(isApprovedOrder(status) && order.approvedAt === null ? { approvedAt: now } : {}),
        });
        await recordAudit(tx, request, {
          action: 'order.status',
          entityType: 'order',
          entityId: order.id,
          before: statusSnapshot(order),
          after: statusSnapshot(changed),
        });

        // With a store: approval sends the draft's invoice and that job e-mails the customer, with the link.
        const { order: updated, approvalEmailDeferred } = await onOrderStatusChanged(tx, {
          connected: shopify !== null,
          order: changed,
          previousStatus: order.status,
          status,
          changedAt: now,
        });
        const account = await findOrderAccount(tx, updated.userId);
        const message = approvalEmailDeferred
          ? null
          : orderStatusEmail(env, orderRecipient(account, updated), { ...updated, orderNumber }, status);
        if (message) {
          await enqueueEmail(tx, message, { dedupeKey: orderStatusEmailKey(order.id, status, now) });
        }
        return {
          message: `Order ${orderNumber} is now ${status}`,
          changed: true,
          order: toAdminOrder(updated, supportMessageCount),
        };
      });
    },

    /**
     * POST /api/admin/orders/{id}/shopify-sync: staff ask for the order's Shopify draft again when it could
     * not be made (sync 'failed', or 'pending' with no job left: issue 8 'Orders'). A new create job is
     * queued with the order back at 'pending', and audited; an order already in Shopify, or on its way,
     * answers unchanged. Test-mode and cancelled orders have no draft to make (409).
     */
    async retryShopifySync(
      request: Pick<FastifyRequest, 'user' | 'ip'>,
      orderId: number,
    ): Promise<UpdateOrderStatusResponse> {
      if (!shopify) throw new AppError('SHOPIFY_NOT_CONNECTED', 'Shopify is not connected');
      return db.transaction(async (tx) => {
        const order = await lockOrderById(tx, orderId);
        if (!order) throw notFound(ORDER_NOT_FOUND);
        const supportMessageCount = (await countSupportMessagesOfOrders(tx, [order.id])).get(order.id) ?? 0;
        const orderNumber = formatOrderNumber(order.id);
        const now = new Date();
        const requeued = await requeueDraftOrderCreate(tx, order, now);
        if (!requeued.queued) {
          switch (requeued.reason) {
            case 'test-mode':
              throw new AppError(
                'CONFLICT',
                `Order ${orderNumber} was placed in test mode: it has no Shopify draft`,
              );
            case 'cancelled':
              throw new AppError('CONFLICT', `Order ${orderNumber} is cancelled: it needs no Shopify draft`);
            case 'has-draft':
            case 'in-progress':
              return {
                message:
                  requeued.reason === 'has-draft'
                    ? `Order ${orderNumber} is already in Shopify as ${order.shopifyOrderId ?? 'a draft order'}`
                    : `Order ${orderNumber} is already being sent to Shopify`,
                changed: false,
                order: toAdminOrder(order, supportMessageCount),
              };
          }
        }
        const updated = await updateOrder(tx, order.id, { shopifySyncStatus: 'pending', updatedAt: now });
        await recordAudit(tx, request, {
          action: 'order.shopify-sync',
          entityType: 'order',
          entityId: order.id,
          before: { shopifySyncStatus: order.shopifySyncStatus },
          after: { shopifySyncStatus: updated.shopifySyncStatus },
        });
        return {
          message: `Order ${orderNumber} is being sent to Shopify again`,
          changed: true,
          order: toAdminOrder(updated, supportMessageCount),
        };
      });
    },

    /**
     * GET /api/admin/orders/export.csv: every matching order (all pages), newest first. A bulk export of
     * customers' details, so it is written to the audit log with its filter and size.
     */
    async exportCsv(request: FastifyRequest, filter: AdminOrderFilter): Promise<string> {
      const rows = await findAllOrders(db, orderFilterCondition(filter));
      await recordAudit(db, request, {
        action: 'order.export',
        entityType: 'order',
        entityId: null,
        after: { filter, orders: rows.length },
      });
      return buildOrdersCsv(rows);
    },
  };
}

export type AdminOrdersService = ReturnType<typeof createAdminOrdersService>;
