import type { Server } from 'node:http';
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
  /** Runs `action` once draining starts (at once if it has). */
  whenDraining(action: () => void): void;
  /** Wraps listen handlers so `listening` follows them. */
  watch(handlers: ListenHandlers): ListenHandlers;
}

export function createLifecycle(): Lifecycle {
  let draining = false;
  let listening = true;
  const onDraining: Array<() => void> = [];
  return {
    get draining() {
      return draining;
    },
    get listening() {
      return listening;
    },
    startDraining() {
      if (draining) return;
      draining = true;
      for (const action of onDraining.splice(0)) action();
    },
    whenDraining(action) {
      if (draining) action();
      else onDraining.push(action);
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
 * While the process drains (docs/operations.md#stopping) it takes no new request: the listener is closed at
 * once, so a proxy's next connection is refused and goes to another instance (nginx passes even a POST on,
 * as nothing was sent); idle kept-alive connections are closed; every answer still to go out carries
 * `Connection: close`, so no client sends another request on it. A request that still arrives on an open
 * connection gets 503 UNAVAILABLE with Retry-After; the health checks answer, readiness with 'draining'.
 * Requests already under way finish. When not draining, each request costs one boolean check per hook.
 */
export function registerDrainingCheck(app: FastifyInstance, lifecycle: Lifecycle) {
  app.addHook('onRequest', (request, reply, done) => {
    if (!lifecycle.draining || request.url.startsWith('/api/health')) return done();
    reply.header('retry-after', String(DRAINING_RETRY_AFTER_SECONDS));
    void sendError(request, reply, 'UNAVAILABLE', DRAINING_MESSAGE);
  });
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (lifecycle.draining) reply.header('connection', 'close');
    done(null, payload);
  });
  lifecycle.whenDraining(() => stopAccepting(app.server));
}

/**
 * No new connections, and none left idle. The app's own close (main.ts, after the jobs) then waits for the
 * connections still answering; Fastify takes the server's 'not running' answer for done.
 */
function stopAccepting(server: Server) {
  if (!server.listening) return;
  server.close();
  server.closeIdleConnections();
}
