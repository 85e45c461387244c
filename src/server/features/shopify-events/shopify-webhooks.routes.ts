import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Database } from '../../db/client';
import type { ShopifyConnection } from '../../integrations/shopify/shopify';
import { sendError } from '../../plugins/error-handler';
import { isExpectedShopDomain } from './shop-domain';
import { parseShopifyTime } from './shopify-time';
import { isValidWebhookSignature } from './webhook-hmac';
import { storeWebhookEvent } from './webhook-inbox';

export const SHOPIFY_WEBHOOKS_PATH = '/api/shopify/webhooks';

/**
 * Shopify's largest payloads are orders with hundreds of lines and their fulfilments (~1 MB at 499 lines);
 * far above that is not Shopify.
 */
export const WEBHOOK_BODY_LIMIT_BYTES = 2 * 1024 * 1024;

const headerValue = z.string().trim().min(1).max(255);

/**
 * The headers Shopify sends with every delivery (docs/shopify.md#webhook-headers). The first five are
 * required, as @shopify/shopify-api requires them; the event id (the dedupe key,
 * docs/shopify.md#webhook-delivery) falls back to the webhook id.
 */
const webhookHeadersSchema = z.object({
  'x-shopify-topic': z.string().regex(/^[a-z0-9_]+(?:\/[a-z0-9_]+)+$/),
  'x-shopify-shop-domain': headerValue,
  'x-shopify-api-version': headerValue,
  'x-shopify-webhook-id': headerValue,
  'x-shopify-event-id': headerValue.optional(),
  'x-shopify-triggered-at': z.string().optional(),
});

/** The body as a JSON object, or why it is not one. */
function parseJsonObject(text: string): { ok: true; value: object } | { ok: false; reason: string } {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return { ok: false, reason: 'The body is not JSON' };
  }
  if (typeof json !== 'object' || json === null || Array.isArray(json)) {
    return { ok: false, reason: 'The body is not a JSON object' };
  }
  return { ok: true, value: json };
}

/** The object's `admin_graphql_api_id`, kept beside the event so events about one object can be found. */
function resourceGidOf(json: unknown): string | null {
  if (typeof json !== 'object' || json === null || !('admin_graphql_api_id' in json)) return null;
  const gid = json.admin_graphql_api_id;
  return typeof gid === 'string' && gid.startsWith('gid://shopify/') && gid.length <= 255 ? gid : null;
}

/** 401 without saying what was wrong: a caller without the secret learns nothing. */
const refuse = (request: FastifyRequest, reply: FastifyReply) =>
  sendError(request, reply, 'UNAUTHENTICATED', 'Unauthorized');

/**
 * POST /api/shopify/webhooks (issue 8, docs/shopify.md#webhooks). Its own plugin context, with a content-type
 * parser that keeps the raw bytes, so the HMAC is computed over exactly what Shopify signed
 * (docs/shopify.md#webhook-signature) and the JSON parser of the rest of the API never sees it. A verified
 * delivery from the connected shop is stored with its processing job and answered 200 at once (Shopify allows
 * about 5 s, docs/shopify.md#webhook-delivery); a duplicate or a replay is answered 200 and does nothing, and
 * so is a signed body that cannot be read (kept as a failed event). The origin check exempts this path
 * (plugins/origin-check.ts): the HMAC authenticates the caller.
 */
export const shopifyWebhookRoutes =
  (deps: { db: Database; shopify: ShopifyConnection }): FastifyPluginAsync =>
  async (app) => {
    const { db, shopify } = deps;
    if (shopify.webhookSecrets.length === 0) {
      app.log.warn('SHOPIFY_WEBHOOK_SECRET is not set: every Shopify webhook is refused');
    }

    app.removeAllContentTypeParsers();
    // Any content type reaches the handler as bytes, so an unsigned request gets the same 401 as a bad one.
    app.addContentTypeParser(
      '*',
      { parseAs: 'buffer', bodyLimit: WEBHOOK_BODY_LIMIT_BYTES },
      (_request, body, done) => done(null, body),
    );

    app.post(SHOPIFY_WEBHOOKS_PATH, { bodyLimit: WEBHOOK_BODY_LIMIT_BYTES }, async (request, reply) => {
      const rawBody = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      const signature = request.headers['x-shopify-hmac-sha256'];
      if (
        typeof signature !== 'string' ||
        !isValidWebhookSignature(rawBody, signature, shopify.webhookSecrets)
      ) {
        request.log.warn('Shopify webhook refused: missing or invalid HMAC');
        return refuse(request, reply);
      }
      const headers = webhookHeadersSchema.safeParse(request.headers);
      if (!headers.success) {
        request.log.warn('Shopify webhook refused: missing Shopify headers');
        return refuse(request, reply);
      }
      const shopDomain = headers.data['x-shopify-shop-domain'];
      if (!isExpectedShopDomain(shopDomain, shopify.config.storeDomain)) {
        request.log.warn({ shopDomain }, 'Shopify webhook refused: another shop');
        return refuse(request, reply);
      }

      // A signed body that is not a JSON object is still answered 200 (kept as text, marked failed):
      // Shopify retries anything else for hours and may then delete the subscription.
      const text = rawBody.toString('utf8');
      const json = parseJsonObject(text);
      const values = headers.data;
      const { stored, failed } = await storeWebhookEvent(db, {
        eventId: values['x-shopify-event-id'] ?? values['x-shopify-webhook-id'],
        webhookId: values['x-shopify-webhook-id'],
        topic: values['x-shopify-topic'],
        shopDomain,
        triggeredAt: parseShopifyTime(values['x-shopify-triggered-at']),
        resourceGid: json.ok ? resourceGidOf(json.value) : null,
        rawBody: text,
        ...(json.ok ? {} : { unreadable: json.reason }),
      });
      const context = { topic: values['x-shopify-topic'], eventId: values['x-shopify-event-id'] };
      if (failed) request.log.error(context, 'Shopify webhook stored as failed: its body cannot be read');
      else request.log.info({ ...context, duplicate: !stored }, 'Shopify webhook received');
      return reply.code(200).send();
    });
  };
