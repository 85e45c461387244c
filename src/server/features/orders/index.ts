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
} from './order-transitions';
export { applyShopifyFacts, type AppliedFacts } from './apply-shopify-facts';
export {
  isStale,
  planOrderChanges,
  type OrderState,
  type ShopifyOrderFacts,
  type Tracking,
} from './shopify-facts';
export { findOrderById, lockOrderById } from './order-writes';
export { netTemplateFor, paymentTermsOptions } from './payment-terms';
export { paymentNoticesJobs, startPaymentNotices } from './payment-notices';
export { sendPaymentReminder } from './payment-reminders';
export {
  countOrders,
  findOrdersAfter,
  findOrdersPage,
  orderFilterCondition,
  type OrderKey,
  type OrdersAfterPage,
} from './staff-order-queries';
export { findItemsOfOrders, findOrderOfUser, findOrdersOfUser } from './orders.repository';
export { isApprovedOrder } from './order-rules';
export { toOrderItemView } from './order-view';
export { makeOrderPdf, sendOrderPdf, type OrderPdf } from './order-pdf';
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
} from './shopify-sync';
export type { InvoiceOutcome } from './approval-email';
