import { createHmac, randomUUID } from 'node:crypto';
import { HISTORY_LIMIT, pushBounded } from './history';

/**
 * Webhook deliveries as Shopify makes them (docs/shopify.md#webhooks): a POST with the raw JSON body and the
 * headers of docs/shopify.md#webhook-headers, signed with base64 HMAC-SHA256 of the raw body
 * (docs/shopify.md#webhook-signature); a non-2xx answer or a timeout is retried with the ORIGINAL body and
 * the same ids (docs/shopify.md#webhook-delivery). Tests can hold deliveries and release them in reverse
 * order (out-of-order delivery) or redeliver one (a duplicate: the same X-Shopify-Event-Id).
 */

/** The topics a portal subscribes to (issue 8), delivered to `webhookUrl` unless told otherwise. */
export const DEFAULT_WEBHOOK_TOPICS = [
  'orders/paid',
  'orders/fulfilled',
  'fulfillments/create',
  'fulfillments/update',
  'draft_orders/update',
  'products/update',
];

/**
 * base64(HMAC-SHA256(secret, raw body)): the X-Shopify-Hmac-Sha256 header
 * (docs/shopify.md#webhook-signature).
 */
export function signWebhookBody(secret: string, rawBody: string | Buffer): string {
  return createHmac('sha256', secret).update(rawBody).digest('base64');
}

/** `orders/paid` → `ORDERS_PAID`, the WebhookSubscriptionTopic enum value. */
export function topicEnumValue(topic: string): string {
  return topic.toUpperCase().replace('/', '_');
}

export type DeliveryState = 'held' | 'pending' | 'delivered' | 'failed' | 'cancelled';

export interface DeliveryAttempt {
  at: string;
  /** The HTTP status, or null when the request failed (refused, timed out). */
  status: number | null;
  error: string | null;
}

export interface WebhookDelivery {
  /** This delivery record (a redelivery gets a new one). */
  id: string;
  webhookId: string;
  eventId: string;
  topic: string;
  url: string;
  body: string;
  headers: Record<string, string>;
  triggeredAt: string;
  state: DeliveryState;
  attempts: DeliveryAttempt[];
  redeliveryOf: string | null;
}

export interface WebhookDispatcherOptions {
  secret: string;
  shopDomain: string;
  apiVersion: string;
  /** The app's endpoint (like a subscription in shopify.app.toml); null: only API-created subscriptions. */
  url: () => string | null;
  /** Topics delivered to `url`. */
  topics: string[];
  /** Subscriptions made with webhookSubscriptionCreate: topic enum value and uri. */
  subscriptions: () => { topic: string; uri: string }[];
  /** Attempts per delivery, the first included. */
  maxAttempts: number;
  /** Wait before the first retry; doubled for each further one. */
  retryDelayMs: number;
  timeoutMs: number;
  now: () => number;
  fetch: typeof fetch;
  sleep?: (ms: number) => Promise<void>;
  log?: (line: string) => void;
  /** How many recent deliveries `deliveries` keeps (default HISTORY_LIMIT); held ones are released anyway. */
  historyLimit?: number;
}

export interface EmitOptions {
  eventId?: string;
  /** ISO time for X-Shopify-Triggered-At; by default now. */
  triggeredAt?: string;
}

export interface WebhookDispatcher {
  /** The most recent deliveries, oldest first (at most historyLimit). */
  readonly deliveries: WebhookDelivery[];
  /** Queues one delivery per destination for `topic`; returns them (empty when nobody subscribed). */
  emit(topic: string, payload: unknown, options?: EmitOptions): WebhookDelivery[];
  /** Sends an earlier delivery again: same body, same Event-Id and, unless told otherwise, same Webhook-Id. */
  redeliver(deliveryId: string, options?: { newWebhookId?: boolean }): WebhookDelivery;
  /** From now on deliveries wait (state `held`) until release(). */
  hold(): void;
  /** Sends the held deliveries one after the other, in emission order or reversed; resumes normal sending. */
  release(options?: { order?: 'emitted' | 'reverse' }): Promise<void>;
  /** Resolves when no delivery is being sent or waiting for a retry. */
  settled(): Promise<void>;
  close(): void;
}

export function createWebhookDispatcher(options: WebhookDispatcherOptions): WebhookDispatcher {
  const deliveries: WebhookDelivery[] = [];
  const historyLimit = options.historyLimit ?? HISTORY_LIMIT;
  // Held deliveries wait here, not in the bounded history, so none is lost however many pile up.
  const held: WebhookDelivery[] = [];
  const inFlight = new Set<Promise<void>>();
  const timers = new Set<{ timer: NodeJS.Timeout; resolve: () => void }>();
  let holding = false;
  let closed = false;
  // First attempts go out one after the other, in emission order; retries run on their own, later.
  let sequence: Promise<void> = Promise.resolve();

  const sleep =
    options.sleep ??
    ((ms: number) =>
      new Promise<void>((resolve) => {
        const entry = {
          timer: setTimeout(() => {
            timers.delete(entry);
            resolve();
          }, ms),
          resolve,
        };
        entry.timer.unref();
        timers.add(entry);
      }));

  const track = (promise: Promise<void>) => {
    inFlight.add(promise);
    void promise.finally(() => inFlight.delete(promise));
    return promise;
  };

  async function attempt(delivery: WebhookDelivery): Promise<boolean> {
    const at = new Date(options.now()).toISOString();
    try {
      const response = await options.fetch(delivery.url, {
        method: 'POST',
        headers: delivery.headers,
        body: delivery.body,
        redirect: 'manual',
        signal: AbortSignal.timeout(options.timeoutMs),
      });
      await response.arrayBuffer().catch(() => undefined);
      delivery.attempts.push({ at, status: response.status, error: null });
      options.log?.(`webhook ${delivery.topic} → ${delivery.url}: HTTP ${response.status}`);
      return response.status >= 200 && response.status < 300;
    } catch (error) {
      const message =
        error instanceof Error
          ? error.cause instanceof Error
            ? error.cause.message
            : error.message
          : String(error);
      delivery.attempts.push({ at, status: null, error: message });
      options.log?.(`webhook ${delivery.topic} → ${delivery.url}: ${message}`);
      return false;
    }
  }

  async function retry(delivery: WebhookDelivery): Promise<void> {
    let delay = options.retryDelayMs;
    while (delivery.attempts.length < options.maxAttempts) {
      await sleep(delay);
      if (closed) {
        delivery.state = 'cancelled';
        return;
      }
      if (await attempt(delivery)) {
        delivery.state = 'delivered';
        return;
      }
      delay *= 2;
    }
    delivery.state = 'failed';
    options.log?.(
      `webhook ${delivery.topic} to ${delivery.url} failed ${delivery.attempts.length} times; giving up`,
    );
  }

  function send(delivery: WebhookDelivery): Promise<void> {
    delivery.state = 'pending';
    const first = sequence.then(async () => {
      if (closed) {
        delivery.state = 'cancelled';
        return;
      }
      if (await attempt(delivery)) {
        delivery.state = 'delivered';
        return;
      }
      void track(retry(delivery));
    });
    // A failure never blocks later deliveries (attempt() does not throw, but be sure).
    sequence = first.catch(() => undefined);
    return track(first);
  }

  /** Records a new delivery (state `held`) and sends it, or keeps it back while holding. */
  function queue(delivery: WebhookDelivery): void {
    pushBounded(deliveries, delivery, historyLimit);
    if (holding) held.push(delivery);
    else void send(delivery);
  }

  function destinations(topic: string): string[] {
    const urls = new Set<string>();
    const appUrl = options.url();
    if (appUrl && options.topics.includes(topic)) urls.add(appUrl);
    const wanted = topicEnumValue(topic);
    for (const subscription of options.subscriptions()) {
      if (subscription.topic === wanted && /^https?:\/\//.test(subscription.uri)) urls.add(subscription.uri);
    }
    return [...urls];
  }

  function headersFor(topic: string, body: string, webhookId: string, eventId: string, triggeredAt: string) {
    return {
      'content-type': 'application/json',
      'user-agent': 'Shopify-Captain-Hook',
      'x-shopify-hmac-sha256': signWebhookBody(options.secret, body),
      'x-shopify-topic': topic,
      'x-shopify-shop-domain': options.shopDomain,
      'x-shopify-api-version': options.apiVersion,
      'x-shopify-webhook-id': webhookId,
      'x-shopify-event-id': eventId,
      'x-shopify-triggered-at': triggeredAt,
    };
  }

  return {
    deliveries,
    emit(topic, payload, emitOptions = {}) {
      const body = typeof payload === 'string' ? payload : JSON.stringify(payload);
      const eventId = emitOptions.eventId ?? randomUUID();
      const triggeredAt = emitOptions.triggeredAt ?? new Date(options.now()).toISOString();
      return destinations(topic).map((url) => {
        const webhookId = randomUUID();
        const delivery: WebhookDelivery = {
          id: randomUUID(),
          webhookId,
          eventId,
          topic,
          url,
          body,
          headers: headersFor(topic, body, webhookId, eventId, triggeredAt),
          triggeredAt,
          state: 'held',
          attempts: [],
          redeliveryOf: null,
        };
        queue(delivery);
        return delivery;
      });
    },
    redeliver(deliveryId, redeliverOptions = {}) {
      const original = deliveries.find((delivery) => delivery.id === deliveryId);
      if (!original) throw new Error(`No webhook delivery ${deliveryId}`);
      const webhookId = redeliverOptions.newWebhookId ? randomUUID() : original.webhookId;
      const copy: WebhookDelivery = {
        ...original,
        id: randomUUID(),
        webhookId,
        headers: { ...original.headers, 'x-shopify-webhook-id': webhookId },
        state: 'held',
        attempts: [],
        redeliveryOf: original.id,
      };
      queue(copy);
      return copy;
    },
    hold() {
      holding = true;
    },
    async release(releaseOptions = {}) {
      holding = false;
      const released = held.splice(0);
      if (releaseOptions.order === 'reverse') released.reverse();
      await Promise.all(released.map((delivery) => send(delivery)));
    },
    async settled() {
      while (inFlight.size > 0) await Promise.allSettled([...inFlight]);
    },
    close() {
      closed = true;
      for (const entry of timers) {
        clearTimeout(entry.timer);
        entry.resolve();
      }
      timers.clear();
    },
  };
}
