import { setTimeout as delay } from 'node:timers/promises';
import { getOperationAST, OperationTypeNode, parse } from 'graphql';
import type { z } from 'zod';
import { createCircuitBreaker, type CircuitBreakerOptions, type CircuitState } from './circuit-breaker';
import {
  classifyFailedExchange,
  classifyResponse,
  describeError,
  type Classified,
  type RetryAdvice,
} from './classify-response';
import { graphqlEndpoint, type ShopifyConfig } from './config';
import { shopifyError, shopifyFailure, type ShopifyError, type ShopifyResult } from './shopify-result';
import { createThrottleBucket, throttledWaitSeconds, type ThrottleStatus } from './throttle-bucket';
import { exchange } from './transport';

/*
 * The client of the Shopify Admin GraphQL API (docs/shopify.md#talking-to-the-admin-api): the retry loop
 * around one exchange (transport.ts), with cost-aware throttling (throttle-bucket.ts), bounded retries with
 * backoff and jitter as the answer's classification advises (classify-response.ts), and a circuit breaker.
 * request() never throws: every failure comes back as a typed ShopifyResult error. The retry policy, the
 * timeouts and why a mutation is resent only when Shopify certainly never ran it:
 * docs/decisions/0013-shopify-calls-as-jobs.md.
 */

/** The result types callers know from here (shopify-result.ts). */
export type { ShopifyError, ShopifyResult } from './shopify-result';

export interface ShopifyClientLog {
  warn(obj: object, msg: string): void;
  info?(obj: object, msg: string): void;
}

export interface ShopifyClientOptions {
  fetch?: typeof fetch;
  sleep?: (ms: number) => Promise<void>;
  random?: () => number;
  now?: () => number;
  /**
   * Time allowed until the response headers arrive, per attempt. Default 15000. Shopify answers headers after
   * executing the operation, so this covers execution too (a slow draftOrderCreate), not just connecting.
   */
  connectTimeoutMs?: number;
  /** Time allowed for the whole exchange (headers and body), per attempt. Default 20000. */
  totalTimeoutMs?: number;
  /** Attempts in total, the first included. Default 5. */
  maxAttempts?: number;
  /** Cap on any single wait (backoff, Retry-After, throttle). Default 30000. */
  maxBackoffMs?: number;
  circuit?: CircuitBreakerOptions;
  log?: ShopifyClientLog;
}

export interface ShopifyOperation<T> {
  name: string;
  document: string;
  /** Schema of `data`: exactly the fields the document selects. */
  data: z.ZodType<T>;
  /** Conservative requestedQueryCost, used to wait for the leaky bucket before sending. Default 50. */
  estimatedCost?: number;
}

export interface ShopifyClient {
  request<T>(operation: ShopifyOperation<T>, variables: Record<string, unknown>): Promise<ShopifyResult<T>>;
  /** The bucket as Shopify last reported it (extensions.cost.throttleStatus), null before the first answer. */
  lastThrottleStatus(): ThrottleStatus | null;
  /** The circuit breaker's state, for the metrics. */
  circuitState?(): CircuitState;
}

export const DEFAULT_ESTIMATED_COST = 50;
const DEFAULTS = {
  connectTimeoutMs: 15_000,
  totalTimeoutMs: 20_000,
  maxAttempts: 5,
  maxBackoffMs: 30_000,
  circuit: { failureThreshold: 5, cooldownMs: 30_000 },
} as const;
const BACKOFF_BASE_MS = 1_000;
/** Added on top of a computed THROTTLED wait so queued workers do not all come back in the same instant. */
export const THROTTLE_JITTER_MS = 1_000;

/**
 * Failures that say 'the store is unwell' and count towards opening the circuit. Not 429 or THROTTLED: the
 * store is up and says when to come back (Retry-After, the bucket), so they must not make us stop calling it.
 */
const STORE_FAILURE_KINDS: ReadonlySet<ShopifyError['kind']> = new Set(['server', 'network', 'timeout']);

/** Per document string: documents are constants, so each is parsed once. */
const mutationDocuments = new Map<string, boolean>();

/**
 * Whether sending `document` again could repeat a change. Read from the parsed document, not its text: a
 * fragment definition or a comment may come first. Anything not certainly a query counts as a mutation (a
 * document that does not parse, or holds several operations and so names none), so it is never resent.
 */
function isMutationDocument(document: string): boolean {
  let mutation = mutationDocuments.get(document);
  if (mutation === undefined) {
    try {
      mutation = getOperationAST(parse(document))?.operation !== OperationTypeNode.QUERY;
    } catch {
      mutation = true;
    }
    mutationDocuments.set(document, mutation);
  }
  return mutation;
}

export function createShopifyClient(
  config: ShopifyConfig,
  options: ShopifyClientOptions = {},
): ShopifyClient {
  const endpoint = graphqlEndpoint(config);
  const fetchImpl = options.fetch ?? fetch;
  const sleep = options.sleep ?? ((ms: number) => delay(ms));
  const random = () => Math.min(Math.max((options.random ?? Math.random)(), 0), 0.999_999);
  const now = options.now ?? Date.now;
  const connectTimeoutMs = options.connectTimeoutMs ?? DEFAULTS.connectTimeoutMs;
  const totalTimeoutMs = options.totalTimeoutMs ?? DEFAULTS.totalTimeoutMs;
  const maxAttempts = Math.max(1, options.maxAttempts ?? DEFAULTS.maxAttempts);
  const maxBackoffMs = options.maxBackoffMs ?? DEFAULTS.maxBackoffMs;
  const log = options.log ?? { warn() {} };
  const breaker = createCircuitBreaker(options.circuit ?? DEFAULTS.circuit, now);
  const bucket = createThrottleBucket(now);
  const deprecationsLogged = new Set<string>();

  const capped = (ms: number) => Math.max(0, Math.min(Math.round(ms), maxBackoffMs));

  /**
   * Equal jitter: step = min(cap, 1 s × 2^(attempt−1)), wait uniform in [step / 2, step]. Never less than half
   * the step, so an unlucky random() cannot fire every retry at once and open the circuit within a second.
   */
  const backoffMs = (attempt: number) => {
    const step = Math.min(maxBackoffMs, BACKOFF_BASE_MS * 2 ** Math.min(attempt - 1, 30));
    return capped(step / 2 + random() * (step / 2));
  };

  /** The wait the classification advises before sending again; null: do not send it again. */
  function retryInMs(retry: RetryAdvice, attemptNumber: number, estimatedCost: number): number | null {
    switch (retry.after) {
      case 'never':
        return null;
      case 'backoff':
        return backoffMs(attemptNumber);
      case 'retry-after':
        return capped(retry.ms);
      case 'refill': {
        // The bucket just recorded this answer's report, if it carried one (docs/shopify.md#throttling-and-retries).
        const seconds = throttledWaitSeconds(bucket.lastStatus(), retry.requestedCost ?? estimatedCost);
        return capped(seconds * 1000 + random() * THROTTLE_JITTER_MS);
      }
    }
  }

  /** Waits (cost − available) / restoreRate s when our estimate of the bucket cannot hold the cost. */
  async function waitForBucket(operation: string, estimatedCost: number): Promise<void> {
    const reservation = bucket.reserve(estimatedCost);
    if (!reservation || reservation.waitMs <= 0) return;
    const waitMs = capped(reservation.waitMs);
    const { available } = reservation;
    log.info?.({ operation, estimatedCost, available, waitMs }, 'Shopify bucket low; waiting before sending');
    await sleep(waitMs);
  }

  async function attempt<T>(operation: ShopifyOperation<T>, isMutation: boolean, body: string) {
    const exchanged = await exchange({
      fetch: fetchImpl,
      endpoint,
      adminToken: config.adminToken,
      body,
      connectTimeoutMs,
      totalTimeoutMs,
    });
    if (!exchanged.ok) return classifyFailedExchange(exchanged);
    const { status, headers, text } = exchanged;
    const deprecation = headers.get('x-shopify-api-deprecated-reason');
    if (deprecation && !deprecationsLogged.has(operation.name)) {
      deprecationsLogged.add(operation.name);
      log.warn({ operation: operation.name, deprecation }, 'Shopify reports a deprecated field in use');
    }
    const answer = { status, retryAfter: headers.get('retry-after'), text };
    const classified: Classified<T> = classifyResponse(answer, { ...operation, isMutation }, now);
    if (classified.throttleStatus) bucket.record(classified.throttleStatus);
    return classified;
  }

  async function run<T>(
    operation: ShopifyOperation<T>,
    variables: Record<string, unknown>,
  ): Promise<ShopifyResult<T>> {
    const isMutation = isMutationDocument(operation.document);
    const estimatedCost = operation.estimatedCost ?? DEFAULT_ESTIMATED_COST;
    const body = JSON.stringify({ query: operation.document, variables });
    let lastError: ShopifyError | null = null;

    for (let attemptNumber = 1; attemptNumber <= maxAttempts; attemptNumber += 1) {
      const permit = breaker.tryAcquire();
      if (!permit.allowed) {
        // Mid-retry, the real failure says more than 'circuit open'.
        if (lastError) return { ok: false, error: lastError };
        const seconds = Math.ceil(permit.retryInMs / 1000);
        return shopifyFailure(
          'circuit-open',
          `Shopify failed repeatedly; not calling it for another ${seconds} s (circuit open)`,
        );
      }
      await waitForBucket(operation.name, estimatedCost);
      const result = await attempt(operation, isMutation, body);
      if (result.ok) {
        breaker.recordSuccess();
        return { ok: true, data: result.data };
      }
      const delayMs = retryInMs(result.retry, attemptNumber, estimatedCost);
      if (STORE_FAILURE_KINDS.has(result.error.kind)) breaker.recordFailure();
      else breaker.recordSuccess(); // it answered: the store is up
      lastError = result.error;

      const mayRetry = delayMs !== null && (!isMutation || result.notExecuted);
      if (!mayRetry || attemptNumber === maxAttempts) break;
      log.warn(
        {
          operation: operation.name,
          attempt: attemptNumber,
          maxAttempts,
          kind: result.error.kind,
          status: result.error.status,
          delayMs,
        },
        `Shopify ${operation.name} failed (${result.error.kind}); retrying`,
      );
      await sleep(delayMs);
    }
    return { ok: false, error: lastError ?? shopifyError('network', 'Shopify request was not attempted') };
  }

  return {
    async request(operation, variables) {
      try {
        return await run(operation, variables);
      } catch (error) {
        // Nothing above should throw; if something does (a bug, a throwing stub), it still becomes a result.
        return shopifyFailure(
          'invalid-response',
          `Unexpected error calling Shopify: ${describeError(error)}`,
        );
      }
    },
    lastThrottleStatus: () => bucket.lastStatus(),
    circuitState: () => breaker.state(),
  };
}
