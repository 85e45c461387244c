import { and, eq, inArray, or, sql } from 'drizzle-orm';
import { shopifyWebhookEvents } from '../../db/schema';
import { enqueueJob, type DatabaseOrTransaction } from '../../jobs/queue';

/*
 * The webhook inbox (CONTRACT.md §3.4): every verified delivery is stored once, unique on its
 * X-Shopify-Event-Id, together with the job that processes it. The JSON is stored as it arrived, cast to
 * jsonb by PostgreSQL, whose numbers are exact decimals: `payload->>'order_id'` gives back the digits of an
 * id above 2^53 that JSON.parse would round (§7.8).
 */

export const PROCESS_WEBHOOK_JOB = 'shopify.webhook';

export interface IncomingWebhook {
  eventId: string;
  webhookId: string;
  topic: string;
  shopDomain: string;
  triggeredAt: Date | null;
  resourceGid: string | null;
  /** The body exactly as received (valid JSON). */
  rawBody: string;
}

export type WebhookEventState = (typeof shopifyWebhookEvents.$inferSelect)['state'];

/**
 * Stores the event and queues its processing in one transaction. A second delivery of the same event
 * (Shopify's retry, a redelivery, a second subscription) stores nothing and queues nothing.
 */
export async function storeWebhookEvent(
  db: DatabaseOrTransaction,
  webhook: IncomingWebhook,
): Promise<{ stored: boolean }> {
  return db.transaction(async (tx) => {
    const rows = await tx
      .insert(shopifyWebhookEvents)
      .values({
        eventId: webhook.eventId,
        webhookId: webhook.webhookId,
        topic: webhook.topic,
        shopDomain: webhook.shopDomain,
        resourceGid: webhook.resourceGid,
        triggeredAt: webhook.triggeredAt,
        payload: sql`${webhook.rawBody}::jsonb`,
      })
      .onConflictDoNothing({ target: shopifyWebhookEvents.eventId })
      .returning({ id: shopifyWebhookEvents.id });
    if (rows.length === 0) return { stored: false };
    await enqueueJob(tx, { type: PROCESS_WEBHOOK_JOB, payload: { eventId: webhook.eventId } });
    return { stored: true };
  });
}

const eventColumns = {
  id: shopifyWebhookEvents.id,
  eventId: shopifyWebhookEvents.eventId,
  topic: shopifyWebhookEvents.topic,
  state: shopifyWebhookEvents.state,
  payload: shopifyWebhookEvents.payload,
  orderIdText: sql<string | null>`${shopifyWebhookEvents.payload}->>'order_id'`,
  triggeredAt: shopifyWebhookEvents.triggeredAt,
  receivedAt: shopifyWebhookEvents.receivedAt,
};

export type StoredWebhookEvent = Awaited<ReturnType<typeof findWebhookEvent>>;

export async function findWebhookEvent(db: DatabaseOrTransaction, eventId: string) {
  const [row] = await db
    .select(eventColumns)
    .from(shopifyWebhookEvents)
    .where(eq(shopifyWebhookEvents.eventId, eventId))
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
 * (there is no Order.draftOrder field, CONTRACT.md §2.4): links an order event that overtook its draft's.
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
        eq(shopifyWebhookEvents.topic, 'draft_orders/update'),
        sql`${shopifyWebhookEvents.payload}->>'order_id' = ${orderIdText}`,
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
  const ignored = await db
    .select({ eventId: shopifyWebhookEvents.eventId })
    .from(shopifyWebhookEvents)
    .where(
      and(
        eq(shopifyWebhookEvents.state, 'ignored'),
        or(
          eq(shopifyWebhookEvents.resourceGid, orderGid),
          and(
            inArray(shopifyWebhookEvents.topic, ['fulfillments/create', 'fulfillments/update']),
            sql`${shopifyWebhookEvents.payload}->>'order_id' = ${orderIdText}`,
          ),
        ),
      ),
    );
  for (const { eventId } of ignored) {
    await enqueueJob(db, {
      type: PROCESS_WEBHOOK_JOB,
      payload: { eventId },
      dedupeKey: `${PROCESS_WEBHOOK_JOB}:relinked:${eventId}:${orderGid}`,
    });
  }
  return ignored.length;
}
