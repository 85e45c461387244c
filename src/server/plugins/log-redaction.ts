import type { FastifyRequest } from 'fastify';
import { stdSerializers } from 'pino';

/** Path segments and query parameters that carry secrets, never to be written to a log line. */
const SECRET_PATH = /(\/(?:validate-reset-token|verify|magic-link)\/)[^/?#]+/gi;
const SECRET_QUERY = /([?&](?:token|code|key|password)=)[^&#]*/gi;

export function redactUrl(url: string): string {
  return url.replace(SECRET_PATH, '$1[redacted]').replace(SECRET_QUERY, '$1[redacted]');
}

/** Request fields that go into logs: no headers (cookies, authorization) and no body at all. */
export function serializeRequest(request: Partial<FastifyRequest>) {
  return {
    method: request.method,
    url: typeof request.url === 'string' ? redactUrl(request.url) : undefined,
    remoteAddress: request.ip,
  };
}

/** Drizzle appends a failed query's parameters to its message (and so to the stack): names, addresses… */
const QUERY_PARAMS = /\nparams: [\s\S]*?(?=\n {4}at |$)/;
/** Fields of a database error that hold row values: the parameters, PostgreSQL's detail and context. */
const VALUE_FIELDS = ['params', 'detail', 'where'] as const;
/** SQLSTATE class 22 (data exception) messages quote the value that was refused. */
const DATA_EXCEPTION = /^22/;

type SerializedError = ReturnType<typeof stdSerializers.err>;
type ErrorFields = Record<string, unknown>;

/** The errors of a chain (`cause`), outermost first. */
function chainOf(error: unknown): ErrorFields[] {
  const chain: ErrorFields[] = [];
  for (let current = error; current && typeof current === 'object' && chain.length < 5;) {
    chain.push(current as ErrorFields);
    current = (current as ErrorFields).cause;
  }
  return chain;
}

/** A data exception's message with the refused value cut: 'invalid input syntax for type integer: [redacted]'. */
const withoutValue = (message: string) => message.replace(/^([^:\n]*):[^\n]*/, '$1: [redacted]');

/**
 * Errors as pino writes them, without the data a failed query carried (docs/security.md): the SQL, the
 * error's code, constraint and stack stay, for finding the fault; Drizzle's parameters, PostgreSQL's detail
 * and context, and a data exception's echo of the refused value do not, wherever in the chain they are
 * (pino writes the causes' messages into the stack).
 */
export function serializeError(error: Error): SerializedError {
  const serialized: ErrorFields = { ...stdSerializers.err(error) };
  const echoes = chainOf(error).flatMap((link) =>
    typeof link.code === 'string' && DATA_EXCEPTION.test(link.code) && typeof link.message === 'string'
      ? [link.message]
      : [],
  );
  for (const field of VALUE_FIELDS) if (field in serialized) serialized[field] = '[redacted]';
  for (const field of ['message', 'stack'] as const) {
    const text = serialized[field];
    if (typeof text !== 'string') continue;
    let safe = text.replace(QUERY_PARAMS, '\nparams: [redacted]');
    for (const echo of echoes) safe = safe.split(echo).join(withoutValue(echo));
    serialized[field] = safe;
  }
  return serialized as SerializedError;
}

/** Pino settings for every logger of the process: secrets redacted, requests reduced to the fields above. */
export function loggerOptions(level: string) {
  return {
    level,
    redact: {
      paths: [
        'req.headers.cookie',
        'req.headers.authorization',
        'res.headers["set-cookie"]',
        '*.password',
        '*.token',
      ],
      censor: '[redacted]',
    },
    serializers: { req: serializeRequest, err: serializeError },
  };
}
