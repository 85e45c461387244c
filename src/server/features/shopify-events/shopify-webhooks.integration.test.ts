import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shopifyWebhookEvents } from '../../db/schema';
import { signWebhookBody } from '../../../../dev/fake-shopify/webhooks';
import { createShopifyTestApp, type ShopifyTestApp } from '../../test/shopify-test-app';
import { sqlRows } from '../../test/sql-rows';
import { createTestApp, type TestApp } from '../../test/test-app';
import { jobsOfEvent, storedEvents } from './shopify-events-test-support';
import { SHOPIFY_WEBHOOKS_PATH, WEBHOOK_BODY_LIMIT_BYTES } from './shopify-webhooks.routes';

const CURRENT = 'current-secret';
const PREVIOUS = 'previous-secret';

/**
 * A delivery as Shopify makes it (docs/shopify.md#webhook-headers), signed with `secret` unless a signature
 * is given.
 */
function delivery(
  body: string,
  options: { secret?: string; signature?: string; eventId?: string; omit?: string } = {},
) {
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    'x-shopify-hmac-sha256': options.signature ?? signWebhookBody(options.secret ?? CURRENT, body),
    'x-shopify-topic': 'orders/paid',
    'x-shopify-shop-domain': 'fake-store.myshopify.com',
    'x-shopify-api-version': '2026-10',
    'x-shopify-webhook-id': randomUUID(),
    'x-shopify-event-id': options.eventId ?? randomUUID(),
    'x-shopify-triggered-at': '2026-11-22T15:30:00.000Z',
  };
  if (options.omit) delete headers[options.omit];
  return { method: 'POST' as const, url: SHOPIFY_WEBHOOKS_PATH, headers, payload: body };
}

/** An order payload; `note` makes each body distinct (an identical body is a replay, stored once). */
const orderBody = (id = '820982911946154508', note: string = randomUUID()) =>
  `{"id":${id},"admin_graphql_api_id":"gid://shopify/Order/${id}","name":"#9999","financial_status":"paid","order_id":${id},"note":"${note}"}`;

describe('POST /api/shopify/webhooks (store connected, secret being rotated)', () => {
  let t: TestApp;

  beforeAll(async () => {
    // connectShopify reads both secrets from the environment (the store itself is never called here).
    t = await createTestApp({
      env: {
        SHOPIFY_STORE_DOMAIN: 'http://127.0.0.1:9',
        SHOPIFY_ADMIN_TOKEN: 'shpat_unused',
        SHOPIFY_WEBHOOK_SECRET: CURRENT,
        SHOPIFY_WEBHOOK_SECRET_PREVIOUS: PREVIOUS,
      },
    });
  });
  afterAll(() => t.close());

  const eventCount = async (eventId: string) =>
    (await t.db.select().from(shopifyWebhookEvents).where(eq(shopifyWebhookEvents.eventId, eventId))).length;

  it('stores a signed delivery with its processing job and answers 200 before processing it, without any Origin', async () => {
    const request = delivery(orderBody());
    const eventId = request.headers['x-shopify-event-id']!;
    const response = await t.app.inject(request);
    expect(response.statusCode).toBe(200);
    // 'At once': answered before any processing, which its job does later (state still 'received').
    const [event] = await t.db
      .select()
      .from(shopifyWebhookEvents)
      .where(eq(shopifyWebhookEvents.eventId, eventId));
    expect(event).toMatchObject({
      topic: 'orders/paid',
      shopDomain: 'fake-store.myshopify.com',
      resourceGid: 'gid://shopify/Order/820982911946154508',
      state: 'received',
      triggeredAt: new Date('2026-11-22T15:30:00.000Z'),
    });
    expect(await jobsOfEvent(t.db, eventId)).toHaveLength(1);
  });

  it('keeps ids above 2^53 exact in the stored JSON and its order_id column', async () => {
    const request = delivery(orderBody('820982911946154508'));
    await t.app.inject(request);
    const [row] = await sqlRows<{ orderId: string; column: string }>(
      t.db,
      sql`select payload->>'order_id' as "orderId", order_id as "column" from shopify_webhook_events where event_id = ${request.headers['x-shopify-event-id']}`,
    );
    expect(row).toEqual({ orderId: '820982911946154508', column: '820982911946154508' });
  });

  it('accepts a delivery signed with the previous secret during a rotation', async () => {
    const request = delivery(orderBody(), { secret: PREVIOUS });
    expect((await t.app.inject(request)).statusCode).toBe(200);
    expect(await eventCount(request.headers['x-shopify-event-id']!)).toBe(1);
  });

  it('refuses a wrong signature with a bare 401 and stores nothing', async () => {
    const request = delivery(orderBody(), { secret: 'someone-else' });
    const response = await t.app.inject(request);
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({
      code: 'UNAUTHENTICATED',
      message: 'Unauthorized',
      requestId: expect.any(String),
    });
    expect(await eventCount(request.headers['x-shopify-event-id']!)).toBe(0);
  });

  it('refuses a body that differs from the signed bytes (re-serialised JSON)', async () => {
    const signed = orderBody();
    const request = delivery(JSON.stringify(JSON.parse(signed), null, 1), {
      signature: signWebhookBody(CURRENT, signed),
    });
    expect((await t.app.inject(request)).statusCode).toBe(401);
  });

  it.each([
    'x-shopify-hmac-sha256',
    'x-shopify-topic',
    'x-shopify-shop-domain',
    'x-shopify-api-version',
    'x-shopify-webhook-id',
  ])('refuses a delivery without %s (401, nothing stored)', async (header) => {
    const request = delivery(orderBody(), { omit: header });
    expect((await t.app.inject(request)).statusCode).toBe(401);
    expect(await eventCount(request.headers['x-shopify-event-id']!)).toBe(0);
  });

  it('refuses an unsigned request of any content type with the same 401', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: SHOPIFY_WEBHOOKS_PATH,
      headers: { 'content-type': 'text/plain' },
      payload: 'hello',
    });
    expect(response.statusCode).toBe(401);
  });

  it('answers a duplicate delivery (same event id) 200 and stores and queues it once', async () => {
    const eventId = randomUUID();
    const body = orderBody();
    const first = await t.app.inject(delivery(body, { eventId }));
    const second = await t.app.inject(delivery(body, { eventId }));
    expect([first.statusCode, second.statusCode]).toEqual([200, 200]);
    expect(await eventCount(eventId)).toBe(1);
    expect(await jobsOfEvent(t.db, eventId)).toHaveLength(1);
  });

  it('answers a replay of a captured delivery under new ids 200 and does nothing', async () => {
    const body = orderBody();
    const original = delivery(body);
    expect((await t.app.inject(original)).statusCode).toBe(200);
    const replay = delivery(body);
    replay.headers['x-shopify-triggered-at'] = '2030-01-01T00:00:00.000Z';
    expect((await t.app.inject(replay)).statusCode).toBe(200);
    expect(await eventCount(original.headers['x-shopify-event-id']!)).toBe(1);
    expect(await eventCount(replay.headers['x-shopify-event-id']!)).toBe(0);
    expect(await jobsOfEvent(t.db, replay.headers['x-shopify-event-id']!)).toHaveLength(0);

    // The same body under another topic is another delivery (the topic is part of the replay key).
    const otherTopic = delivery(body);
    otherTopic.headers['x-shopify-topic'] = 'orders/updated';
    expect((await t.app.inject(otherTopic)).statusCode).toBe(200);
    expect(await eventCount(otherTopic.headers['x-shopify-event-id']!)).toBe(1);
  });

  it('refuses a delivery for another shop (401, nothing stored)', async () => {
    for (const shop of ['other-shop.example.com', 'fake-store.myshopify.com.evil.example']) {
      const request = delivery(orderBody());
      request.headers['x-shopify-shop-domain'] = shop;
      const response = await t.app.inject(request);
      expect(response.statusCode).toBe(401);
      expect(response.json()).toMatchObject({ code: 'UNAUTHENTICATED', message: 'Unauthorized' });
      expect(await eventCount(request.headers['x-shopify-event-id']!)).toBe(0);
    }
  });

  it('stores a body with NUL and lone-surrogate escapes (which jsonb refuses) and answers 200', async () => {
    const body = `{"admin_graphql_api_id":"gid://shopify/Order/77","order_id":77,"note":"a\\u0000b\\ud800c\\udc00","pair":"\\ud83d\\ude00","literal":"\\\\u0000"}`;
    const request = delivery(body);
    const response = await t.app.inject(request);
    expect(response.statusCode, response.body).toBe(200);
    const [event] = await t.db
      .select()
      .from(shopifyWebhookEvents)
      .where(eq(shopifyWebhookEvents.eventId, request.headers['x-shopify-event-id']!));
    expect(event).toMatchObject({ state: 'received', orderIdText: '77' });
    expect(event?.payload).toMatchObject({ note: 'a\ufffdb\ufffdc\ufffd', pair: '😀', literal: '\\u0000' });
    expect(await jobsOfEvent(t.db, request.headers['x-shopify-event-id']!)).toHaveLength(1);
  });

  it('keeps a body PostgreSQL still refuses as a failed event with its raw text, answers 200, queues nothing', async () => {
    const body = '{"admin_graphql_api_id":"gid://shopify/Order/78","total":1e1000000}';
    const request = delivery(body);
    const response = await t.app.inject(request);
    expect(response.statusCode, response.body).toBe(200);
    const [event] = await t.db
      .select()
      .from(shopifyWebhookEvents)
      .where(eq(shopifyWebhookEvents.eventId, request.headers['x-shopify-event-id']!));
    expect(event).toMatchObject({ state: 'failed', payload: { raw_body: body }, resourceGid: null });
    expect(event?.error).toContain('PostgreSQL refused the JSON');
    expect(event?.processedAt).not.toBeNull();
    expect(await jobsOfEvent(t.db, request.headers['x-shopify-event-id']!)).toHaveLength(0);
    // Shopify's retry of it is a duplicate like any other.
    expect(
      (await t.app.inject(delivery(body, { eventId: request.headers['x-shopify-event-id'] }))).statusCode,
    ).toBe(200);
    expect(await eventCount(request.headers['x-shopify-event-id']!)).toBe(1);
  });

  it('uses the webhook id as the event id when Shopify sends none', async () => {
    const request = delivery(orderBody(), { omit: 'x-shopify-event-id' });
    expect((await t.app.inject(request)).statusCode).toBe(200);
    expect(await eventCount(request.headers['x-shopify-webhook-id']!)).toBe(1);
  });

  it('keeps a signed body that is not a JSON object as a failed event with its raw text, answers 200, queues nothing', async () => {
    for (const body of ['not json', '[1,2]', '', 'nul \u0000 byte']) {
      const request = delivery(body);
      const eventId = request.headers['x-shopify-event-id']!;
      const response = await t.app.inject(request);
      expect(response.statusCode, response.body).toBe(200);
      const [event] = await t.db
        .select()
        .from(shopifyWebhookEvents)
        .where(eq(shopifyWebhookEvents.eventId, eventId));
      expect(event).toMatchObject({
        state: 'failed',
        payload: { raw_body: body.replace('\u0000', '\ufffd') },
        resourceGid: null,
      });
      expect(event?.error).toMatch(/^The body is not (JSON|a JSON object)/);
      expect(event?.processedAt).not.toBeNull();
      expect(await jobsOfEvent(t.db, eventId)).toHaveLength(0);
      // Shopify's retry of it is a duplicate like any other.
      expect((await t.app.inject(delivery(body, { eventId }))).statusCode).toBe(200);
      expect(await eventCount(eventId)).toBe(1);
    }
  });

  it('refuses a body that is not JSON with 401 when its signature is wrong, and stores nothing', async () => {
    const request = delivery('not json', { secret: 'someone-else' });
    expect((await t.app.inject(request)).statusCode).toBe(401);
    expect(await eventCount(request.headers['x-shopify-event-id']!)).toBe(0);
  });

  it('stores the same event id under another topic as another event with its own job', async () => {
    const eventId = randomUUID();
    const paid = delivery(orderBody(), { eventId });
    const updated = delivery(orderBody(), { eventId });
    updated.headers['x-shopify-topic'] = 'orders/updated';
    for (const request of [paid, updated, paid, updated]) {
      expect((await t.app.inject(request)).statusCode).toBe(200);
    }
    const rows = await t.db
      .select()
      .from(shopifyWebhookEvents)
      .where(eq(shopifyWebhookEvents.eventId, eventId));
    expect(rows.map((row) => row.topic).sort()).toEqual(['orders/paid', 'orders/updated']);
    const jobs = await jobsOfEvent(t.db, eventId);
    expect(jobs.map((job) => job.payload)).toEqual([
      { eventId, topic: 'orders/paid' },
      { eventId, topic: 'orders/updated' },
    ]);
  });

  it('accepts order-sized bodies above the API limit, and refuses bodies above its own', async () => {
    const padding = 'x'.repeat(500 * 1024);
    const large = `{"admin_graphql_api_id":"gid://shopify/Order/1","note":"${padding}"}`;
    expect((await t.app.inject(delivery(large))).statusCode).toBe(200);
    const huge = `{"note":"${'x'.repeat(WEBHOOK_BODY_LIMIT_BYTES)}"}`;
    expect((await t.app.inject(delivery(huge))).statusCode).toBe(413);
  });
});

describe('POST /api/shopify/webhooks in test mode', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('does not exist without a store (404)', async () => {
    const response = await t.app.inject(delivery(orderBody()));
    expect(response.statusCode).toBe(404);
    expect(await storedEvents(t.db)).toHaveLength(0);
  });
});

describe('deliveries from the fake store signed with another secret', () => {
  let t: ShopifyTestApp;
  beforeAll(async () => {
    t = await createShopifyTestApp({ listen: true, fake: { webhookSecret: 'not-the-portal-secret' } });
  });
  afterAll(() => t.close());

  it('are refused with 401 on every retry, and nothing is stored', async () => {
    const [delivery] = t.fake.control.emitWebhook('orders/paid', JSON.parse(orderBody()));
    await t.fake.control.webhooksSettled();
    expect(delivery?.attempts.map((attempt) => attempt.status)).toEqual([401, 401, 401, 401]);
    expect(await storedEvents(t.db)).toHaveLength(0);
  });
});
