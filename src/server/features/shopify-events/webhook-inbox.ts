import { createHash } from 'node:crypto';
import { and, asc, eq, inArray, like, lt, or, sql } from 'drizzle-orm';
import { z } from 'zod';
import { shopifyWebhookEvents } from '../../db/schema';
import { defineJob, jobToQueue } from '../../jobs/job-definition';
import { enqueueJob } from '../../jobs/queue';
import type { DatabaseOrTransaction } from '../../db/client';
import { postgresErrorCode } from '../../db/postgres-errors';

/*
 * The webhook inbox (docs/shopify.md#webhook-delivery): every verified delivery is stored once, together with
 * the job that processes it. Once means unique on X-Shopify-Event-Id with the topic (one change in Shopify
 * can fire several topics, and nothing documents that they get different event ids), and also on a SHA-256 of
 * topic and body: the HMAC covers only the body, so a captured delivery replayed with a new event id is the
 * same delivery. The JSON is stored as it arrived, cast to jsonb by PostgreSQL, whose numbers are exact
 * decimals: the generated column `order_id` (payload->>'order_id') keeps the digits of an id above 2^53 that
 * JSON.parse would round (docs/shopify.md#shopify-ids).
 */

export const PROCESS_WEBHOOK_JOB = 'shopify.webhook';

/**
 * Processes one stored event, found by its event id and topic. A job queued before events were keyed by
 * topic carries only the event id.
 */
export const processWebhookJob = defineJob({
  type: PROCESS_WEBHOOK_JOB,
  label: 'Shopify event',
  payload: z.object({ eventId: z.string().min(1), topic: z.string().min(1).optional() }),
});

/** Processed and ignored events are kept this long as an audit trail, then pruned (housekeeping.ts). */
export const WEBHOOK_EVENT_RETENTION_DAYS = 90;

export interface IncomingWebhook {
  eventId: string;
  webhookId: string;
  topic: string;
  shopDomain: string;
  triggeredAt: Date | null;
  resourceGid: string | null;
  /** The body exactly as received. */
  rawBody: string;
  /**
   * Why the body is not a JSON object, when it is not ('The body is not JSON'): it is then kept as text and
   * marked failed, without a job.
   */
  unreadable?: string;
}

/** What the 'shopify.webhook' job is given: the stored event is found by its event id and topic. */
export interface WebhookEventKey {
  eventId: string;
  topic: string;
}

export type WebhookEventState = (typeof shopifyWebhookEvents.$inferSelect)['state'];

/** The replay key: the same topic with the same bytes is the same delivery, whatever its headers say. */
export function deliveryDigest(topic: string, rawBody: string): string {
  return createHash('sha256').update(topic).update('\n').update(rawBody).digest('hex');
}

const UNICODE_ESCAPE =
  /\\u([dD][89abAB][0-9a-fA-F]{2})\\u([dD][c-fC-F][0-9a-fA-F]{2})|\\u([0-9a-fA-F]{4})|\\[^u]/g;

/**
 * JSON text that PostgreSQL's jsonb accepts: JSON.parse takes `\u0000` and unpaired surrogate escapes
 * (`\ud800`), jsonb refuses both. They become U+FFFD. Every escape is matched from its backslash, so an
 * escaped backslash followed by `u0000` (the literal text) is left alone; valid surrogate pairs are kept.
 */
export function jsonbSafeText(json: string): string {
  return json.replace(UNICODE_ESCAPE, (escape, _high, _low, single: string | undefined) => {
    if (single === undefined) return escape;
    const code = Number.parseInt(single, 16);
    return code === 0 || (code >= 0xd800 && code <= 0xdfff) ? '\\ufffd' : escape;
  });
}

/** PostgreSQL refused the value itself (class 22 data exception, class 54 limits such as nesting depth). */
const isRefusedValue = (error: unknown) => /^(22|54)/.test(postgresErrorCode(error) ?? '');

type EventRow = Omit<typeof shopifyWebhookEvents.$inferInsert, 'payload'>;

/**
 * Keeps a body that cannot be stored as it came as text (`{"raw_body": "…"}`), marked failed, without a job.
 * NUL, which neither text nor jsonb can hold, becomes U+FFFD.
 */
async function storeUnreadable(
  db: DatabaseOrTransaction,
  row: EventRow,
  rawBody: string,
  error: string,
  now: Date,
): Promise<{ stored: boolean; failed: boolean }> {
  const text = rawBody.replaceAll('\0', '\ufffd');
  const rows = await db
    .insert(shopifyWebhookEvents)
    .values({
      ...row,
      payload: sql`jsonb_build_object('raw_body', ${text}::text)`,
      resourceGid: null,
      state: 'failed',
      error,
      processedAt: now,
    })
    .onConflictDoNothing()
    .returning({ id: shopifyWebhookEvents.id });
  return { stored: rows.length > 0, failed: true };
}

/**
 * Stores the event and queues its processing in one transaction. A second delivery of the same event
 * (Shopify's retry, a redelivery, a second subscription, a replay under a new event id) stores nothing and
 * queues nothing. A body that is not a JSON object, or that PostgreSQL still refuses as jsonb (a number beyond
 * numeric's range, absurd nesting), is kept as text and marked failed, without a job: Shopify gets its 200
 * instead of retrying for hours (and maybe deleting the subscription) a delivery that can never be read.
 */
export async function storeWebhookEvent(
  db: DatabaseOrTransaction,
  webhook: IncomingWebhook,
  now: Date = new Date(),
): Promise<{ stored: boolean; failed: boolean }> {
  const row: EventRow = {
    eventId: webhook.eventId,
    webhookId: webhook.webhookId,
    topic: webhook.topic,
    shopDomain: webhook.shopDomain,
    resourceGid: webhook.resourceGid,
    triggeredAt: webhook.triggeredAt,
    bodySha256: deliveryDigest(webhook.topic, webhook.rawBody),
  };
  if (webhook.unreadable !== undefined) {
    const error = `${webhook.unreadable}: the body is kept as text in raw_body`;
    return storeUnreadable(db, row, webhook.rawBody, error, now);
  }
  try {
    return await db.transaction(async (tx) => {
      const rows = await tx
        .insert(shopifyWebhookEvents)
        .values({ ...row, payload: sql`${jsonbSafeText(webhook.rawBody)}::jsonb` })
        .onConflictDoNothing()
        .returning({ id: shopifyWebhookEvents.id });
      if (rows.length === 0) return { stored: false, failed: false };
      const key: WebhookEventKey = { eventId: webhook.eventId, topic: webhook.topic };
      await enqueueJob(tx, jobToQueue(processWebhookJob, key));
      return { stored: true, failed: false };
    });
  } catch (error) {
    if (!isRefusedValue(error)) throw error;
    const reason = `PostgreSQL refused the JSON (${postgresErrorCode(error)}): the body is kept as text in raw_body`;
    return storeUnreadable(db, row, webhook.rawBody, reason, now);
  }
}

const eventColumns = {
  id: shopifyWebhookEvents.id,
  eventId: shopifyWebhookEvents.eventId,
  topic: shopifyWebhookEvents.topic,
  state: shopifyWebhookEvents.state,
  payload: shopifyWebhookEvents.payload,
  orderIdText: shopifyWebhookEvents.orderIdText,
  triggeredAt: shopifyWebhookEvents.triggeredAt,
  receivedAt: shopifyWebhookEvents.receivedAt,
};

export type StoredWebhookEvent = Awaited<ReturnType<typeof findWebhookEvent>>;

/**
 * The stored event of a 'shopify.webhook' job. A job queued before events were keyed by topic names only the
 * event id, which was unique then: the first event of that id is its event.
 */
export async function findWebhookEvent(
  db: DatabaseOrTransaction,
  key: { eventId: string; topic?: string | undefined },
) {
  const [row] = await db
    .select(eventColumns)
    .from(shopifyWebhookEvents)
    .where(
      and(
        eq(shopifyWebhookEvents.eventId, key.eventId),
        key.topic === undefined ? undefined : eq(shopifyWebhookEvents.topic, key.topic),
      ),
    )
    .orderBy(asc(shopifyWebhookEvents.id))
    .limit(1);
  return row ?? null;
}

export async function markWebhookEvent(
  db: DatabaseOrTransaction,
  id: number,
  state: Exclude<WebhookEventState, 'received'>,
  error: string | null = null,
  now: Date = new Date(),
): Promise<void> {
  await db
    .update(shopifyWebhookEvents)
    .set({ state, error: error?.slice(0, 2_000) ?? null, processedAt: now })
    .where(eq(shopifyWebhookEvents.id, id));
}

/**
 * The draft an order came from, through a stored draft_orders/update whose `order_id` is the order's
 * (there is no Order.draftOrder field, docs/shopify.md#order-read-back-and-webhook-subscriptions): links an
 * order event that overtook its draft's. Shopify signed that event's body, and only its own draft's
 * completion names this order.
 */
export async function findDraftGidOfOrder(
  db: DatabaseOrTransaction,
  orderIdText: string,
): Promise<string | null> {
  const [row] = await db
    .select({ draftGid: shopifyWebhookEvents.resourceGid })
    .from(shopifyWebhookEvents)
    .where(
      and(
        eq(shopifyWebhookEvents.orderIdText, orderIdText),
        eq(shopifyWebhookEvents.topic, 'draft_orders/update'),
        like(shopifyWebhookEvents.resourceGid, 'gid://shopify/DraftOrder/%'),
      ),
    )
    .limit(1);
  return row?.draftGid ?? null;
}

/**
 * Once a portal order is linked to a Shopify order, events about that order that found no portal order
 * before (they overtook the draft's completion) are processed again, each once.
 */
export async function requeueIgnoredEventsOfOrder(
  db: DatabaseOrTransaction,
  orderGid: string,
  orderIdText: string,
): Promise<number> {
  const ignored: WebhookEventKey[] = await db
    .select({ eventId: shopifyWebhookEvents.eventId, topic: shopifyWebhookEvents.topic })
    .from(shopifyWebhookEvents)
    .where(
      and(
        eq(shopifyWebhookEvents.state, 'ignored'),
        or(
          eq(shopifyWebhookEvents.resourceGid, orderGid),
          and(
            eq(shopifyWebhookEvents.orderIdText, orderIdText),
            inArray(shopifyWebhookEvents.topic, ['fulfillments/create', 'fulfillments/update']),
          ),
        ),
      ),
    );
  for (const key of ignored) {
    await enqueueJob(
      db,
      jobToQueue(processWebhookJob, key, {
        dedupeKey: `${PROCESS_WEBHOOK_JOB}:relinked:${key.topic}:${key.eventId}:${orderGid}`,
      }),
    );
  }
  return ignored.length;
}

/**
 * Deletes processed and ignored events older than the retention (housekeeping). Failed events stay for
 * someone to look at, and events still waiting for their job are never touched.
 */
export async function pruneWebhookEvents(db: DatabaseOrTransaction, now: Date = new Date()): Promise<number> {
  const cutoff = new Date(now.getTime() - WEBHOOK_EVENT_RETENTION_DAYS * 24 * 60 * 60_000);
  const deleted = await db
    .delete(shopifyWebhookEvents)
    .where(
      and(
        inArray(shopifyWebhookEvents.state, ['processed', 'ignored']),
        lt(shopifyWebhookEvents.receivedAt, cutoff),
      ),
    )
    .returning({ id: shopifyWebhookEvents.id });
  return deleted.length;
}
