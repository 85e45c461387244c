import type { ShopifyApi } from '../../integrations/shopify/shopify-api';
import { DRAFT_ORDER_TOPIC, PRODUCT_TOPIC } from './webhook-payloads';

/**
 * The topics the portal subscribes to (ADR 0012). Not orders/updated: it fires on every edit of every order of
 * the shop, and what it could tell is covered by these plus the 15-minute reconciliation.
 */
export const SUBSCRIBED_TOPICS = [
  'orders/paid',
  'orders/fulfilled',
  'fulfillments/create',
  'fulfillments/update',
  DRAFT_ORDER_TOPIC,
  PRODUCT_TOPIC,
] as const;

export type SubscriptionOutcome =
  | { topic: string; result: 'subscribed'; id: string }
  | { topic: string; result: 'already-subscribed' }
  | { topic: string; result: 'failed'; message: string };

/** `orders/paid` → `ORDERS_PAID`, the `WebhookSubscriptionTopic` enum value. */
export function topicEnumOf(topic: string): string {
  return topic.toUpperCase().replace(/\//g, '_');
}

/**
 * Subscribes `uri` to every topic the portal reads. Safe to run again: Shopify refuses the same address twice
 * for a topic, and that answer counts as already subscribed.
 */
export async function subscribeWebhooks(api: ShopifyApi, uri: string): Promise<SubscriptionOutcome[]> {
  const outcomes: SubscriptionOutcome[] = [];
  for (const topic of SUBSCRIBED_TOPICS) {
    const result = await api.createWebhookSubscription(topicEnumOf(topic), uri);
    if (result.ok) {
      outcomes.push({ topic, result: 'subscribed', id: result.data.id });
    } else if (result.error.userErrors?.some((error) => /already been taken/i.test(error.message))) {
      outcomes.push({ topic, result: 'already-subscribed' });
    } else {
      outcomes.push({ topic, result: 'failed', message: result.error.message });
    }
  }
  return outcomes;
}
