/*
 * The orders module's public face: other features read and change orders only through what is exported
 * here. Inside, the module is rooms (drawn in docs/architecture.md#the-orders-module):
 *   placement/  the buyer's order, written in one statement (POST /api/create-draft-order, reorder)
 *   lifecycle/  the named transitions after placement: the only writer of an order that exists
 *   payments/   net terms, the payment e-mails and staff's reminder
 *   documents/  the order PDF
 *   reads/      the order's reads (the customer's, staff's list and search) and the table's statements
 *   shopify/    the draft-order jobs (definitions beside their handlers) and what queues them
 *   rules/      what an order's state means (approved, …), pure
 * A room uses another only through that room's public files, listed per room in eslint/boundaries.js
 * (ORDER_ROOMS), which fails the lint otherwise; lifecycle/order-writes.ts (the generic `updateOrder`) is
 * private to lifecycle/. The routes and the order service at this root compose the rooms.
 */
export {
  changeOrderStatus,
  OrderChangedError,
  markShopifyChecked,
  requestShopifyDraftAgain,
  type StaffActor,
  type StatusChangeOptions,
} from './lifecycle/order-transitions';
export { readCompanyCredit, readCreditExposure } from './credit/credit-reads';
export { applyShopifyFacts } from './lifecycle/apply-shopify-facts';
export type { ShopifyOrderFacts, Tracking } from './lifecycle/shopify-facts';
export { findOrderById, lockOrdersOfCompany, moveOrdersBetweenCompanies } from './lifecycle/order-records';
export { buildReorder } from './placement/reorder';
export { describeLine } from './placement/order-emails';
export { netTemplateFor, paymentTermsOptions } from './payments/payment-terms';
export { paymentNoticesJobs, startPaymentNotices } from './payments/payment-notices';
export { sendPaymentReminder } from './payments/payment-reminders';
export {
  countOrders,
  findOrdersAfter,
  findOrdersPage,
  orderFilterCondition,
  type OrderKey,
  type OrdersAfterPage,
} from './reads/staff-order-queries';
export { findItemsOfOrders, findOrderInScope, findOrdersInScope } from './reads/orders.repository';
export { orderScopeOf } from './reads/order-scope';
export { isOpenSql, isOverdueSql } from './rules/order-rules.sql';
export { toOrderItemView } from './reads/order-view';
export { makeOrderPdf, sendOrderPdf, type OrderPdf } from './documents/order-pdf';
export { createShopifyOrderHandlers } from './shopify/shopify-orders.jobs';
export { preparedOrderDeadlineJobs, startPreparedOrderDeadlines } from './lifecycle/prepared-order-deadlines';
export type { OrderService } from './orders.service';
export { PostponeJob, shopifyOrderJob, type PurchasingOrder } from './shopify/job-support';
export { SHOPIFY_ORDER_JOB_ATTEMPTS } from './shopify/draft-order-definitions';
export { toCountryCode, toProvinceCode } from './shopify/address-codes';
