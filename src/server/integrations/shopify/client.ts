import { setTimeout as delay } from 'node:timers/promises';
import { getOperationAST, OperationTypeNode, parse } from 'graphql';
import { z } from 'zod';
import { createCircuitBreaker, type CircuitBreakerOptions, type CircuitState } from './circuit-breaker';
import { graphqlEndpoint, type ShopifyConfig } from './config';

/*
 * Transport to the Shopify Admin GraphQL API (docs/shopify.md#talking-to-the-admin-api): POST JSON with the
 * access token, timeouts, every answer parsed with zod, cost-aware throttling, bounded retries with backoff and
 * jitter, and a circuit breaker. request() never throws: every failure comes back as a typed ShopifyResult
 * error. The retry policy, the timeouts and why a mutation is resent only when Shopify certainly never ran it:
 * docs/decisions/0013-shopify-calls-as-jobs.md.
 */

export interface ShopifyUserError {
  field: string[] | null;
  message: string;
  code?: string | null;
}

export type ShopifyErrorKind =
  | 'throttled' // THROTTLED (HTTP 200) still after the retries
  | 'rate-limited' // HTTP 429 still after the retries
  | 'server' // 5xx, or INTERNAL_SERVER_ERROR / SERVICE_UNAVAILABLE with HTTP 200, still after the retries
  | 'network'
  | 'timeout'
  | 'unauthorized' // 401 (string `errors`)
  | 'graphql' // other top-level GraphQL errors (incl. ACCESS_DENIED, MAX_COST_EXCEEDED — never retried), other 4xx
  | 'user-errors' // data.<mutation>.userErrors non-empty
  | 'not-found' // a query for one object returned null
  | 'invalid-response' // the body did not match the zod schema
  | 'circuit-open'; // refused locally: the store failed repeatedly, waiting out the cool-down

export interface ShopifyError {
  kind: ShopifyErrorKind;
  message: string;
  retryable: boolean;
  status?: number;
  userErrors?: ShopifyUserError[];
}

export type ShopifyResult<T> = { ok: true; data: T } | { ok: false; error: ShopifyError };

export interface ThrottleStatus {
  maximumAvailable: number;
  currentlyAvailable: number;
  restoreRate: number;
}

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

const RETRYABLE_KINDS: ReadonlySet<ShopifyErrorKind> = new Set([
  'throttled',
  'rate-limited',
  'server',
  'network',
  'timeout',
  'circuit-open',
]);
/**
 * Failures that say 'the store is unwell' and count towards opening the circuit. Not 429 or THROTTLED: the
 * store is up and says when to come back (Retry-After, the bucket), so they must not make us stop calling it.
 */
const STORE_FAILURE_KINDS: ReadonlySet<ShopifyErrorKind> = new Set(['server', 'network', 'timeout']);
/**
 * Top-level GraphQL error codes that mean Shopify failed on its side while answering HTTP 200: handled like a
 * 5xx (retried for queries; for mutations returned retryable, since the operation may have run).
 */
const SERVER_ERROR_CODES: ReadonlySet<string> = new Set(['INTERNAL_SERVER_ERROR', 'SERVICE_UNAVAILABLE']);
/** Connection errors raised before a single byte of the request left this machine. */
const NOT_SENT_CODES = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'UND_ERR_CONNECT_TIMEOUT',
]);

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

/** A ShopifyError whose `retryable` follows from its kind unless given. */
export function shopifyError(
  kind: ShopifyErrorKind,
  message: string,
  extra: Partial<Omit<ShopifyError, 'kind' | 'message'>> = {},
): ShopifyError {
  return { kind, message, retryable: RETRYABLE_KINDS.has(kind), ...extra };
}

export function shopifyFailure<T>(
  kind: ShopifyErrorKind,
  message: string,
  extra?: Partial<Omit<ShopifyError, 'kind' | 'message'>>,
): ShopifyResult<T> {
  return { ok: false, error: shopifyError(kind, message, extra) };
}

// ---- answer schemas (docs/shopify.md#answers-and-errors, docs/shopify.md#throttling-and-retries) ----

const throttleStatusSchema = z.object({
  maximumAvailable: z.number(),
  currentlyAvailable: z.number(),
  restoreRate: z.number(),
});
const costSchema = z.object({
  requestedQueryCost: z.number().nullish(),
  actualQueryCost: z.number().nullish(),
  throttleStatus: throttleStatusSchema.optional(),
});
const graphqlErrorSchema = z.object({
  message: z.string(),
  path: z.array(z.union([z.string(), z.number()])).optional(),
  extensions: z.object({ code: z.string().optional() }).optional(),
});
const envelopeSchema = z.object({
  data: z.unknown().optional(),
  errors: z.array(graphqlErrorSchema).optional(),
  extensions: z.object({ cost: costSchema.optional() }).optional(),
});
/** A 401 carries a string, not an array: `{"errors":"[API] Invalid API key or access token …"}`. */
const stringErrorsSchema = z.object({ errors: z.string() });

type Cost = z.infer<typeof costSchema>;

/**
 * What one HTTP exchange came to. `retryInMs` null means: do not retry; `notExecuted`: Shopify certainly did
 * not run the operation, so even a mutation may be resent.
 */
type AttemptResult<T> =
  { ok: true; data: T } | { ok: false; error: ShopifyError; retryInMs: number | null; notExecuted: boolean };

interface Bucket {
  available: number;
  maximum: number;
  restoreRate: number;
  at: number;
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
  const deprecationsLogged = new Set<string>();

  let lastStatus: ThrottleStatus | null = null;
  /** Our running estimate of the bucket: Shopify's last report, refilled over time, minus what we sent since. */
  let bucket: Bucket | null = null;

  const capped = (ms: number) => Math.max(0, Math.min(Math.round(ms), maxBackoffMs));

  /**
   * Equal jitter: step = min(cap, 1 s × 2^(attempt−1)), wait uniform in [step / 2, step]. Never less than half
   * the step, so an unlucky random() cannot fire every retry at once and open the circuit within a second.
   */
  const backoffMs = (attempt: number) => {
    const step = Math.min(maxBackoffMs, BACKOFF_BASE_MS * 2 ** Math.min(attempt - 1, 30));
    return capped(step / 2 + random() * (step / 2));
  };

  function projectedAvailable(at: number): number {
    if (!bucket) return Infinity;
    const refilled = (bucket.restoreRate * Math.max(0, at - bucket.at)) / 1000;
    return Math.min(bucket.maximum, bucket.available + refilled);
  }

  /**
   * Wait (cost − available) / restoreRate s when the bucket cannot hold the estimate
   * (docs/shopify.md#throttling-and-retries). The points are reserved before waiting, so concurrent requests
   * queue up behind each other instead of all spending the same refill.
   */
  async function waitForBucket(operation: string, estimatedCost: number): Promise<void> {
    if (!bucket) return;
    const at = now();
    const available = projectedAvailable(at);
    const cost = Math.min(estimatedCost, bucket.maximum);
    bucket = { ...bucket, available: available - cost, at };
    if (available >= cost || bucket.restoreRate <= 0) return;
    const waitMs = capped(((cost - available) / bucket.restoreRate) * 1000);
    log.info?.({ operation, estimatedCost, available, waitMs }, 'Shopify bucket low; waiting before sending');
    await sleep(waitMs);
  }

  function recordCost(cost: Cost | undefined): void {
    const status = cost?.throttleStatus;
    if (!status) return;
    lastStatus = { ...status };
    bucket = {
      available: status.currentlyAvailable,
      maximum: status.maximumAvailable,
      restoreRate: status.restoreRate,
      at: now(),
    };
  }

  /**
   * ceil((requested − available) / restoreRate) s, at least 1 s, plus jitter
   * (docs/shopify.md#throttling-and-retries).
   */
  function throttledWaitMs(cost: Cost | undefined, estimatedCost: number): number {
    const status = cost?.throttleStatus ?? lastStatus;
    const requested = cost?.requestedQueryCost ?? estimatedCost;
    const seconds =
      status && status.restoreRate > 0
        ? Math.ceil(Math.max(0, requested - status.currentlyAvailable) / status.restoreRate)
        : 1;
    return capped(Math.max(1, seconds) * 1000 + random() * THROTTLE_JITTER_MS);
  }

  /** Retry-After in seconds, fractional allowed ('2.0' → 2000 ms), or an HTTP date. */
  function retryAfterMs(header: string | null): number | null {
    const value = header?.trim();
    if (!value) return null;
    if (/^\d+(\.\d+)?$/.test(value)) return capped(Number(value) * 1000);
    const date = Date.parse(value);
    return Number.isNaN(date) ? null : capped(date - now());
  }

  async function attempt<T>(
    operation: ShopifyOperation<T>,
    isMutation: boolean,
    body: string,
    estimatedCost: number,
    attemptNumber: number,
  ): Promise<AttemptResult<T>> {
    const exchanged = await exchange(body);
    if (!exchanged.ok) {
      const { kind, message, notSent } = exchanged;
      return {
        ok: false,
        error: shopifyError(kind, message),
        retryInMs: backoffMs(attemptNumber),
        notExecuted: notSent,
      };
    }
    const { status, headers, text } = exchanged;
    const deprecation = headers.get('x-shopify-api-deprecated-reason');
    if (deprecation && !deprecationsLogged.has(operation.name)) {
      deprecationsLogged.add(operation.name);
      log.warn({ operation: operation.name, deprecation }, 'Shopify reports a deprecated field in use');
    }

    if (status === 401) {
      const parsed = stringErrorsSchema.safeParse(parseJson(text));
      const message = parsed.success ? parsed.data.errors : 'Invalid API key or access token';
      return fail(shopifyError('unauthorized', `Shopify refused the access token: ${message}`, { status }));
    }
    if (status === 429) {
      const waitMs = retryAfterMs(headers.get('retry-after')) ?? backoffMs(attemptNumber);
      const error = shopifyError('rate-limited', 'Shopify answered 429 Too Many Requests', { status });
      return { ok: false, error, retryInMs: waitMs, notExecuted: true };
    }
    if (status >= 500) {
      const error = shopifyError('server', `Shopify answered HTTP ${status}`, { status });
      return { ok: false, error, retryInMs: backoffMs(attemptNumber), notExecuted: false };
    }
    if (status < 200 || status >= 300) {
      const detail = errorText(parseJson(text));
      return fail(
        shopifyError('graphql', `Shopify answered HTTP ${status}${detail ? `: ${detail}` : ''}`, { status }),
      );
    }

    // Shopify answered HTTP 200 from here on: a mutation may have run (unusableAnswer).
    const unusable = (detail: string) => fail<T>(unusableAnswer(operation.name, detail, status, isMutation));
    const json = parseJson(text);
    if (json === undefined) return unusable('the body is not JSON');
    const envelope = envelopeSchema.safeParse(json);
    if (!envelope.success) return unusable(z.prettifyError(envelope.error));
    const { data, errors, extensions } = envelope.data;
    recordCost(extensions?.cost);

    if (errors && errors.length > 0) {
      if (errors.some((error) => error.extensions?.code === 'THROTTLED')) {
        const error = shopifyError('throttled', 'Shopify throttled the request (cost limit)', { status });
        return {
          ok: false,
          error,
          retryInMs: throttledWaitMs(extensions?.cost, estimatedCost),
          notExecuted: true,
        };
      }
      const message = errors
        .map((error) =>
          error.extensions?.code ? `${error.extensions.code}: ${error.message}` : error.message,
        )
        .join('; ');
      if (errors.some((error) => SERVER_ERROR_CODES.has(error.extensions?.code ?? ''))) {
        const error = shopifyError('server', `${operation.name}: ${message}`, { status });
        return { ok: false, error, retryInMs: backoffMs(attemptNumber), notExecuted: false };
      }
      // `data` is absent only when the request failed before execution began (GraphQL spec, Response); with
      // it, a mutation may have run, unless Shopify refused its root field outright.
      if (isMutation && data !== undefined && !refusedBeforeRunning(errors)) {
        return unusable(`errors next to data: ${message}`);
      }
      return fail(shopifyError('graphql', `${operation.name}: ${message}`, { status }));
    }

    const parsed = operation.data.safeParse(data);
    if (!parsed.success) return unusable(z.prettifyError(parsed.error));
    if (isMutation && hasNullPayload(parsed.data)) return unusable('a null payload and no errors');
    return { ok: true, data: parsed.data };
  }

  type Exchange =
    | { ok: true; status: number; headers: Headers; text: string }
    | { ok: false; kind: 'network' | 'timeout'; message: string; notSent: boolean };

  /**
   * One POST, with a timer until the headers arrive (Shopify sends them after executing, so this includes
   * execution time) and another for the whole exchange.
   */
  async function exchange(body: string): Promise<Exchange> {
    const controller = new AbortController();
    let timedOut: 'headers' | 'total' | null = null;
    const abortOn = (which: 'headers' | 'total', ms: number) =>
      setTimeout(() => {
        timedOut ??= which;
        controller.abort();
      }, ms);
    const headersTimer = abortOn('headers', connectTimeoutMs);
    const totalTimer = abortOn('total', totalTimeoutMs);
    // A fetch that ignores its signal must not hang us: race every step against the abort.
    const aborted = new Promise<never>((_, reject) =>
      controller.signal.addEventListener('abort', () => reject(new Error('aborted')), { once: true }),
    );
    aborted.catch(() => {});
    try {
      const response = await Promise.race([
        fetchImpl(endpoint, {
          method: 'POST',
          headers: {
            'Content-Type': 'application/json',
            Accept: 'application/json',
            'X-Shopify-Access-Token': config.adminToken,
          },
          body,
          signal: controller.signal,
        }),
        aborted,
      ]);
      clearTimeout(headersTimer);
      const text = await Promise.race([response.text(), aborted]);
      return { ok: true, status: response.status, headers: response.headers, text };
    } catch (error) {
      if (timedOut) {
        const ms = timedOut === 'headers' ? connectTimeoutMs : totalTimeoutMs;
        const what = timedOut === 'headers' ? 'no response headers' : 'the exchange did not finish';
        return {
          ok: false,
          kind: 'timeout',
          message: `Shopify timed out: ${what} within ${ms} ms`,
          notSent: false,
        };
      }
      const code = errorCode(error);
      return {
        ok: false,
        kind: 'network',
        message: `Could not reach Shopify: ${describe(error)}${code ? ` (${code})` : ''}`,
        notSent: code !== undefined && NOT_SENT_CODES.has(code),
      };
    } finally {
      clearTimeout(headersTimer);
      clearTimeout(totalTimer);
      if (!controller.signal.aborted) controller.abort(); // releases the listener and any dangling body
    }
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
      const result = await attempt(operation, isMutation, body, estimatedCost, attemptNumber);
      if (result.ok) {
        breaker.recordSuccess();
        return result;
      }
      if (STORE_FAILURE_KINDS.has(result.error.kind)) breaker.recordFailure();
      else breaker.recordSuccess(); // it answered: the store is up
      lastError = result.error;

      const mayRetry = result.retryInMs !== null && (!isMutation || result.notExecuted);
      if (!mayRetry || attemptNumber === maxAttempts) break;
      log.warn(
        {
          operation: operation.name,
          attempt: attemptNumber,
          maxAttempts,
          kind: result.error.kind,
          status: result.error.status,
          delayMs: result.retryInMs,
        },
        `Shopify ${operation.name} failed (${result.error.kind}); retrying`,
      );
      await sleep(result.retryInMs ?? 0);
    }
    return { ok: false, error: lastError ?? shopifyError('network', 'Shopify request was not attempted') };
  }

  return {
    async request(operation, variables) {
      try {
        return await run(operation, variables);
      } catch (error) {
        // Nothing above should throw; if something does (a bug, a throwing stub), it still becomes a result.
        return shopifyFailure('invalid-response', `Unexpected error calling Shopify: ${describe(error)}`);
      }
    },
    lastThrottleStatus: () => (lastStatus ? { ...lastStatus } : null),
    circuitState: () => breaker.state(),
  };
}

function fail<T>(error: ShopifyError): AttemptResult<T> {
  return { ok: false, error, retryInMs: null, notExecuted: false };
}

/**
 * An HTTP 200 answer the client cannot use. A query's stays unretryable (the same question gets the same
 * answer); a mutation's is retryable, since Shopify may have run it: the job decides, after looking for what
 * it made. Either way `fail` gives no retryInMs, so this client does not send it again.
 */
function unusableAnswer(
  operation: string,
  detail: string,
  status: number,
  isMutation: boolean,
): ShopifyError {
  const mayHaveRun = isMutation ? ' (the mutation may have run)' : '';
  return shopifyError(
    'invalid-response',
    `${operation}: unexpected answer from Shopify${mayHaveRun}: ${detail}`,
    { status, retryable: isMutation },
  );
}

/** Errors that say Shopify refused a mutation's root field before running it: a missing access scope. */
function refusedBeforeRunning(errors: z.infer<typeof graphqlErrorSchema>[]): boolean {
  return errors.every(
    (error) => error.extensions?.code === 'ACCESS_DENIED' && (error.path?.length ?? 0) <= 1,
  );
}

/** A mutation's root field (its payload) answered null: Shopify failed somewhere after being asked. */
function hasNullPayload(data: unknown): boolean {
  return typeof data === 'object' && data !== null && Object.values(data).some((value) => value === null);
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** The message of a non-2xx body: `errors` as a string or as GraphQL errors, when there is one. */
function errorText(json: unknown): string | undefined {
  const asString = stringErrorsSchema.safeParse(json);
  if (asString.success) return asString.data.errors;
  const asList = z.object({ errors: z.array(graphqlErrorSchema) }).safeParse(json);
  return asList.success ? asList.data.errors.map((error) => error.message).join('; ') : undefined;
}

/** undici puts the socket error (with its code) in `cause`; happy-eyeballs wraps several in an AggregateError. */
function errorCode(error: unknown): string | undefined {
  let current = error;
  for (let depth = 0; typeof current === 'object' && current !== null && depth < 4; depth += 1) {
    if ('code' in current && typeof current.code === 'string') return current.code;
    current = 'cause' in current ? current.cause : undefined;
  }
  return undefined;
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
