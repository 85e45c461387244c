import { z } from 'zod';
import { shopifyError, shopifyFailure, type ShopifyError, type ShopifyResult } from './shopify-result';
import type { ThrottleStatus } from './throttle-bucket';

/*
 * What one exchange with Shopify came to (docs/shopify.md#answers-and-errors): the HTTP status, the GraphQL
 * errors Shopify sends with HTTP 200 (THROTTLED among them), a body that is not what the document selected,
 * a mutation's userErrors, a connection that failed. Pure: each function reads what it is given and says
 * what kind of error it was, whether and when the same request may be sent again, and whether Shopify
 * certainly never ran it. The client does the waiting; why a mutation is resent only when it never ran:
 * docs/decisions/0013-shopify-calls-as-jobs.md.
 */

/** When the same request may be sent again (the client turns this into a wait, capped). */
export type RetryAdvice =
  | { after: 'never' }
  | { after: 'backoff' } // exponential backoff with jitter
  | { after: 'retry-after'; ms: number } // HTTP 429's Retry-After
  | { after: 'refill'; requestedCost: number | null }; // THROTTLED: once the bucket holds the requested cost

export type Classified<T> =
  | { ok: true; data: T; throttleStatus?: ThrottleStatus }
  | {
      ok: false;
      error: ShopifyError;
      retry: RetryAdvice;
      /** Shopify certainly did not run the operation, so even a mutation may be resent. */
      notExecuted: boolean;
      /** The bucket as this answer reported it, to be recorded even though the request failed. */
      throttleStatus?: ThrottleStatus;
    };

/** An HTTP answer as received: the status, the Retry-After header and the body as text. */
interface ShopifyAnswer {
  status: number;
  retryAfter: string | null;
  text: string;
}

export interface AnsweredOperation<T> {
  name: string;
  /** Schema of `data`: exactly the fields the document selects. */
  data: z.ZodType<T>;
  /** Whether sending it again could repeat a change (client.ts isMutationDocument). */
  isMutation: boolean;
}

/** A fetch that failed: what it threw, and which of the client's time limits fired first, if one did. */
export interface FailedExchange {
  error: unknown;
  timeout: { limit: 'headers' | 'total'; ms: number } | null;
}

/**
 * Top-level GraphQL error codes that mean Shopify failed on its side while answering HTTP 200: handled like a
 * 5xx (retried for queries; for mutations returned retryable, since the operation may have run).
 */
const SERVER_ERROR_CODES: ReadonlySet<string> = new Set(['INTERNAL_SERVER_ERROR', 'SERVICE_UNAVAILABLE']);
/** Connection errors raised before a single byte of the request left this machine. */
const NOT_SENT_CODES: ReadonlySet<string> = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'UND_ERR_CONNECT_TIMEOUT',
]);

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

type GraphqlError = z.infer<typeof graphqlErrorSchema>;

/** One HTTP answer → the data, or the error with what may be done about it. */
export function classifyResponse<T>(
  answer: ShopifyAnswer,
  operation: AnsweredOperation<T>,
  now: () => number,
): Classified<T> {
  const { status, text } = answer;
  if (status === 401) {
    const parsed = stringErrorsSchema.safeParse(parseJson(text));
    const message = parsed.success ? parsed.data.errors : 'Invalid API key or access token';
    return final(shopifyError('unauthorized', `Shopify refused the access token: ${message}`, { status }));
  }
  if (status === 429) {
    const waitMs = retryAfterMs(answer.retryAfter, now);
    const error = shopifyError('rate-limited', 'Shopify answered 429 Too Many Requests', { status });
    const retry: RetryAdvice = waitMs === null ? { after: 'backoff' } : { after: 'retry-after', ms: waitMs };
    return { ok: false, error, retry, notExecuted: true };
  }
  if (status >= 500) {
    const error = shopifyError('server', `Shopify answered HTTP ${status}`, { status });
    return { ok: false, error, retry: { after: 'backoff' }, notExecuted: false };
  }
  if (status < 200 || status >= 300) {
    const detail = errorText(parseJson(text));
    return final(
      shopifyError('graphql', `Shopify answered HTTP ${status}${detail ? `: ${detail}` : ''}`, { status }),
    );
  }
  return classifyGraphqlAnswer(text, status, operation);
}

/**
 * An HTTP 200 answer (a mutation may have run from here on: unusableAnswer). The bucket it reports is passed
 * on whatever the answer says, failures included.
 */
function classifyGraphqlAnswer<T>(
  text: string,
  status: number,
  operation: AnsweredOperation<T>,
): Classified<T> {
  const unusable = (detail: string) =>
    final<T>(unusableAnswer(operation.name, detail, status, operation.isMutation));
  const json = parseJson(text);
  if (json === undefined) return unusable('the body is not JSON');
  const envelope = envelopeSchema.safeParse(json);
  if (!envelope.success) return unusable(z.prettifyError(envelope.error));
  const result = classifyEnvelope(envelope.data, status, operation, unusable);
  const reported = envelope.data.extensions?.cost?.throttleStatus;
  return reported ? { ...result, throttleStatus: { ...reported } } : result;
}

function classifyEnvelope<T>(
  envelope: z.infer<typeof envelopeSchema>,
  status: number,
  operation: AnsweredOperation<T>,
  unusable: (detail: string) => Classified<T>,
): Classified<T> {
  const { data, errors, extensions } = envelope;
  const { name, isMutation } = operation;
  if (errors && errors.length > 0) {
    if (errors.some((error) => error.extensions?.code === 'THROTTLED')) {
      const error = shopifyError('throttled', 'Shopify throttled the request (cost limit)', { status });
      const requestedCost = extensions?.cost?.requestedQueryCost ?? null;
      return { ok: false, error, retry: { after: 'refill', requestedCost }, notExecuted: true };
    }
    const message = errors
      .map((error) => (error.extensions?.code ? `${error.extensions.code}: ${error.message}` : error.message))
      .join('; ');
    if (errors.some((error) => SERVER_ERROR_CODES.has(error.extensions?.code ?? ''))) {
      const error = shopifyError('server', `${name}: ${message}`, { status });
      return { ok: false, error, retry: { after: 'backoff' }, notExecuted: false };
    }
    // `data` is absent only when the request failed before execution began (GraphQL spec, Response); with
    // it, a mutation may have run, unless Shopify refused its root field outright. The final error carries
    // each error's code and path (a store without B2B: ACCESS_DENIED on a company field).
    if (isMutation && data !== undefined && !refusedBeforeRunning(errors)) {
      return unusable(`errors next to data: ${message}`);
    }
    const graphqlErrors = errors.map((error) => ({
      code: error.extensions?.code ?? null,
      path: [...(error.path ?? [])],
    }));
    return final(shopifyError('graphql', `${name}: ${message}`, { status, graphqlErrors }));
  }
  const parsed = operation.data.safeParse(data);
  if (!parsed.success) return unusable(z.prettifyError(parsed.error));
  if (isMutation && hasNullPayload(parsed.data)) return unusable('a null payload and no errors');
  return { ok: true, data: parsed.data };
}

/** A fetch that threw or was aborted: a timeout, or a network error that may have left nothing sent. */
export function classifyFailedExchange(failure: FailedExchange): Classified<never> {
  if (failure.timeout) {
    const what = failure.timeout.limit === 'headers' ? 'no response headers' : 'the exchange did not finish';
    const message = `Shopify timed out: ${what} within ${failure.timeout.ms} ms`;
    return {
      ok: false,
      error: shopifyError('timeout', message),
      retry: { after: 'backoff' },
      notExecuted: false,
    };
  }
  const code = errorCode(failure.error);
  const message = `Could not reach Shopify: ${describeError(failure.error)}${code ? ` (${code})` : ''}`;
  return {
    ok: false,
    error: shopifyError('network', message),
    retry: { after: 'backoff' },
    notExecuted: code !== undefined && NOT_SENT_CODES.has(code),
  };
}

/**
 * A mutation's payload → its result, or user-errors (never retryable: the same input fails the same way), or
 * invalid-response when Shopify sent no payload at all.
 */
export function classifyPayload<
  P extends { userErrors: { field: string[] | null; message: string; code?: string | null }[] },
  T,
>(operation: string, payload: P | null, map: (payload: P) => ShopifyResult<T>): ShopifyResult<T> {
  if (!payload) return shopifyFailure('invalid-response', `${operation}: Shopify returned no payload`);
  if (payload.userErrors.length > 0) {
    const message = payload.userErrors
      .map((error) => (error.field?.length ? `${error.field.join('.')}: ${error.message}` : error.message))
      .join('; ');
    return shopifyFailure('user-errors', `${operation}: ${message}`, {
      retryable: false,
      userErrors: payload.userErrors.map((error) => ({ ...error })),
    });
  }
  return map(payload);
}

/** Retry-After in seconds, fractional allowed ('2.0' → 2000 ms), or an HTTP date; null when absent or unreadable. */
export function retryAfterMs(header: string | null, now: () => number): number | null {
  const value = header?.trim();
  if (!value) return null;
  if (/^\d+(\.\d+)?$/.test(value)) return Number(value) * 1000;
  const date = Date.parse(value);
  return Number.isNaN(date) ? null : date - now();
}

function final<T>(error: ShopifyError): Classified<T> {
  return { ok: false, error, retry: { after: 'never' }, notExecuted: false };
}

/**
 * An HTTP 200 answer the client cannot use. A query's stays unretryable (the same question gets the same
 * answer); a mutation's is retryable, since Shopify may have run it: the job decides, after looking for what
 * it made. Either way the client does not send it again itself.
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
    {
      status,
      retryable: isMutation,
    },
  );
}

/** Errors that say Shopify refused a mutation's root field before running it: a missing access scope. */
function refusedBeforeRunning(errors: GraphqlError[]): boolean {
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

export function describeError(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
