import type { $ZodType, output } from 'zod/v4/core';
import type * as ReplySchemaModule from './reply-schemas';
import { fetchRetryingTransient } from './retry-transient';

/**
 * A non-OK API response. `message` is `${status}: ${body message or status text}`
 * (docs/storefront.md#messages).
 */
export class ApiError extends Error {
  override readonly name = 'ApiError';

  constructor(
    readonly status: number,
    /** The server's message (or status text) without the status prefix, for toasts. */
    readonly detail: string,
    readonly code: string | undefined,
    readonly requestId: string | undefined,
    /** The error body's `details`: for a refused request body, the problem of each field. */
    readonly details?: unknown,
  ) {
    super(`${status}: ${detail}`);
  }
}

/**
 * What a reply is checked against: a zod schema (any zod schema is a Standard Schema), or a function that loads
 * one. The storefront's first page passes loaders, so zod arrives after the first paint, while the request is
 * on its way (docs/decisions/0015-storefront-first-page.md).
 */
export type ResponseSchema<S extends $ZodType = $ZodType> = S | (() => Promise<S>);
/** The value a reply schema gives. */
export type ReplyOf<S extends $ZodType> = output<S>;

/** A reply that does not have the shape its schema promises (`issues` say where). */
export class UnexpectedReplyError extends Error {
  override readonly name = 'UnexpectedReplyError';

  constructor(
    method: string,
    path: string,
    readonly issues: ReadonlyArray<{ message: string }>,
  ) {
    super(`Unexpected response from ${method} ${path}`);
  }
}

type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface RequestOptions {
  method?: HttpMethod;
  /** Sent as JSON. */
  body?: unknown;
  signal?: AbortSignal;
  /** Extra request headers, e.g. Idempotency-Key. */
  headers?: Record<string, string>;
  /**
   * Sent again, unchanged, after a 502, 503, 504 or a lost connection (retry-transient.ts). Only for a
   * request that is safe to repeat: a read, or a write made idempotent by its key.
   */
  retryTransient?: boolean;
}

/**
 * Calls the API and validates the JSON reply with `schema` (never cast fetched JSON).
 * With `nullOn401`, a 401 resolves to null instead of throwing: "no session" is an answer, not an error
 * (docs/accounts-and-roles.md#sessions, GET /api/user).
 */
export async function requestJson<S extends $ZodType>(
  path: string,
  schema: ResponseSchema<S>,
  options: RequestOptions & { nullOn401: true },
): Promise<ReplyOf<S> | null>;
export async function requestJson<S extends $ZodType>(
  path: string,
  schema: ResponseSchema<S>,
  options?: RequestOptions & { nullOn401?: false },
): Promise<ReplyOf<S>>;
export async function requestJson<S extends $ZodType>(
  path: string,
  schema: ResponseSchema<S>,
  options: RequestOptions & { nullOn401?: boolean } = {},
): Promise<ReplyOf<S> | null> {
  const { method = 'GET', body, signal, nullOn401 = false } = options;
  // A schema loader starts now, so the schema arrives while the request is on its way.
  const schemaReady = typeof schema === 'function' ? schema() : Promise.resolve(schema);
  schemaReady.catch(() => undefined); // a failed load is reported below, when the reply is checked
  const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
  if (body !== undefined) headers['Content-Type'] = 'application/json';

  const init: RequestInit = {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
    credentials: 'include',
    signal,
  };
  const response = await (options.retryTransient ? fetchRetryingTransient(path, init) : fetch(path, init));

  // Always read the body, even when it is not needed: an unread response keeps its connection busy.
  const text = await response.text();
  if (response.status === 401 && nullOn401) return null;
  if (!response.ok) throw await createApiError(response, text);

  const parsed = await checkReply(await schemaReady, parseJson(text));
  if (!parsed.success) {
    throw new UnexpectedReplyError(method, path, parsed.issues);
  }
  return parsed.data;
}

type ReplyCheck<T> =
  { success: true; data: T } | { success: false; issues: ReadonlyArray<{ message: string }> };

/** Checks a parsed reply against `schema`, loading the schema first when it is a loader. */
export async function checkReply<S extends $ZodType>(
  schema: ResponseSchema<S>,
  value: unknown,
): Promise<ReplyCheck<ReplyOf<S>>> {
  const loaded = typeof schema === 'function' ? await schema() : schema;
  const result = await loaded['~standard'].validate(value);
  return result.issues ? { success: false, issues: result.issues } : { success: true, data: result.value };
}

/**
 * A reply schema of the storefront's first page, loaded on first use with the others (lib/reply-schemas.ts):
 * `requestJson('/api/products', replySchema((s) => s.productListSchema))`.
 */
export function replySchema<S extends $ZodType>(pick: (schemas: ReplySchemas) => S): ResponseSchema<S> {
  return () => import('./reply-schemas').then(pick);
}
type ReplySchemas = typeof ReplySchemaModule;

async function createApiError(response: Response, text: string): Promise<ApiError> {
  const errorBody = await checkReply(
    replySchema((s) => s.errorBodySchema),
    parseJson(text),
  );
  if (errorBody.success) {
    return new ApiError(
      response.status,
      errorBody.data.message,
      errorBody.data.code,
      errorBody.data.requestId,
      errorBody.data.details,
    );
  }
  // A proxy or a crashed upstream may answer in plain text; an HTML error page is noise, so use the status text.
  const isPlainText = response.headers.get('content-type')?.startsWith('text/plain') ?? false;
  const detail = (isPlainText && text.trim()) || response.statusText || 'Request failed';
  return new ApiError(response.status, detail, undefined, undefined);
}

function parseJson(text: string): unknown {
  if (text === '') return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/**
 * The server's message of an API error for a toast, or `fallback` when there is none
 * (docs/storefront.md#messages, docs/admin.md#admin-messages): only the API's own error body (it has a code)
 * carries a message meant for people; a proxy's bare 502 page or a lost connection gets the fallback.
 */
export function serverMessage(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.code !== undefined && error.detail.trim()
    ? error.detail
    : fallback;
}
