import type { JobHandler } from '../../jobs/worker';
import { createProcessWebhookHandler, type ShopifyEventsDeps } from './process-webhook-event';
import { createReconcileHandler, RECONCILE_JOB } from './reconcile-orders';
import { PROCESS_WEBHOOK_JOB } from './webhook-inbox';

/** The jobs of Shopify's events: processing a stored webhook, and the periodic reconciliation. */
export function shopifyEventsJobHandlers(deps: ShopifyEventsDeps): Record<string, JobHandler> {
  return {
    [PROCESS_WEBHOOK_JOB]: createProcessWebhookHandler(deps),
    [RECONCILE_JOB]: createReconcileHandler(deps),
  };
}
