import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Logger } from 'pino';

/**
 * Which requests get their line at the default level (ADR 0021). A log line costs about as much CPU as a
 * cheap answer itself (writing it a third of GET /api/products' throughput, issue 15), so at `info` the
 * portal writes one for every request that matters to an operator — a failure, a slow answer, any request
 * that may change something — and one in SAMPLE_EVERY of the rest (fast, successful reads), marked with
 * `sampled`, so traffic stays visible. At `debug` every request has its line.
 */
export const REQUEST_LOG = {
  /** An answer slower than this is always logged. */
  slowMs: 250,
  sampleEvery: 100,
} as const;

/** Route option for a POST that changes nothing (cart prices): logged as a read. */
declare module 'fastify' {
  interface FastifyContextConfig {
    readOnly?: boolean;
  }
}

const READ_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Requests whose failure an outage log counts (outage-log.ts): no line of their own at info. */
const counted = new WeakSet<FastifyRequest>();

/**
 * Marks a request answered 503 because of an outage: the outage's own lines count it (one at the start, a
 * summary a minute, one at the end; docs/operations.md#logs-during-an-outage), so it gets no line at info.
 */
export function countedByOutageLog(request: FastifyRequest): void {
  counted.add(request);
}

function mustLog(request: FastifyRequest, reply: FastifyReply): boolean {
  if (reply.statusCode >= 400 || reply.elapsedTime >= REQUEST_LOG.slowMs) return true;
  return !READ_METHODS.has(request.method) && request.routeOptions.config.readOnly !== true;
}

/**
 * One log line per request when its answer has gone (see REQUEST_LOG for which ones at `info`): method,
 * path (secrets redacted by the `req` serializer, log-redaction.ts), status and time taken, under the
 * request's id. Fastify's own request logging writes two lines for every request; app.ts turns it off with a
 * LogController, and the error handler logs failures itself.
 */
export function registerRequestLog(app: FastifyInstance) {
  let reads = 0;
  // Through the root logger with the request id in the line: the request's own logger stays unmade
  // (lazy-child-logger.ts), and the line reads as if the child had written it.
  const log = app.log as Logger;
  app.addHook('onResponse', (request, reply, done) => {
    const line = () => ({
      reqId: request.id,
      req: request,
      res: { statusCode: reply.statusCode },
      responseTime: reply.elapsedTime,
    });
    if (counted.has(request)) {
      if (log.isLevelEnabled?.('debug')) log.debug(line(), 'request completed');
    } else if (mustLog(request, reply)) {
      log.info(line(), 'request completed');
    } else if ((reads = (reads + 1) % REQUEST_LOG.sampleEvery) === 0) {
      log.info({ ...line(), sampled: REQUEST_LOG.sampleEvery }, 'request completed');
    } else if (log.isLevelEnabled?.('debug')) {
      // (Optional call: with logging off, Fastify's stand-in logger has no isLevelEnabled, and a throw here
      // would skip the onResponse hooks after this one.)
      log.debug(line(), 'request completed');
    }
    done();
  });
}
