import type { FastifyInstance } from 'fastify';
import type { ListenHandlers } from '../db/client';
import { sendError } from '../plugins/error-handler';

/** What a client that reaches a stopping instance is told to wait before it tries again. */
export const DRAINING_RETRY_AFTER_SECONDS = 5;
export const DRAINING_MESSAGE = 'The portal is restarting. Please try again in a few seconds.';

/**
 * Where the process is in its life, for readiness and for the requests that arrive while it stops
 * (docs/operations.md#health-and-readiness): draining once SIGTERM is received, and whether the database's
 * notifications are being received (a PostgreSQL listener connection can drop while queries still work).
 */
export interface Lifecycle {
  readonly draining: boolean;
  readonly listening: boolean;
  startDraining(): void;
  /** Wraps listen handlers so `listening` follows them. */
  watch(handlers: ListenHandlers): ListenHandlers;
}

export function createLifecycle(): Lifecycle {
  let draining = false;
  let listening = true;
  return {
    get draining() {
      return draining;
    },
    get listening() {
      return listening;
    },
    startDraining() {
      draining = true;
    },
    watch(handlers) {
      return {
        onNotify: (payload) => handlers.onNotify(payload),
        onLive: (live) => {
          listening = live;
          handlers.onLive(live);
        },
      };
    },
  };
}

/**
 * While the process drains, every request but the health checks gets 503 UNAVAILABLE with Retry-After, so a
 * load balancer or a client retries on another instance; requests already in flight finish.
 */
export function registerDrainingCheck(app: FastifyInstance, lifecycle: Lifecycle) {
  app.addHook('onRequest', (request, reply, done) => {
    if (!lifecycle.draining || request.url.startsWith('/api/health')) return done();
    reply.header('retry-after', String(DRAINING_RETRY_AFTER_SECONDS));
    void sendError(request, reply, 'UNAVAILABLE', DRAINING_MESSAGE);
  });
}
