import { z } from 'zod';
import { requestJson } from '../../lib/api';
import { parseOrderId } from '../../lib/orders';
import { checkReorderData, type CheckedReorder } from './reorder-data';
import {
  categorizeReorderError,
  REORDER_ERRORS,
  reorderRetryDelay,
  type ReorderErrorCategory,
} from './reorder-errors';
import { isReorderTokenHandled, markReorderTokenHandled } from './reorder-token';

/** The reorder call is aborted after 10 s (docs/storefront.md#timings-and-limits). */
export const REORDER_TIMEOUT_MS = 10_000;

export type ReorderOutcome =
  { ok: true; reorder: CheckedReorder } | { ok: false; category: ReorderErrorCategory; message: string };

/**
 * POST /api/orders/{id}/reorder (docs/storefront.md#reorder-page): no body, a cache-busting query parameter,
 * no-cache, aborted after 10 s. The reply is read as unknown and checked by `checkReorderData`, which knows
 * which flaws only warn. Reordering creates nothing on the server (it prices the old lines at today's
 * prices), so a retry is safe.
 */
export async function requestReorder(orderId: number): Promise<unknown> {
  const controller = new AbortController();
  const timer = setTimeout(
    () => controller.abort(new DOMException('The reorder request timed out', 'TimeoutError')),
    REORDER_TIMEOUT_MS,
  );
  try {
    return await requestJson(`/api/orders/${orderId}/reorder?t=${Date.now()}`, z.unknown(), {
      method: 'POST',
      signal: controller.signal,
      headers: { 'Cache-Control': 'no-cache' },
    });
  } finally {
    clearTimeout(timer);
  }
}

export interface RunReorderOptions {
  request?: (orderId: number) => Promise<unknown>;
  sleep?: (ms: number) => Promise<void>;
  random?: () => number;
}

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

function failure(category: ReorderErrorCategory): ReorderOutcome {
  return { ok: false, category, message: REORDER_ERRORS[category].message };
}

/**
 * One reorder with the retries of docs/storefront.md#reorder-page; never throws. `orderId` is the route's raw
 * parameter.
 */
export async function runReorder(
  orderId: string | undefined,
  { request = requestReorder, sleep = wait, random = Math.random }: RunReorderOptions = {},
): Promise<ReorderOutcome> {
  const id = parseOrderId(orderId);
  if (id === null) return failure('data_integrity');

  for (let retry = 1; ; retry += 1) {
    try {
      const checked = checkReorderData(await request(id));
      if (checked.ok) return checked;
      console.warn(`Reorder of order ${id}: ${checked.reason}`);
      return failure(checked.category);
    } catch (error) {
      const category = categorizeReorderError(error);
      const delay = reorderRetryDelay(category, retry, random);
      console.warn(`Reorder of order ${id} failed (${category})`, error);
      if (delay === null) return failure(category);
      await sleep(delay);
    }
  }
}

/** Runs in flight or finished during this page's life, by token. */
const runs = new Map<string, Promise<ReorderOutcome>>();
/** Tokens whose outcome was already applied (toasts, cart, navigation). */
const applied = new Set<string>();

/**
 * The reorder for a click's token, started at most once: a second caller with the same token (React
 * StrictMode's doubled effect) shares the first run. A token handled before this page load (a reload) gets
 * null, and nothing is called.
 */
export function claimReorderRun(
  token: string,
  orderId: string | undefined,
  options?: RunReorderOptions,
): Promise<ReorderOutcome> | null {
  const existing = runs.get(token);
  if (existing) return existing;
  if (isReorderTokenHandled(token)) return null;
  markReorderTokenHandled(token);
  const run = runReorder(orderId, options);
  runs.set(token, run);
  return run;
}

/** True the first time it is asked for a token: its outcome is applied once, whoever is listening. */
export function claimReorderOutcome(token: string): boolean {
  if (applied.has(token)) return false;
  applied.add(token);
  return true;
}

/** Tests: forget this page's runs, as a page load does. */
export function forgetReorderRuns(): void {
  runs.clear();
  applied.clear();
}
