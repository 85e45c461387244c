import type { FastifyInstance } from 'fastify';
import { UNSUBSCRIBE_API_PATH } from '../../shared/schemas/reorder-reminders';
import { sendError } from './error-handler';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Routes called by other servers, not browsers; each must authenticate its caller another way: the Shopify
 * webhook verifies an HMAC of the raw body, and the reorder reminder's one-click unsubscribe, which mail
 * providers POST from their own servers (RFC 8058), is authorised by the unguessable secret in its address
 * and can do one thing only, turn off that one person's reorder reminders
 * (docs/security.md#cross-site-requests, docs/reorder-reminders.md#unsubscribe).
 */
export const CROSS_ORIGIN_EXEMPT_PATHS = new Set(['/api/shopify/webhooks', UNSUBSCRIBE_API_PATH]);

/**
 * Same-origin check for every state-changing request (docs/security.md#cross-site-requests): a browser's
 * `Sec-Fetch-Site: same-origin` passes; without that header the `Origin` must equal APP_ORIGIN; a request
 * with neither is refused. Runs in onRequest, before the body is read, and fails closed.
 */
export function isSameOriginRequest(
  headers: Record<string, string | string[] | undefined>,
  appOrigin: string,
): boolean {
  const fetchSite = headers['sec-fetch-site'];
  if (typeof fetchSite === 'string') return fetchSite === 'same-origin';
  const origin = headers['origin'];
  return typeof origin === 'string' && origin === appOrigin;
}

export function registerOriginCheck(app: FastifyInstance, appOrigin: string) {
  app.addHook('onRequest', (request, reply, done) => {
    if (
      SAFE_METHODS.has(request.method) ||
      CROSS_ORIGIN_EXEMPT_PATHS.has(request.url.split('?')[0] ?? '') ||
      isSameOriginRequest(request.headers, appOrigin)
    ) {
      done();
      return;
    }
    // Answered here: the request goes no further (a hook that sends does not call done).
    void sendError(
      request,
      reply,
      'CROSS_ORIGIN_REQUEST',
      'This request must come from the portal itself (same origin).',
    );
  });
}
