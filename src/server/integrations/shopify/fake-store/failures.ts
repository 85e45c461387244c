/**
 * Switchable failures for the next API requests (CONTRACT.md §4.2, §8): what a client must survive.
 */
export type FakeFailure =
  /** 5xx: 500 and 503 with a JSON body, 502 and 504 with an HTML page (as a CDN answers). */
  | { kind: 'server-error'; status?: 500 | 502 | 503 | 504 }
  /** HTTP 429 with `Retry-After` in seconds (default '2.0'). */
  | { kind: 'rate-limited'; retryAfter?: string }
  /** THROTTLED with HTTP 200 and currentlyAvailable 0, whatever the bucket holds. */
  | { kind: 'throttled' }
  /** No answer at all until the client gives up (its timeout fires). */
  | { kind: 'hang' }
  /** The connection is dropped without an answer. */
  | { kind: 'reset' };

export interface FailureQueue {
  add(count: number, failure: FakeFailure): void;
  /** The failure the next request gets, if any (and counts it). */
  next(): FakeFailure | undefined;
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
    next() {
      const head = queue[0];
      if (!head) return undefined;
      head.remaining -= 1;
      if (head.remaining === 0) queue.shift();
      return head.failure;
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

export function serverErrorAnswer(status: number): {
  status: number;
  headers: Record<string, string>;
  body: string;
} {
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

export function rateLimitedAnswer(retryAfter: string) {
  return {
    status: 429,
    headers: { 'content-type': 'application/json; charset=utf-8', 'retry-after': retryAfter },
    body: JSON.stringify({
      errors:
        'Exceeded 2 calls per second for api client. Reduce request rates to resume uninterrupted service.',
    }),
  };
}
