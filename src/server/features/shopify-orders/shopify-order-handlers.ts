import type { JobHandler } from '../../jobs/worker';
import { createDraftOrderHandler } from './create-draft-order.job';
import { deleteDraftOrderHandler } from './delete-draft-order.job';
import type { ShopifyOrderJobDeps } from './job-support';
import { sendDraftInvoiceHandler } from './send-draft-invoice.job';
import { CREATE_DRAFT_ORDER_JOB, DELETE_DRAFT_ORDER_JOB, SEND_DRAFT_INVOICE_JOB } from './shopify-order-jobs';

/** The draft-order jobs (jobs/job-handlers.ts registers them when a store is connected). */
export function createShopifyOrderHandlers(deps: ShopifyOrderJobDeps): Record<string, JobHandler> {
  return {
    [CREATE_DRAFT_ORDER_JOB]: createDraftOrderHandler(deps),
    [SEND_DRAFT_INVOICE_JOB]: sendDraftInvoiceHandler(deps),
    [DELETE_DRAFT_ORDER_JOB]: deleteDraftOrderHandler(deps),
  };
}
