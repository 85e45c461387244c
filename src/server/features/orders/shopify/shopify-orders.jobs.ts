import { bindJob, type BoundJob } from '../../../jobs/job-definition';
import {
  createDraftOrderJob,
  deleteDraftOrderJob,
  sendDraftInvoiceJob,
  updateDraftOrderJob,
} from './draft-order-definitions';
import { createDraftOrderHandler } from './create-draft-order.job';
import { deleteDraftOrderHandler } from './delete-draft-order.job';
import type { ShopifyOrderJobDeps } from './job-support';
import { sendDraftInvoiceHandler } from './send-draft-invoice.job';
import { updateDraftOrderHandler } from './update-draft-order.job';

/** The draft-order jobs (jobs/registry.ts registers them when a store is connected). */
export function createShopifyOrderHandlers(deps: ShopifyOrderJobDeps): BoundJob[] {
  return [
    bindJob(createDraftOrderJob, createDraftOrderHandler(deps)),
    bindJob(updateDraftOrderJob, updateDraftOrderHandler(deps)),
    bindJob(sendDraftInvoiceJob, sendDraftInvoiceHandler(deps)),
    bindJob(deleteDraftOrderJob, deleteDraftOrderHandler(deps)),
  ];
}
