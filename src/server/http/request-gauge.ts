import type { Server } from 'node:http';

/**
 * More requests than this in flight at once is a burst: background work (the outbox) gives way to it
 * (ADR 0022). A page of the portal asks for a handful of API answers and assets at once, so a few shoppers
 * browsing stay below it.
 */
export const BUSY_REQUESTS = 8;

/** How many HTTP requests the server is answering right now. */
export interface RequestGauge {
  inFlight(): number;
  /** More than BUSY_REQUESTS in flight. */
  busy(): boolean;
  /** Starts counting the requests of `server` (once it exists: the worker starts before the app). */
  watch(server: Server): void;
}

export function createRequestGauge(busyAbove = BUSY_REQUESTS): RequestGauge {
  let inFlight = 0;
  return {
    inFlight: () => inFlight,
    busy: () => inFlight > busyAbove,
    watch(server) {
      server.on('request', (_request, response) => {
        inFlight += 1;
        // 'close' comes once per response, whether it was sent in full or the client went away.
        response.once('close', () => {
          inFlight -= 1;
        });
      });
    },
  };
}
