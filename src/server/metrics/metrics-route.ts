import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { sendError } from '../plugins/error-handler';
import type { PortalMetrics } from './metrics';

/** Whether `header` is 'Bearer <token>', compared in constant time. */
function bearerMatches(header: string | undefined, token: string): boolean {
  const given = Buffer.from(header ?? '');
  const expected = Buffer.from(`Bearer ${token}`);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/**
 * Measures every request's duration by route pattern (never the raw URL: ids and tokens stay out of the
 * labels) and, with a token, serves GET /metrics to a scraper that presents it
 * (docs/operations.md#metrics). Only registered when metrics are on, so it costs nothing otherwise.
 */
export function registerMetrics(app: FastifyInstance, metrics: PortalMetrics, token: string | undefined) {
  app.addHook('onResponse', (request, reply, done) => {
    const route = request.routeOptions.url ?? 'unmatched';
    metrics.observeRequest(route, request.method, reply.statusCode, reply.elapsedTime / 1000);
    done();
  });
  if (!token) return;
  app.get('/metrics', async (request, reply) => {
    if (!bearerMatches(request.headers.authorization, token)) {
      return sendError(request, reply, 'UNAUTHENTICATED', 'A valid metrics token is needed.');
    }
    return reply
      .header('content-type', metrics.contentType)
      .header('cache-control', 'no-store')
      .send(await metrics.text());
  });
}
