import type { FastifyRequest } from 'fastify';
import { centsToDecimal } from '../../../shared/money';
import { formatOrderNumber, ORDER_STATUS_LABELS, toOrderStatus } from '../../../shared/orders';
import {
  PAYMENT_REMINDER_SENT,
  type AdminOrder,
  type AdminOrderFilter,
  type AdminOrderItem,
  type AdminOrderListQuery,
  type AdminOrderListResponse,
  type PaymentReminderResponse,
  type UpdateOrderStatusResponse,
} from '../../../shared/schemas/admin-orders';
import type { OrderStatus } from '../../../shared/schemas/orders';
import { recordAudit } from '../../audit/audit-log';
import type { DatabaseOrTransaction } from '../../db/client';
import type { OrderRow } from '../../db/schema';
import { AppError, notFound } from '../../errors';
import type { AdminDeps } from '../admin';
import {
  changeOrderStatus,
  OrderChangedError,
  countOrders,
  findItemsOfOrders,
  findOrdersAfter,
  findOrderById,
  findOrdersPage,
  makeOrderPdf,
  orderFilterCondition,
  requestShopifyDraftAgain,
  type StatusChangeOptions,
  sendPaymentReminder,
  toOrderItemView,
  type OrderPdf,
  type StaffActor,
} from '../orders';
import { countSupportMessagesOfOrders, findCompanyNames, findOrderers } from './admin-orders.repository';
import type {
  OrderersResponse,
  PrepareOrderData,
  PrepareOrderResponse,
  StaffEditOrderResponse,
} from '../../../shared/schemas/order-changes';
import type { OrderService } from '../orders';
import { ORDERS_CSV_PAGE_ROWS, ordersCsvChunks } from './orders-csv';
import { shopifyAppError } from '../../integrations/shopify/shopify-errors';
import {
  isOverdue,
  owesPayment,
  paymentStateOf,
  reminderCooldownOver,
  reminderRefusal,
} from '../../../shared/order-rules';
import { nextPaymentReminderAt } from '../../../shared/payment-terms';

const ORDER_NOT_FOUND = 'Order not found';

/** What the admin view of an order reads beside the order itself. */
interface OrderExtras {
  /** How many support messages are about it (issue 7). */
  supportMessageCount: number;
  /** The company it is for, as the company is named now (the order keeps `businessName` as placed). */
  company: { id: number; name: string } | null;
}

/** The admin view of an order. */
export function toAdminOrder(order: OrderRow, { supportMessageCount, company }: OrderExtras): AdminOrder {
  const now = new Date();
  const coolingDown = owesPayment(order) && !reminderCooldownOver(order, now);
  return {
    id: order.id,
    orderNumber: formatOrderNumber(order.id),
    customerName: order.customerName,
    customerEmail: order.customerEmail,
    customerPhone: order.customerPhone,
    businessName: order.businessName,
    version: order.version,
    createdAt: order.createdAt.toISOString(),
    status: toOrderStatus(order.status),
    paymentStatus: order.paymentStatus,
    notes: order.notes,
    poNumber: order.poNumber,
    paymentTerms: order.paymentTerms,
    paymentDueAt: order.paymentDueAt?.toISOString() ?? null,
    paymentOverdue: isOverdue(order, now),
    paymentState: paymentStateOf(order, now),
    holdReason: order.holdReason,
    paymentReminderSentAt: order.paymentReminderSentAt?.toISOString() ?? null,
    canSendReminder: reminderRefusal(order, now) === null,
    nextPaymentReminderAt:
      coolingDown && order.paymentReminderSentAt
        ? nextPaymentReminderAt(order.paymentReminderSentAt).toISOString()
        : null,
    shopifyOrderId: order.shopifyOrderId,
    shopifyCheckoutUrl: order.shopifyCheckoutUrl,
    orderTotal: centsToDecimal(order.orderTotal),
    totalCases: order.totalCases,
    shopifySyncStatus: order.shopifySyncStatus,
    supportMessageCount,
    company,
  };
}

/** The admin views of `rows`, their support message counts and company names read in one query each. */
async function toAdminOrders(db: DatabaseOrTransaction, rows: readonly OrderRow[]): Promise<AdminOrder[]> {
  const ids = rows.map((row) => row.id);
  const supportCounts = await countSupportMessagesOfOrders(db, ids);
  const companyNames = await findCompanyNames(
    db,
    rows.flatMap((row) => (row.companyId === null ? [] : [row.companyId])),
  );
  return rows.map((row) => {
    const name = row.companyId === null ? undefined : companyNames.get(row.companyId);
    return toAdminOrder(row, {
      supportMessageCount: supportCounts.get(row.id) ?? 0,
      company: row.companyId !== null && name !== undefined ? { id: row.companyId, name } : null,
    });
  });
}

/** The admin view of one order. */
async function toAdminOrderOf(db: DatabaseOrTransaction, order: OrderRow): Promise<AdminOrder> {
  const [view] = await toAdminOrders(db, [order]);
  if (!view) throw new Error(`Order ${order.id} has no view`);
  return view;
}

/** The admin Orders section (docs/admin.md#orders): list, lines, status changes and the CSV export. */
export function createAdminOrdersService(
  { db, env, shopify }: AdminDeps,
  orders: Pick<OrderService, 'prepareOrder' | 'staffEditOrder'>,
) {
  /** The status change, its audit entry and the customer's e-mail, in one transaction. */
  function changeStatus(
    actor: StaffActor,
    orderId: number,
    status: OrderStatus,
    options: StatusChangeOptions,
  ) {
    return db.transaction(async (tx) => {
      const context = { actor, env, storeConnected: shopify !== null };
      const result = await changeOrderStatus(tx, context, orderId, status, options);
      if (!result) throw notFound(ORDER_NOT_FOUND);
      const orderNumber = formatOrderNumber(orderId);
      return {
        message: result.changed
          ? `Order ${orderNumber} is now ${ORDER_STATUS_LABELS[status]}`
          : `Order ${orderNumber} is already ${ORDER_STATUS_LABELS[status]}`,
        changed: result.changed,
        order: await toAdminOrderOf(tx, result.order),
      };
    });
  }

  return {
    /** GET /api/admin/orders/orderers: whom staff may prepare an order for (docs/orders.md#staff-prepare-an-order). */
    async findOrderers(search: string | undefined): Promise<OrderersResponse> {
      return { orderers: await findOrderers(db, search) };
    },

    /** POST /api/admin/orders: an order prepared for a buyer, awaiting their confirmation. */
    prepareOrder(actor: StaffActor, request: PrepareOrderData): Promise<PrepareOrderResponse> {
      const { userId, locationId, items, note, poNumber, approveOnConfirm, requestKey } = request;
      return orders.prepareOrder(actor, userId, {
        locationId,
        items,
        note: note ?? null,
        poNumber: poNumber ?? null,
        approveOnConfirm,
        requestKey,
      });
    },

    /**
     * PUT /api/admin/orders/{id}/items: staff change a pending order's lines (docs/orders.md#changing-a-pending-order);
     * 409 with the order's row as it stands when it changed since `version`.
     */
    async editLines(
      actor: StaffActor,
      orderId: number,
      change: {
        version: number;
        items: ReadonlyArray<{ productId: number; quantity: number }>;
        reason: string;
      },
    ): Promise<StaffEditOrderResponse> {
      const orderNumber = formatOrderNumber(orderId);
      try {
        const result = await orders.staffEditOrder(
          actor,
          orderId,
          change.version,
          change.items,
          change.reason,
        );
        return {
          message: result.changed
            ? `Order ${orderNumber} was changed; the buyer has been e-mailed`
            : `Order ${orderNumber} already has these lines: nothing changed`,
          order: await toAdminOrderOf(db, result.order),
        };
      } catch (error) {
        if (!(error instanceof OrderChangedError)) throw error;
        throw new AppError('CONFLICT', error.message, { order: await toAdminOrderOf(db, error.current) });
      }
    },

    /** GET /api/admin/orders: the matching orders, newest first, one page. */
    async listOrders(query: AdminOrderListQuery): Promise<AdminOrderListResponse> {
      const { rows, total } = await findOrdersPage(db, orderFilterCondition(query), {
        limit: query.limit,
        offset: (query.page - 1) * query.limit,
      });
      return {
        orders: await toAdminOrders(db, rows),
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

    /** GET /api/admin/orders/{id}/pdf: any order's PDF, as its customer gets it (docs/orders.md#order-pdf). */
    async orderPdf(orderId: number): Promise<OrderPdf> {
      const pdf = await makeOrderPdf(db, env, orderId, null);
      if (!pdf) throw notFound(ORDER_NOT_FOUND);
      return pdf;
    },

    /**
     * PATCH /api/admin/orders/{id}/status: any status (docs/orders.md#status-changes-by-staff). The change,
     * its audit entry and the customer's e-mail commit together; the same status again changes nothing and
     * sends nothing. With `version`, a change since staff saw the order refuses it (409, with the order as it
     * stands in `details.order`: docs/orders.md#concurrent-changes). An approval the credit check stops
     * answers 409 CREDIT_CHECK unless `override` says why it goes ahead; 'on_hold' carries its reason
     * (docs/credit.md#credit-hold-at-approval).
     */
    async updateStatus(
      actor: StaffActor,
      orderId: number,
      status: OrderStatus,
      options: StatusChangeOptions = {},
    ): Promise<UpdateOrderStatusResponse> {
      try {
        return await changeStatus(actor, orderId, status, options);
      } catch (error) {
        if (!(error instanceof OrderChangedError)) throw error;
        // Refused as a whole: the order as it stands, for the list to show at once.
        throw new AppError('CONFLICT', error.message, { order: await toAdminOrderOf(db, error.current) });
      }
    },

    /**
     * POST /api/admin/orders/{id}/shopify-sync: staff ask for the order's Shopify draft again when it could
     * not be made (sync 'failed', or 'pending' with no job left: issue 8 'Orders'). A new create job is
     * queued with the order back at 'pending', and audited; an order already in Shopify, or on its way,
     * answers unchanged. Test-mode and cancelled orders have no draft to make (409).
     */
    async retryShopifySync(actor: StaffActor, orderId: number): Promise<UpdateOrderStatusResponse> {
      if (!shopify) throw new AppError('SHOPIFY_NOT_CONNECTED', 'Shopify is not connected');
      return db.transaction(async (tx) => {
        const result = await requestShopifyDraftAgain(tx, actor, orderId);
        if (!result) throw notFound(ORDER_NOT_FOUND);
        const { order, requeue } = result;
        const view = await toAdminOrderOf(tx, order);
        const orderNumber = formatOrderNumber(orderId);
        const answer = (message: string) => ({ message, changed: result.changed, order: view });
        if (requeue.queued) return answer(`Order ${orderNumber} is being sent to Shopify again`);
        switch (requeue.reason) {
          case 'test-mode':
            throw new AppError(
              'CONFLICT',
              `Order ${orderNumber} was placed in test mode: it has no Shopify draft`,
            );
          case 'cancelled':
            throw new AppError('CONFLICT', `Order ${orderNumber} is cancelled: it needs no Shopify draft`);
          case 'awaiting':
            throw new AppError(
              'CONFLICT',
              `Order ${orderNumber} is waiting for the buyer's confirmation: it goes to Shopify once confirmed`,
            );
          case 'has-draft':
            return answer(
              `Order ${orderNumber} is already in Shopify as ${order.shopifyOrderId ?? 'a draft order'}`,
            );
          case 'in-progress':
            return answer(`Order ${orderNumber} is already being sent to Shopify`);
        }
      });
    },

    /**
     * POST /api/admin/orders/{id}/payment-reminder (docs/orders.md#payment-terms): Shopify's reminder of the
     * order's payment schedule, or the portal's own in test mode; refusals are 409s with their reason.
     */
    async remindOfPayment(actor: StaffActor, orderId: number): Promise<PaymentReminderResponse> {
      const deps = { db, env, shopify: shopify?.api ?? null };
      const result = await sendPaymentReminder(deps, actor, orderId, ORDER_NOT_FOUND);
      if (!result.ok) throw shopifyAppError(result.error, 'the payment reminder');
      return { message: PAYMENT_REMINDER_SENT, order: await toAdminOrderOf(db, result.order) };
    },

    /**
     * GET /api/admin/orders/export.csv: every matching order (all pages), newest first, as CSV chunks read a
     * page at a time (docs/admin.md#orders). A bulk export of customers' details, so it is written to the
     * audit log with its filter and how many orders matched, before the first row goes out.
     */
    async exportCsv(
      request: FastifyRequest,
      filter: AdminOrderFilter,
    ): Promise<{ total: number; chunks: AsyncGenerator<string> }> {
      // Built once: the Overdue filter's clock is the export's start, for every page.
      const where = orderFilterCondition(filter);
      const total = await countOrders(db, where);
      await recordAudit(db, request, {
        action: 'order.export',
        entityType: 'order',
        entityId: null,
        after: { filter, orders: total },
      });
      const chunks = ordersCsvChunks((after) => findOrdersAfter(db, where, after, ORDERS_CSV_PAGE_ROWS));
      return { total, chunks };
    },
  };
}
