/*
 * Shopify events' face to the layers that run it: the job handlers (webhooks processed from the inbox, the
 * reconciliation) for the job registry, and the inbox's pruning for housekeeping.
 */
export { shopifyEventsJobHandlers } from './shopify-events.jobs';
export { pruneWebhookEvents, WEBHOOK_EVENT_RETENTION_DAYS } from './webhook-inbox';
