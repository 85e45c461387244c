import { classifyPayload } from '../classify-response';
import type { ShopifyClient } from '../client';
import { operations } from '../operations';
import { shopifyFailure, type ShopifyResult } from '../shopify-result';

/* Webhook subscriptions (docs/shopify.md#webhooks): `npm run shopify:webhooks` makes them once per store. */

interface ShopifyWebhookSubscription {
  id: string;
  topic: string;
  uri: string;
}

export interface WebhooksApi {
  /** Subscribes `uri` to a topic such as `ORDERS_PAID` (JSON): a subscription made by the app is signed with its secret. */
  createWebhookSubscription(topic: string, uri: string): Promise<ShopifyResult<ShopifyWebhookSubscription>>;
}

export function createWebhooksApi(client: ShopifyClient): WebhooksApi {
  return {
    async createWebhookSubscription(topic, uri) {
      const result = await client.request(operations.createWebhook, { topic, sub: { uri, format: 'JSON' } });
      if (!result.ok) return result;
      return classifyPayload('webhookSubscriptionCreate', result.data.webhookSubscriptionCreate, (payload) =>
        payload.webhookSubscription
          ? {
              ok: true,
              data: {
                id: payload.webhookSubscription.id,
                topic: payload.webhookSubscription.topic,
                uri: payload.webhookSubscription.uri,
              },
            }
          : shopifyFailure(
              'invalid-response',
              'webhookSubscriptionCreate: no subscription and no user errors',
            ),
      );
    },
  };
}
