import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * Sends JSON with a strong ETag and `Cache-Control: no-cache`, so browsers and proxies keep a copy but ask
 * every time; an unchanged answer costs a 304 with no body. Changes made by staff show at once.
 */
export function sendWithEtag<T>(request: FastifyRequest, reply: FastifyReply, body: T) {
  const json = JSON.stringify(body);
  const etag = `"${createHash('sha1').update(json).digest('base64url')}"`;
  reply.header('etag', etag).header('cache-control', 'no-cache');
  const ifNoneMatch = request.headers['if-none-match'];
  if (ifNoneMatch && ifNoneMatch.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag)) {
    return reply.code(304).send();
  }
  return reply
    .type('application/json; charset=utf-8')
    .serializer((payload) => payload as string)
    .send(json);
}
