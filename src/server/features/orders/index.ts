/*
 * The orders feature's public face: other features read orders and change them through what is exported
 * here, never through its repositories. Writes go through the named transitions (order-transitions.ts,
 * apply-shopify-facts.ts); placement is the feature's own route.
 */
export {
  changeOrderStatus,
  forgetShopifyDraft,
  markShopifyChecked,
  markShopifySyncFailed,
  markShopifySyncPendingAgain,
  recordInvoiceSent,
  recordShopifyDraft,
  requestShopifyDraftAgain,
  settleCancelledWithoutDraft,
  tellCustomerOfApproval,
  type StaffActor,
  type TransitionResult,
} from './lifecycle/order-transitions';
export { applyShopifyFacts, type AppliedFacts } from './lifecycle/apply-shopify-facts';
export {
  isStale,
  planOrderChanges,
  type OrderState,
  type ShopifyOrderFacts,
  type Tracking,
} from './lifecycle/shopify-facts';
export { findOrderById, lockOrderById } from './lifecycle/order-writes';
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
export { findItemsOfOrders, findOrderOfUser, findOrdersOfUser } from './reads/orders.repository';
export { isOpenSql, isOverdueSql } from './rules/order-rules.sql';
export { toOrderItemView } from './reads/order-view';
export { makeOrderPdf, sendOrderPdf, type OrderPdf } from './documents/order-pdf';
export {
  CREATE_DRAFT_ORDER_JOB,
  createDraftOrderJob,
  createJobPayloadSchema,
  deleteDraftOrderJob,
  DELETE_DRAFT_ORDER_JOB,
  invoiceJobPayloadSchema,
  orderJobPayloadSchema,
  SEND_DRAFT_INVOICE_JOB,
  sendDraftInvoiceJob,
  SHOPIFY_ORDER_JOB_ATTEMPTS,
  type CreateJobPayload,
  type DraftRequeue,
  type InvoiceJobPayload,
} from './shopify/shopify-sync';
export type { InvoiceOutcome } from './lifecycle/approval-email';
