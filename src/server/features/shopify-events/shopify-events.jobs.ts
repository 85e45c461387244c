import { bindJob, type BoundJob } from '../../jobs/job-definition';
import { createProcessWebhookHandler, type ShopifyEventsDeps } from './process-webhook-event';
import { createReconcileHandler, reconcileJob } from './reconcile-orders';
import { processWebhookJob } from './webhook-inbox';

/** The jobs of Shopify's events: processing a stored webhook, and the periodic reconciliation. */
export function shopifyEventsJobHandlers(deps: ShopifyEventsDeps): BoundJob[] {
  return [
    bindJob(processWebhookJob, createProcessWebhookHandler(deps)),
    bindJob(reconcileJob, createReconcileHandler(deps)),
  ];
}
