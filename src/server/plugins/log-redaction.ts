import type { FastifyRequest } from 'fastify';

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
    serializers: { req: serializeRequest },
  };
}
