import { afterEach, describe, expect, it } from 'vitest';
import { createShopifyClient } from '../../integrations/shopify/client';
import { startFakeShopify } from '../../../../dev/fake-shopify/fake-shopify';
import { startWebhookReceiver } from '../../../../dev/fake-shopify/fake-store-test-support';
import { createShopifyApi } from '../../integrations/shopify/shopify-api';
import { SUBSCRIBED_TOPICS, subscribeWebhooks, topicEnumOf } from './webhook-subscriptions';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function setUp() {
  const receiver = await startWebhookReceiver();
  cleanups.push(receiver.close);
  // No default webhook address: the store delivers only to the subscriptions the portal makes.
  const fake = await startFakeShopify({ webhookUrl: null, webhookSecret: 'hush', webhookRetryDelayMs: 1 });
  cleanups.push(() => fake.close());
  const api = createShopifyApi(
    createShopifyClient({ storeDomain: fake.url, adminToken: fake.token, apiVersion: '2026-10' }),
  );
  return { fake, receiver, api };
}

describe('subscribing the portal to the store’s webhooks (npm run shopify:webhooks)', () => {
  it('subscribes every topic the portal reads, after which the store delivers exactly those', async () => {
    const { fake, receiver, api } = await setUp();

    const outcomes = await subscribeWebhooks(api, receiver.url);
    expect(outcomes.map((outcome) => [outcome.topic, outcome.result])).toEqual(
      SUBSCRIBED_TOPICS.map((topic) => [topic, 'subscribed']),
    );

    for (const topic of [...SUBSCRIBED_TOPICS, 'orders/updated']) fake.control.emitWebhook(topic, { id: 1 });
    await fake.control.webhooksSettled();
    expect(receiver.topics()).toEqual([...SUBSCRIBED_TOPICS]);
  });

  it('can be run again: existing subscriptions count as already subscribed, none is doubled', async () => {
    const { fake, receiver, api } = await setUp();
    await subscribeWebhooks(api, receiver.url);

    const again = await subscribeWebhooks(api, receiver.url);
    expect(again.every((outcome) => outcome.result === 'already-subscribed')).toBe(true);

    fake.control.emitWebhook('orders/paid', { id: 1 });
    await fake.control.webhooksSettled();
    expect(receiver.topics()).toEqual(['orders/paid']);
  });

  it('reports a refused address per topic instead of stopping', async () => {
    const { api } = await setUp();
    const outcomes = await subscribeWebhooks(api, 'http://portal.example.com/api/shopify/webhooks');
    expect(outcomes).toHaveLength(SUBSCRIBED_TOPICS.length);
    for (const outcome of outcomes) {
      expect(outcome).toMatchObject({ result: 'failed', message: expect.stringMatching(/not supported/) });
    }
  });

  it('names topics by their WebhookSubscriptionTopic enum value', () => {
    expect(topicEnumOf('orders/paid')).toBe('ORDERS_PAID');
    expect(topicEnumOf('draft_orders/update')).toBe('DRAFT_ORDERS_UPDATE');
  });
});
