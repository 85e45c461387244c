import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** A JSON body serialised once, with its strong ETag, to be sent many times. */
export interface JsonSnapshot {
  json: string;
  etag: string;
}

export function createJsonSnapshot(body: unknown): JsonSnapshot {
  const json = JSON.stringify(body);
  return { json, etag: `"${createHash('sha1').update(json).digest('base64url')}"` };
}

/**
 * Sends a snapshot with its ETag and `Cache-Control: no-cache`, so browsers and proxies keep a copy but ask
 * every time; an unchanged answer costs a 304 with no body. Changes made by staff show at once.
 */
export function sendJsonSnapshot(request: FastifyRequest, reply: FastifyReply, snapshot: JsonSnapshot) {
  reply.header('etag', snapshot.etag).header('cache-control', 'no-cache');
  const ifNoneMatch = request.headers['if-none-match'];
  if (ifNoneMatch && ifNoneMatch.split(',').some((tag) => tag.trim().replace(/^W\//, '') === snapshot.etag)) {
    return reply.code(304).send();
  }
  return reply
    .type('application/json; charset=utf-8')
    .serializer((payload) => payload as string)
    .send(snapshot.json);
}
