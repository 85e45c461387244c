/**
 * Switchable failures for the next API requests (docs/shopify.md#throttling-and-retries,
 * docs/shopify.md#the-fake-store): what a client must survive.
 */

/**
 * When the failure strikes. By default before the store runs anything. `after: 'execute'` runs the operation
 * first and then loses its answer (5xx, no answer, dropped connection): a mutation that took effect although
 * the client never learns it did, the case the portal's jobs must not turn into a second draft order.
 * THROTTLED and 429 have no such variant: Shopify refuses them before executing.
 */
interface Timing {
  after?: 'execute';
}

/** Every failure may be limited to one operation (by name); other requests pass and do not use it up. */
interface Target {
  operation?: string;
}

/**
 * - server-error: 5xx; 500 and 503 with a JSON body, 502 and 504 with an HTML page (as a CDN answers).
 * - rate-limited: HTTP 429 with `Retry-After` in seconds (default '2.0').
 * - throttled: THROTTLED with HTTP 200 and currentlyAvailable 0, whatever the bucket holds.
 * - hang: no answer at all until the client gives up (its timeout fires).
 * - reset: the connection is dropped without an answer.
 */
export type FakeFailure = Target &
  (
    | ({ kind: 'server-error'; status?: 500 | 502 | 503 | 504 } & Timing)
    | { kind: 'rate-limited'; retryAfter?: string }
    | { kind: 'throttled' }
    | ({ kind: 'hang' } & Timing)
    | ({ kind: 'reset' } & Timing)
  );

export function strikesAfterExecute(failure: FakeFailure): boolean {
  return 'after' in failure && failure.after === 'execute';
}

export interface FailureQueue {
  add(count: number, failure: FakeFailure): void;
  /**
   * The failure the next request gets, if any (and counts it): the oldest switch whose `operation`, if it
   * has one, is the request's. `operationName` is only asked for when such a switch waits.
   */
  next(operationName: () => string | null): FakeFailure | undefined;
  clear(): void;
  pending(): number;
}

export function createFailureQueue(): FailureQueue {
  const queue: { failure: FakeFailure; remaining: number }[] = [];
  return {
    add(count, failure) {
      if (!Number.isInteger(count) || count < 1) throw new Error('count must be a positive integer');
      queue.push({ failure, remaining: count });
    },
    next(operationName) {
      const name = queue.some(({ failure }) => failure.operation !== undefined) ? operationName() : null;
      const index = queue.findIndex(
        ({ failure }) => failure.operation === undefined || failure.operation === name,
      );
      const entry = queue[index];
      if (!entry) return undefined;
      entry.remaining -= 1;
      if (entry.remaining === 0) queue.splice(index, 1);
      return entry.failure;
    },
    clear() {
      queue.length = 0;
    },
    pending: () => queue.reduce((sum, entry) => sum + entry.remaining, 0),
  };
}

const HTML_PAGES: Record<number, string> = {
  502: '<html><head><title>502 Bad Gateway</title></head><body><h1>502 Bad Gateway</h1></body></html>',
  504: '<html><head><title>504 Gateway Time-out</title></head><body><h1>504 Gateway Time-out</h1></body></html>',
};

export interface FailureAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/**
 * What the HTTP layer does for a failure: send this answer, leave the request hanging, or drop the
 * connection; null for 'throttled', which the GraphQL endpoint answers itself (it needs the request's cost).
 */
export function failureAnswer(failure: FakeFailure): FailureAnswer | 'hang' | 'reset' | null {
  switch (failure.kind) {
    case 'server-error':
      return serverErrorAnswer(failure.status ?? 500);
    case 'rate-limited':
      return rateLimitedAnswer(failure.retryAfter ?? '2.0');
    case 'hang':
    case 'reset':
      return failure.kind;
    case 'throttled':
      return null;
  }
}

function serverErrorAnswer(status: number): FailureAnswer {
  const page = HTML_PAGES[status];
  if (page) return { status, headers: { 'content-type': 'text/html; charset=utf-8' }, body: page };
  // Plain texts, `errors` a string as in Shopify's non-GraphQL answers. Not 'Unavailable Shop': that is the
  // frozen (unpaid) shop's 402 answer on real Shopify, a different failure.
  const message = status === 503 ? 'Service Unavailable' : 'Internal Server Error';
  return {
    status,
    headers: { 'content-type': 'application/json; charset=utf-8' },
    body: JSON.stringify({ errors: message }),
  };
}

function rateLimitedAnswer(retryAfter: string): FailureAnswer {
  return {
    status: 429,
    headers: { 'content-type': 'application/json; charset=utf-8', 'retry-after': retryAfter },
    body: JSON.stringify({
      errors:
        'Exceeded 2 calls per second for api client. Reduce request rates to resume uninterrupted service.',
    }),
  };
}
