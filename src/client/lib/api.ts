// Before any schema is built: zod must not probe for eval under the CSP (see the file).
import './zod-config';
import type { z } from 'zod';
import { errorBodySchema } from '../../shared/schemas/errors';

/** A non-OK API response. `message` is `${status}: ${body message or status text}` (spec 000 §8). */
export class ApiError extends Error {
  override readonly name = 'ApiError';

  constructor(
    readonly status: number,
    /** The server's message (or status text) without the status prefix, for toasts. */
    readonly detail: string,
    readonly code: string | undefined,
    readonly requestId: string | undefined,
  ) {
    super(`${status}: ${detail}`);
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
}

/**
 * Calls the API and validates the JSON reply with `schema` (never cast fetched JSON).
 * With `nullOn401`, a 401 resolves to null instead of throwing: "no session" is an answer, not an error
 * (spec 000 §7, GET /api/user).
 */
export async function requestJson<T>(
  path: string,
  schema: z.ZodType<T>,
  options: RequestOptions & { nullOn401: true },
): Promise<T | null>;
export async function requestJson<T>(
  path: string,
  schema: z.ZodType<T>,
  options?: RequestOptions & { nullOn401?: false },
): Promise<T>;
export async function requestJson<T>(
  path: string,
  schema: z.ZodType<T>,
  options: RequestOptions & { nullOn401?: boolean } = {},
): Promise<T | null> {
  const { method = 'GET', body, signal, nullOn401 = false } = options;
  const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
  if (body !== undefined) headers['Content-Type'] = 'application/json';

  const response = await fetch(path, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
    credentials: 'include',
    signal,
  });

  // Always read the body, even when it is not needed: an unread response keeps its connection busy.
  const text = await response.text();
  if (response.status === 401 && nullOn401) return null;
  if (!response.ok) throw createApiError(response, text);

  const parsed = schema.safeParse(parseJson(text));
  if (!parsed.success) {
    throw new Error(`Unexpected response from ${method} ${path}`, { cause: parsed.error });
  }
  return parsed.data;
}

function createApiError(response: Response, text: string): ApiError {
  const errorBody = errorBodySchema.safeParse(parseJson(text));
  if (errorBody.success) {
    return new ApiError(
      response.status,
      errorBody.data.message,
      errorBody.data.code,
      errorBody.data.requestId,
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
 * The server's message of an API error for a toast, or `fallback` when there is none (spec 000 §8, spec 001
 * §8): only the API's own error body (it has a code) carries a message meant for people; a proxy's bare
 * 502 page or a lost connection gets the fallback.
 */
export function serverMessage(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.code !== undefined && error.detail.trim()
    ? error.detail
    : fallback;
}
