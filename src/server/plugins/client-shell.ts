import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { chooseContentCoding, type ContentCoding } from '../http/accept-encoding';
import { ifNoneMatchHits } from '../http/etag';

/** One form of index.html as it goes over the wire, with its own strong validator. */
interface ShellBody {
  bytes: Buffer;
  etag: string;
}

/** The client's index.html, the answer to every page of the app (the SPA fallback). */
export interface ClientShell {
  send(request: FastifyRequest, reply: FastifyReply): FastifyReply;
}

/**
 * Reads dist/client/index.html once at start-up and compresses it once (it is about 1 KB), so no page
 * request reads a file or runs a compressor. null when the client is not built.
 *
 * The ETag is a hash of the file's content, not of its size and modification time (what @fastify/static
 * uses): index.html keeps its size from one build to the next (the hashed file names it links have a fixed
 * length), and copies of one build on several servers should validate alike. Each coding has its own
 * ETag, as strong validators of different bytes must differ (RFC 9110 §8.8.3). See ADR 0014.
 */
export function loadClientShell(clientDir: string): ClientShell | null {
  const indexFile = path.join(clientDir, 'index.html');
  if (!existsSync(indexFile)) return null;
  const plain = readFileSync(indexFile);
  const hash = createHash('sha256').update(plain).digest('base64url').slice(0, 27);
  const identity: ShellBody = { bytes: plain, etag: `"${hash}"` };
  const compressed = new Map<ContentCoding, ShellBody>();
  const candidates: Array<[ContentCoding, Buffer]> = [
    ['br', brotliCompressSync(plain, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } })],
    ['gzip', gzipSync(plain, { level: 9 })],
  ];
  for (const [coding, bytes] of candidates) {
    if (bytes.length < plain.length) compressed.set(coding, { bytes, etag: `"${hash}-${coding}"` });
  }
  const codings = [...compressed.keys()];

  return {
    send(request, reply) {
      const coding = chooseContentCoding(request.headers['accept-encoding'], codings);
      const body = (coding && compressed.get(coding)) || identity;
      reply.header('cache-control', 'no-cache').header('vary', 'accept-encoding').header('etag', body.etag);
      if (ifNoneMatchHits(request, body.etag)) return reply.code(304).send();
      if (coding) reply.header('content-encoding', coding);
      return reply.type('text/html; charset=utf-8').send(body.bytes);
    },
  };
}
