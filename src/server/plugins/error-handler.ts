import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { isSentence } from '../../shared/schemas/messages';
import { isDatabaseUnreachable, isDiskFull } from '../db/postgres-errors';
import {
  AppError,
  DATABASE_UNAVAILABLE_MESSAGE,
  ERROR_STATUS,
  STORAGE_FULL_MESSAGE,
  type ErrorCode,
} from '../errors';
import { countedByOutageLog } from './request-log';
import { SECURITY_HEADERS } from './security-headers';

/** Retry-After of a 503 for a moment's overload. */
export const RETRY_AFTER_BUSY_SECONDS = 5;
/** Retry-After of a 503 for a full disk: freeing space takes an operator, not a moment. */
export const RETRY_AFTER_STORAGE_FULL_SECONDS = 30;

const INTERNAL_MESSAGE = 'Something went wrong on our side. Please try again in a moment.';

/** Fastify's own error codes, turned into ours so every error body has the same shape. */
const FASTIFY_CODES: Record<string, { code: ErrorCode; message: string }> = {
  FST_ERR_CTP_INVALID_MEDIA_TYPE: {
    code: 'UNSUPPORTED_MEDIA_TYPE',
    message: 'Request bodies must be JSON (Content-Type: application/json).',
  },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: {
    code: 'VALIDATION_FAILED',
    message: 'The request body length is wrong.',
  },
  FST_ERR_CTP_BODY_TOO_LARGE: { code: 'PAYLOAD_TOO_LARGE', message: 'The request body is too large.' },
  FST_ERR_CTP_EMPTY_JSON_BODY: {
    code: 'INVALID_JSON',
    message: 'The request body is empty but its Content-Type says JSON.',
  },
  FST_ERR_CTP_INVALID_JSON_BODY: { code: 'INVALID_JSON', message: 'The request body is not valid JSON.' },
};

export function sendError(
  request: FastifyRequest,
  reply: FastifyReply,
  code: ErrorCode,
  message: string,
  details?: unknown,
) {
  return reply
    .code(ERROR_STATUS[code])
    .header('cache-control', 'no-store')
    .send({ code, message, requestId: request.id, ...(details === undefined ? {} : { details }) });
}

/**
 * Formats zod issues as "items.0.quantity: must be at least 0" so the message names the field. A message
 * registered as a sentence of its own (the spec's, e.g. 'Full name is required') is sent as it is.
 */
function describeValidation(error: FastifyError): { message: string; details: unknown } {
  if (hasZodFastifySchemaValidationErrors(error)) {
    const issues = error.validation.map((issue) => ({
      field: issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || error.validationContext || 'body',
      message: issue.message,
    }));
    const first = issues[0];
    const text = first?.message ?? '';
    let message = 'The request is not valid.';
    if (first) message = isSentence(text) ? text : `${first.field}: ${text}`;
    return { message, details: issues };
  }
  return { message: error.message, details: undefined };
}

/**
 * Errors Fastify meets before any route or hook runs (a URL that does not decode, such as `/%c0%ae`): the
 * portal's error shape and its security headers, like every other answer.
 */
export function answerFrameworkError(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  reply.headers(SECURITY_HEADERS);
  const message =
    error.code === 'FST_ERR_BAD_URL'
      ? 'The address of this request is not valid.'
      : 'The request is not valid.';
  void sendError(request, reply, 'BAD_REQUEST', message);
}

/** A limit that says when it ends (details.retryAfterSeconds) says it in Retry-After too. */
function setRetryAfter(reply: FastifyReply, details: unknown) {
  const seconds = (details as { retryAfterSeconds?: unknown } | undefined)?.retryAfterSeconds;
  if (typeof seconds === 'number' && seconds > 0) reply.header('retry-after', String(Math.ceil(seconds)));
}

export function registerErrorHandler(
  app: FastifyInstance,
  /** Told of each request that failed because the database cannot be reached (db/outage-watch.ts). */
  onDatabaseUnreachable: (error: unknown) => void = () => undefined,
  /** Told of each request that failed because the database's disk is full (db/storage-watch.ts). */
  onDiskFull: (error: unknown) => void = () => undefined,
) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (isDiskFull(error)) {
      // Not a 500: nothing is wrong with the request or the code, and nothing was saved, so the same request
      // (the same Idempotency-Key) may be sent again once an operator has freed space. The storage watch
      // logs where (docs/operations.md#a-full-disk); the answer stays calm.
      onDiskFull(error);
      countedByOutageLog(request);
      reply.header('retry-after', String(RETRY_AFTER_STORAGE_FULL_SECONDS));
      return sendError(request, reply, 'STORAGE_FULL', STORAGE_FULL_MESSAGE);
    }
    if (isDatabaseUnreachable(error)) {
      // No line per request: the outage watch logs its start, a count a minute and its end
      // (docs/operations.md#database-outages).
      onDatabaseUnreachable(error);
      countedByOutageLog(request);
      reply.header('retry-after', String(RETRY_AFTER_BUSY_SECONDS));
      return sendError(request, reply, 'UNAVAILABLE', DATABASE_UNAVAILABLE_MESSAGE);
    }
    if (error instanceof AppError) {
      // Busy (a full password-hashing queue): the client may try again shortly, and is told when.
      if (error.code === 'UNAVAILABLE') reply.header('retry-after', String(RETRY_AFTER_BUSY_SECONDS));
      else if (error.code === 'RATE_LIMITED') setRetryAfter(reply, error.details);
      else if (error.status >= 500) request.log.error({ err: error }, 'request failed');
      return sendError(request, reply, error.code, error.message, error.details);
    }
    if (error.validation) {
      const { message, details } = describeValidation(error);
      return sendError(request, reply, 'VALIDATION_FAILED', message, details);
    }
    const known = error.code ? FASTIFY_CODES[error.code] : undefined;
    if (known) return sendError(request, reply, known.code, known.message);
    if (error.statusCode === 429) {
      return sendError(
        request,
        reply,
        'RATE_LIMITED',
        error.message || 'Too many requests. Please slow down.',
      );
    }
    if (error instanceof SyntaxError || error.code === 'FST_ERR_PROTO_POISONING') {
      return sendError(request, reply, 'INVALID_JSON', 'The request body is not valid JSON.');
    }
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      // Fastify-internal client errors (bad content length, ...): keep their status, never their internals.
      return reply
        .code(error.statusCode)
        .header('cache-control', 'no-store')
        .send({ code: 'BAD_REQUEST', message: error.message, requestId: request.id });
    }
    request.log.error({ err: error }, 'unhandled error');
    return sendError(request, reply, 'INTERNAL', INTERNAL_MESSAGE);
  });
}
