import { eq, inArray, or } from 'drizzle-orm';
import { ZodError } from 'zod';
import type { Database, DatabaseOrTransaction } from '../../db/client';
import { products } from '../../db/schema';
import type { ShopifyConnection } from '../../integrations/shopify/shopify';
import { jobToQueue, type JobRun } from '../../jobs/job-definition';
import { enqueueJob } from '../../jobs/queue';
import { PermanentJobError, type JobLogger } from '../../jobs/worker';
import type { Env } from '../../env';
import { productRefreshJob, SHOPIFY_PRODUCT_REFRESH_JOB } from '../admin-catalog';
import { confirmOrderDelivered } from './confirm-delivery';
import { confirmPortalOrderHint, findPortalOrderId } from './find-portal-order';
import { applyShopifyFacts, type ShopifyOrderFacts } from '../orders';
import {
  findWebhookEvent,
  markWebhookEvent,
  requeueIgnoredEventsOfOrder,
  type StoredWebhookEvent,
} from './webhook-inbox';
import {
  interpretWebhook,
  MalformedWebhookError,
  type OrderRef,
  type WebhookMeaning,
} from './webhook-payloads';

/**
 * products/update fires on every order and variant change (docs/shopify.md#product-updates), so the
 * catalogue's refresh job (admin-catalog registers its handler) is debounced: one job per product per minute,
 * run at the end of that minute, so it reads the state after the whole burst.
 */
export const PRODUCT_REFRESH_WINDOW_MS = 60_000;

export interface ShopifyEventsDeps {
  db: Database;
  /** The e-mails' settings; STAFF_EMAIL for staff's note when a payment releases held orders. */
  env: Pick<Env, 'APP_ORIGIN' | 'STORE_NAME' | 'SUPPORT_EMAIL' | 'STAFF_EMAIL'>;
  shopify: ShopifyConnection;
  log: JobLogger;
  /** The clock (tests); the real time by default. */
  now?: () => Date;
}

const describe = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** Queues the debounced refresh of a product the portal sells; false when the portal does not know it. */
async function queueProductRefresh(
  tx: DatabaseOrTransaction,
  productGid: string,
  skus: string[],
  now: Date,
): Promise<boolean> {
  const known = await tx
    .select({ id: products.id })
    .from(products)
    .where(
      or(
        eq(products.shopifyProductId, productGid),
        skus.length > 0 ? inArray(products.sku, skus) : undefined,
      ),
    )
    .limit(1);
  if (known.length === 0) return false;
  const window = Math.floor(now.getTime() / PRODUCT_REFRESH_WINDOW_MS);
  await enqueueJob(
    tx,
    jobToQueue(
      productRefreshJob,
      { productGid },
      {
        dedupeKey: `${SHOPIFY_PRODUCT_REFRESH_JOB}:${productGid}:${window}`,
        runAt: new Date((window + 1) * PRODUCT_REFRESH_WINDOW_MS),
      },
    ),
  );
  return true;
}

/** The order name ('#1001') of a completed draft, read from Shopify; null when the store cannot say now. */
async function orderNameOfDraft(shopify: ShopifyConnection, draftGid: string): Promise<string | null> {
  const draft = await shopify.api.getDraftOrder(draftGid);
  return draft.ok ? (draft.data.order?.name ?? null) : null;
}

/**
 * An order event that no Shopify link names yet but whose attributes name a portal order: the draft GID of
 * that portal order once Shopify confirms its draft became this order (find-portal-order.ts), else the
 * reference as it was. Runs before the transaction, as it may call Shopify.
 */
async function confirmedRef(
  deps: ShopifyEventsDeps,
  event: NonNullable<StoredWebhookEvent>,
  ref: OrderRef,
): Promise<{ ref: OrderRef; orderName: string | null }> {
  const { portalOrderHint, orderGid } = ref;
  if (portalOrderHint === undefined || !orderGid) return { ref, orderName: null };
  if ((await findPortalOrderId(deps.db, ref)) !== null) return { ref, orderName: null };
  const check = await confirmPortalOrderHint(deps.db, deps.shopify.api, portalOrderHint, orderGid);
  if (check.confirmed) {
    return { ref: { ...ref, draftOrderGid: check.draftOrderGid }, orderName: check.orderName };
  }
  if ('retry' in check) throw check.retry;
  deps.log.warn(
    {
      eventId: event.eventId,
      portalOrderId: portalOrderHint,
      shopifyOrderGid: orderGid,
      reason: check.reason,
    },
    'Shopify order names a portal order it is not linked to: attribute ignored',
  );
  return { ref, orderName: null };
}

/**
 * The facts of a fulfilment event that says its parcel arrived, with `delivered` only once Shopify confirms
 * that the whole order has (confirm-delivery.ts). Asked only about orders the portal has: a retail order's
 * parcels cost no call. Runs before the transaction, as it calls Shopify.
 */
async function withConfirmedDelivery(
  deps: ShopifyEventsDeps,
  event: NonNullable<StoredWebhookEvent>,
  ref: OrderRef,
  facts: ShopifyOrderFacts,
  parcelDelivered: { at: Date } | undefined,
): Promise<ShopifyOrderFacts> {
  if (!parcelDelivered || !ref.orderGid || (await findPortalOrderId(deps.db, ref)) === null) return facts;
  const check = await confirmOrderDelivered(deps.shopify.api, ref.orderGid, parcelDelivered.at);
  if (check.delivered) return { ...facts, delivered: check.delivered };
  deps.log.info(
    { eventId: event.eventId, shopifyOrderGid: ref.orderGid, reason: check.reason },
    'Shopify parcel delivered, the order not yet: applied as shipped',
  );
  return facts;
}

async function applyMeaning(
  deps: ShopifyEventsDeps,
  event: NonNullable<StoredWebhookEvent>,
  meaning: WebhookMeaning,
  now: Date,
): Promise<void> {
  const { db, env } = deps;
  if (meaning.kind === 'ignore') {
    await markWebhookEvent(db, event.id, 'ignored', meaning.reason, now);
    return;
  }
  if (meaning.kind === 'product') {
    await db.transaction(async (tx) => {
      const queued = await queueProductRefresh(tx, meaning.productGid, meaning.skus, now);
      await markWebhookEvent(
        tx,
        event.id,
        queued ? 'processed' : 'ignored',
        queued ? null : 'product not in the portal',
        now,
      );
    });
    return;
  }

  const { ref, orderName } = await confirmedRef(deps, event, meaning.ref);
  const facts = await withConfirmedDelivery(deps, event, ref, meaning.facts, meaning.parcelDelivered);
  if (facts.order && !facts.order.name && orderName) facts.order = { ...facts.order, name: orderName };
  // The draft payload names the order only by id; its name (#1001) replaces the draft's (issue 8).
  if (meaning.draftCompleted && facts.order && !facts.order.name && ref.draftOrderGid) {
    facts.order = { ...facts.order, name: await orderNameOfDraft(deps.shopify, ref.draftOrderGid) };
  }
  await db.transaction(async (tx) => {
    const orderId = await findPortalOrderId(tx, ref);
    if (orderId === null) {
      await markWebhookEvent(tx, event.id, 'ignored', 'no portal order', now);
      return;
    }
    const applied = await applyShopifyFacts(tx, env, orderId, facts, now);
    if (applied.conflictingOrderGid) {
      deps.log.warn(
        { orderId, eventId: event.eventId, shopifyOrderGid: applied.conflictingOrderGid },
        'Shopify event about another order than the one linked: ignored',
      );
      await markWebhookEvent(
        tx,
        event.id,
        'ignored',
        `portal order ${orderId} is linked to another Shopify order`,
        now,
      );
      return;
    }
    await markWebhookEvent(tx, event.id, 'processed', null, now);
    const linked = applied.linkedOrderGid;
    const numericId = linked?.split('/').at(-1);
    if (linked && numericId) await requeueIgnoredEventsOfOrder(tx, linked, numericId);
  });
}

/**
 * The 'shopify.webhook' job: interprets one stored event and applies it. Malformed payloads are marked
 * failed at once (retrying cannot fix them); a database or store error is retried, and the event is marked
 * failed when the job gives up. An event already processed is not applied twice.
 */
export function createProcessWebhookHandler(
  deps: ShopifyEventsDeps,
): JobRun<{ eventId: string; topic?: string | undefined }> {
  return async (key, job) => {
    const now = deps.now?.() ?? new Date();
    const event = await findWebhookEvent(deps.db, key);
    if (!event) {
      throw new PermanentJobError(
        `No stored Shopify webhook event ${key.eventId} (${key.topic ?? 'any topic'})`,
      );
    }
    if (event.state === 'processed' || event.state === 'failed') return;

    let meaning: WebhookMeaning;
    try {
      meaning = interpretWebhook({
        topic: event.topic,
        payload: event.payload,
        orderIdText: event.orderIdText,
        triggeredAt: event.triggeredAt,
        receivedAt: event.receivedAt,
      });
    } catch (error) {
      if (!(error instanceof ZodError || error instanceof MalformedWebhookError)) throw error;
      const message = `Malformed ${event.topic} payload: ${describe(error)}`;
      await markWebhookEvent(deps.db, event.id, 'failed', message, now);
      throw new PermanentJobError(message, { cause: error });
    }

    try {
      await applyMeaning(deps, event, meaning, now);
    } catch (error) {
      if (job.attempts >= job.maxAttempts) {
        await markWebhookEvent(deps.db, event.id, 'failed', describe(error), now).catch(() => {});
      }
      throw error;
    }
  };
}
