import {
  type OrderDetailResponse,
  type OrderListResponse,
  type ReorderResponse,
} from '../../../shared/schemas/orders';
import { formatOrderNumber } from '../../../shared/orders';
import type { Database } from '../../db/client';
import type { Env } from '../../env';
import { AppError, notFound } from '../../errors';
import type { ShopifyConnection } from '../../integrations/shopify/shopify';
import { createCountedRouteLimit } from '../../security/counted-route-limit';
import { createRateCounters } from '../../security/rate-counters';
import { ROUTE_RATE_LIMITS } from '../../security/rate-limits';
import type { PricingService } from '../pricing';

import { createOrderIds } from './placement/order-ids';
import { makeOrderPdf, type OrderPdf } from './documents/order-pdf';
import { orderScopeOf } from './reads/order-scope';
import {
  mayPlaceOrders,
  STAFF_CANNOT_ORDER_MESSAGE,
  VIEWERS_CANNOT_CHANGE_ORDERS_MESSAGE,
  VIEWERS_CANNOT_ORDER_MESSAGE,
} from '../../../shared/company-roles';
import { cancelOrderByBuyer } from './lifecycle/buyer-cancel';
import { OrderChangedError } from './lifecycle/order-transitions';
import {
  findAlreadyPrepared,
  prepareOrder,
  PREPARED_ORDER_REQUEST_KEY,
  type OrderToPrepare,
} from './lifecycle/prepare-order';
import { violatedConstraint } from '../../db/postgres-errors';
import { confirmPreparedOrder, declinePreparedOrder } from './lifecycle/prepared-order-answers';
import { reviseOrderLines, type Reviser } from './lifecycle/revise-order';
import { findUserById } from '../accounts';
import type { AuditActor } from '../../audit/audit-log';
import type { DatabaseOrTransaction } from '../../db/client';
import type { OrderRow } from '../../db/schema';
import { toOrderDetail, toOrderItemView, toOrderSummary } from './reads/order-view';
import { prepareOrderReads, withLocationNames } from './reads/orders.repository';
import type { OrderToPlace } from './placement/place-order';
import { buildReorder } from './placement/reorder';
import { submitOrder } from './placement/submit-order';
import type { AccountRow } from '../../db/schema';
import { readCompanyCredit } from './credit/credit-reads';
import type { AccountCreditResponse } from '../../../shared/schemas/credit';

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
  const submissions = createCountedRouteLimit(
    createRateCounters(db),
    { method: 'POST', url: '/api/create-draft-order' },
    ROUTE_RATE_LIMITS.submitOrder,
  );

  /** An order the customer may see (their company's, docs/companies.md#orders); 404 otherwise. */
  async function findVisibleOrder(user: AccountRow, orderId: number) {
    const order = await reads.one(orderScopeOf(user), orderId);
    if (!order) throw notFound(ORDER_NOT_FOUND);
    return order;
  }

  /** A viewer cannot order, nor can staff (docs/companies.md#people-and-roles). */
  function refuseViewers(user: AccountRow) {
    if (mayPlaceOrders(user.companyRole)) return;
    const message = user.companyRole === null ? STAFF_CANNOT_ORDER_MESSAGE : VIEWERS_CANNOT_ORDER_MESSAGE;
    throw new AppError('FORBIDDEN', message);
  }

  /** GET /api/orders/{id}'s answer, for the reads and for a change refused because the order moved on. */
  async function orderDetail(user: AccountRow, orderId: number): Promise<OrderDetailResponse> {
    const [order] = await withLocationNames(db, user, [await findVisibleOrder(user, orderId)]);
    const items = order!.items.map(toOrderItemView);
    const detail = toOrderDetail(order!, items);
    return { order: detail, items, orderTotal: detail.orderTotal };
  }

  const storeConnected = shopify !== null;

  /** An owner or buyer of the company, who may see the order: else 404 (not theirs) or 403 (a viewer). */
  async function requireBuyerOf(user: AccountRow, orderId: number) {
    if (!mayPlaceOrders(user.companyRole)) {
      throw new AppError('FORBIDDEN', VIEWERS_CANNOT_CHANGE_ORDERS_MESSAGE);
    }
    await findVisibleOrder(user, orderId);
  }

  /**
   * A buyer's change of their company's order (docs/orders.md#orders-that-change-hands), in one transaction;
   * the order as they now see it. Refused because the order changed since they saw it: 409 with the order as
   * it stands in `details.order` (docs/orders.md#concurrent-changes).
   */
  async function buyerChange(
    user: AccountRow,
    orderId: number,
    change: (tx: DatabaseOrTransaction) => Promise<unknown>,
  ): Promise<OrderDetailResponse> {
    await requireBuyerOf(user, orderId);
    try {
      await db.transaction(change);
    } catch (error) {
      if (!(error instanceof OrderChangedError)) throw error;
      throw new AppError('CONFLICT', error.message, { order: await orderDetail(user, orderId) });
    }
    return orderDetail(user, orderId);
  }

  // Prepared and changed orders are priced from the catalogue read anew, not the cached one: they are few,
  // and the cache of this instance may not have heard of a change made on another yet (ADR 0019).
  const answerContext = (user: AccountRow, ip: string) => ({ buyer: user, ip, env, storeConnected });

  return {
    /** POST /api/orders/{id}/confirm: the buyer confirms an order staff prepared. */
    confirmOrder: (user: AccountRow, ip: string, orderId: number, version: number) =>
      buyerChange(user, orderId, (tx) => confirmPreparedOrder(tx, answerContext(user, ip), orderId, version)),

    /** POST /api/orders/{id}/decline: the buyer declines it, with their reason for staff. */
    declineOrder: (user: AccountRow, ip: string, orderId: number, version: number, reason: string | null) =>
      buyerChange(user, orderId, (tx) =>
        declinePreparedOrder(tx, answerContext(user, ip), orderId, version, reason),
      ),

    /** PUT /api/orders/{id}/items: the buyer's 'Save changes' of their pending order. */
    editOrder: async (
      user: AccountRow,
      ip: string,
      orderId: number,
      version: number,
      items: ReadonlyArray<{ productId: number; quantity: number }>,
    ) => {
      const { catalog } = await pricing.freshCatalogue();
      const reviser: Reviser = { by: 'buyer', buyer: user, ip };
      return buyerChange(user, orderId, (tx) =>
        reviseOrderLines(tx, { env, storeConnected }, catalog, reviser, orderId, version, items),
      );
    },

    /**
     * POST /api/admin/orders: staff prepare an order for `userId` (docs/orders.md#staff-prepare-an-order),
     * priced from the catalogue of this moment.
     */
    async prepareOrder(actor: AuditActor, userId: number, request: OrderToPrepare) {
      const already = await findAlreadyPrepared(db, actor, request.requestKey);
      if (already) return already;
      const [person, catalogue, orderId] = await Promise.all([
        findUserById(db, userId),
        pricing.freshCatalogue(),
        orderIds.next(),
      ]);
      try {
        return await db.transaction((tx) =>
          prepareOrder(tx, { actor, env, storeConnected }, catalogue.catalog, person, orderId, request),
        );
      } catch (error) {
        // The same key at the same moment (a double press): the one written answers both.
        const again = violatedConstraint(error) === PREPARED_ORDER_REQUEST_KEY;
        const answer = again ? await findAlreadyPrepared(db, actor, request.requestKey) : null;
        if (answer) return answer;
        throw error;
      }
    },

    /**
     * PUT /api/admin/orders/{id}/items: staff change a pending order's lines with a reason
     * (docs/orders.md#changing-a-pending-order). Throws OrderChangedError (with the current row) once the
     * order moved on since `version`.
     */
    async staffEditOrder(
      actor: AuditActor,
      orderId: number,
      version: number,
      items: ReadonlyArray<{ productId: number; quantity: number }>,
      reason: string,
    ): Promise<{ order: OrderRow; changed: boolean }> {
      const { catalog } = await pricing.freshCatalogue();
      return db.transaction((tx) =>
        reviseOrderLines(
          tx,
          { env, storeConnected },
          catalog,
          { by: 'staff', actor, reason },
          orderId,
          version,
          items,
        ),
      );
    },

    /**
     * POST /api/create-draft-order: places the order once per idempotency key (docs/orders.md#idempotency),
     * counted against the customer's limit (`subject`: `user:<id>`, docs/security.md#rate-limits).
     */
    submitOrder: async (
      user: AccountRow,
      idempotencyKey: string,
      order: OrderToPlace & { request: unknown },
      subject: string,
    ) => {
      try {
        refuseViewers(user);
      } catch (error) {
        // A refused submission counts against the limit like any other (docs/security.md#rate-limits).
        await submissions.count(subject);
        throw error;
      }
      return submitOrder(
        { db, env, pricing, orderIds, shopifyConnected: shopify !== null, submissions },
        user,
        idempotencyKey,
        order,
        subject,
      );
    },

    /**
     * Counts a submission refused before it could be placed (signed out, no idempotency key): beyond the
     * limit it throws the 429 instead (docs/security.md#rate-limits).
     */
    countRefusedSubmission: (subject: string) => submissions.count(subject),

    /** GET /api/orders: the orders the customer may see (of one location, if asked), newest first, with their lines. */
    async listOrders(
      user: AccountRow,
      page: { page: number; limit: number; location?: number | undefined },
    ): Promise<OrderListResponse> {
      const { orders, total } = await reads.page(orderScopeOf(user, page.location ?? null), {
        limit: page.limit,
        offset: (page.page - 1) * page.limit,
      });
      const located = await withLocationNames(db, user, orders);
      return {
        orders: located.map((order) => toOrderSummary(order, order.items.map(toOrderItemView))),
        totalPages: Math.ceil(total / page.limit),
        page: page.page,
        total,
      };
    },

    /** GET /api/orders/{id}: the order, its lines and total; 404 unless the customer may see it. */
    getOrder: orderDetail,

    /**
     * POST /api/orders/{id}/cancel: the buyer cancels the company's order while it waits for approval
     * (docs/orders.md#buyers-cancel-a-pending-order); 404 unless they may see it, 403 for a viewer, 409 once
     * it is approved or changed since `version` (with the order as it now stands in `details.order`).
     */
    cancelOrder: (user: AccountRow, ip: string, orderId: number, version: number) =>
      buyerChange(user, orderId, (tx) =>
        cancelOrderByBuyer(tx, { buyer: user, ip, env, storeConnected }, orderId, version),
      ),

    /** GET /api/orders/{id}/pdf: the order's PDF (docs/orders.md#order-pdf); 404 unless the customer may see it. */
    async orderPdf(user: AccountRow, orderId: number): Promise<OrderPdf> {
      const pdf = await makeOrderPdf(db, env, orderId, orderScopeOf(user));
      if (!pdf) throw notFound(ORDER_NOT_FOUND);
      return pdf;
    },

    /** POST /api/orders/{id}/reorder: the old lines at today's prices; creates nothing. */
    async reorder(user: AccountRow, orderId: number): Promise<ReorderResponse> {
      refuseViewers(user);
      const [order, catalogue] = await Promise.all([
        findVisibleOrder(user, orderId),
        pricing.currentCatalogue(),
      ]);
      const lines = buildReorder(catalogue.catalog, catalogue.productsById, order.items);
      return { order: { id: order.id, orderNumber: formatOrderNumber(order.id) }, id: order.id, ...lines };
    },

    /**
     * GET /api/account/credit: the person's company credit ('Credit available', docs/credit.md#what-buyers-see);
     * null without a limit. Every member reads it: it is the company's, as its orders are.
     */
    async accountCredit(user: AccountRow): Promise<AccountCreditResponse> {
      if (user.companyId === null) return { credit: null };
      const credit = await readCompanyCredit(db, user.companyId);
      if (!credit || credit.limit === null) return { credit: null };
      const { ordersOnHold: _held, ...answer } = credit;
      return { credit: answer };
    },
  };
}

export type OrderService = ReturnType<typeof createOrderService>;
