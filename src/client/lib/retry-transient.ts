/**
 * Sends a request again when its failure passes by itself: a proxy's 502 or 504, a 503, or a lost
 * connection, as when an instance restarts behind the load balancer (docs/storefront.md#timings-and-limits,
 * docs/operations.md#stopping). Only for requests that are safe to repeat: a pure read (the cart check) or a
 * write made idempotent by its key (the order submission, whose retry carries the same `Idempotency-Key`).
 * A 4xx or 500 is an answer and comes back at once. Written here rather than taken from a library: it is a
 * loop of a few lines over fetch, and the libraries' rules on which methods to retry would refuse a POST.
 */

/** How many times a request is sent at most. */
export const RETRY_TRIES = 4;
/** The first wait; each further one doubles (200, 400, 800 ms), the jitter taking up to half of it off. */
const FIRST_WAIT_MS = 200;
/** A `Retry-After` up to this is waited out; one asking for longer ends the tries (its answer is shown). */
export const MAX_RETRY_AFTER_MS = 5_000;
const TRANSIENT_STATUSES = new Set([502, 503, 504]);

export interface RetryOptions {
  /** A number in [0, 1) for the jitter; Math.random by default. */
  random?: () => number;
}

/**
 * fetch, tried up to RETRY_TRIES times while the failure is transient. Resolves with the last response (which
 * may still be a 502/503/504 when every try failed), or rejects with the last network error or the abort.
 */
export async function fetchRetryingTransient(
  input: string,
  init: RequestInit,
  { random = Math.random }: RetryOptions = {},
): Promise<Response> {
  for (let tries = 1; ; tries++) {
    let wait: number | null;
    try {
      const response = await fetch(input, init);
      wait = TRANSIENT_STATUSES.has(response.status) ? waitBeforeRetry(tries, response, random) : null;
      if (wait === null || tries >= RETRY_TRIES) return response;
      // An unread answer keeps its connection busy.
      await response.text().catch(() => undefined);
    } catch (error) {
      // fetch rejects with a TypeError when the request could not be sent or its answer was cut off.
      if (!(error instanceof TypeError) || init.signal?.aborted || tries >= RETRY_TRIES) throw error;
      wait = backoffMs(tries, random);
    }
    await sleep(wait, init.signal);
  }
}

/** Exponential back-off with jitter: the nth wait lies in the upper half of 200 ms × 2^(n−1). */
function backoffMs(tries: number, random: () => number): number {
  const ceiling = FIRST_WAIT_MS * 2 ** (tries - 1);
  return ceiling / 2 + (ceiling / 2) * random();
}

/** The back-off, or a longer `Retry-After` when it is short; null when the server asks for a long pause. */
function waitBeforeRetry(tries: number, response: Response, random: () => number): number | null {
  const backoff = backoffMs(tries, random);
  const retryAfter = retryAfterMs(response.headers.get('retry-after'));
  if (retryAfter === undefined) return backoff;
  return retryAfter > MAX_RETRY_AFTER_MS ? null : Math.max(backoff, retryAfter);
}

/** `Retry-After` as seconds or an HTTP date, in milliseconds from now; undefined when absent or unreadable. */
function retryAfterMs(value: string | null): number | undefined {
  if (value === null || value.trim() === '') return undefined;
  if (/^\d+$/.test(value.trim())) return Number(value) * 1000;
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, date - Date.now());
}

/** Resolves after `ms`, or rejects with the signal's reason as soon as it aborts. */
function sleep(ms: number, signal: AbortSignal | null | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(abortReason(signal));
    const onAbort = () => {
      clearTimeout(timer);
      reject(abortReason(signal!));
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

/** What fetch itself rejects with on abort: the signal's reason, an AbortError unless one was given. */
function abortReason(signal: AbortSignal): Error {
  return signal.reason instanceof Error
    ? signal.reason
    : new DOMException('The operation was aborted.', 'AbortError');
}
