import { ApiError, UnexpectedReplyError } from '../../lib/api';

/** The reorder error categories of docs/storefront.md#reorder-page. */
export type ReorderErrorCategory =
  'network' | 'timeout' | 'rate_limit' | 'auth' | 'validation' | 'data_integrity' | 'server' | 'unknown';

interface CategoryRule {
  /** The 'Reorder Failed' toast's text, word for word from docs/storefront.md#reorder-page. */
  message: string;
  /** The category's own wait before a retry; null: retrying cannot help. */
  retryAfterMs: number | null;
}

const SERVER_MESSAGE = 'A server error occurred. Please try again in a few moments.';

export const REORDER_ERRORS: Readonly<Record<ReorderErrorCategory, CategoryRule>> = {
  network: { message: 'Network connection failed', retryAfterMs: 2000 },
  timeout: { message: 'The request timed out', retryAfterMs: 3000 },
  rate_limit: { message: 'Too many requests', retryAfterMs: 5000 },
  auth: { message: 'Please log in again to continue.', retryAfterMs: null },
  validation: {
    message: 'Some items in your order are no longer available or have changed.',
    retryAfterMs: null,
  },
  data_integrity: {
    message: 'Order data appears to be incomplete. Please try selecting a different order.',
    retryAfterMs: null,
  },
  server: { message: SERVER_MESSAGE, retryAfterMs: 5000 },
  // 'unknown is treated as server with a 3 s retry' (docs/storefront.md#reorder-page).
  unknown: { message: SERVER_MESSAGE, retryAfterMs: 3000 },
};

/** Retries after the first attempt: up to 3 (docs/storefront.md#timings-and-limits). */
export const MAX_REORDER_RETRIES = 3;
const BASE_DELAY_MS = 1000;
const MAX_JITTER = 0.3;
const MAX_DELAY_MS = 10_000;

/** The category of a failed reorder call: from the HTTP status, or from how the request failed. */
export function categorizeReorderError(error: unknown): ReorderErrorCategory {
  if (error instanceof ApiError) return categorizeStatus(error.status);
  if (error instanceof Error || error instanceof DOMException) {
    // Our own 10 s abort (TimeoutError), or a browser that reports it as a plain abort.
    if (error.name === 'TimeoutError' || error.name === 'AbortError') return 'timeout';
    // fetch() rejects with a TypeError when the network is down or the connection drops.
    if (error instanceof TypeError) return 'network';
    // requestJson's answer to a reply without the promised shape.
    if (error instanceof UnexpectedReplyError) return 'data_integrity';
  }
  return 'unknown';
}

function categorizeStatus(status: number): ReorderErrorCategory {
  if (status === 401 || status === 403) return 'auth';
  if (status === 408) return 'timeout';
  if (status === 429) return 'rate_limit';
  if (status === 400 || status === 409 || status === 422) return 'validation';
  // 404 is also what someone else's order answers: either way the order cannot be read.
  if (status === 404 || status === 410) return 'data_integrity';
  if (status >= 500) return 'server';
  return 'unknown';
}

/**
 * How long to wait before retry number `retry` (1-based), or null when there is no retry: the category never
 * retries, or the 3 retries are used up. The wait is the exponential back-off (1 s doubling, up to 30 %
 * jitter) but never shorter than the category's own delay, and never longer than 10 s.
 */
export function reorderRetryDelay(
  category: ReorderErrorCategory,
  retry: number,
  random: () => number = Math.random,
): number | null {
  const own = REORDER_ERRORS[category].retryAfterMs;
  if (own === null || retry < 1 || retry > MAX_REORDER_RETRIES) return null;
  const backoff = BASE_DELAY_MS * 2 ** (retry - 1) * (1 + MAX_JITTER * random());
  return Math.round(Math.min(MAX_DELAY_MS, Math.max(own, backoff)));
}
