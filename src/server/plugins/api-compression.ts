import { pipeline, Readable } from 'node:stream';
import { promisify } from 'node:util';
import { brotliCompress, constants, createBrotliCompress, createGzip, gzip } from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { chooseContentCoding, type ContentCoding } from '../http/accept-encoding';
import { isApiPath, pathnameOf } from '../http/client-paths';

/**
 * Below this an answer fits the first round trip of a mobile connection with room to spare, and the
 * compressor's fixed cost is not worth paying (ADR 0014, README 'Performance').
 */
export const API_COMPRESSION_THRESHOLD_BYTES = 1024;

/** JSON and the orders CSV (streamed); never event streams or files. */
const COMPRESSIBLE_TYPE = /^(?:application\/json|text\/csv)(?:;|$)/;
const CODINGS: readonly ContentCoding[] = ['br', 'gzip'];

const brotliCompressAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);
const compressors: Record<ContentCoding, (input: Buffer) => Promise<Buffer>> = {
  // Quality 4, not Brotli's default 11: per answer, 11 costs many times the CPU for a few % less.
  br: (input) =>
    brotliCompressAsync(input, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: 4,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_SIZE_HINT]: input.length,
      },
    }),
  gzip: (input) => gzipAsync(input, { level: 6 }),
};

/**
 * Compresses API answers of at least API_COMPRESSION_THRESHOLD_BYTES (order history, admin lists, the
 * orders CSV) with the best coding the request accepts, on libuv's thread pool so the event loop (which
 * also runs PGlite) is not held. Answers that carry an ETag are left alone: they are the in-memory
 * catalogue snapshots (http/etag.ts), whose ETag would otherwise name two different bodies; they are
 * small and hot, and revalidate with a 304. Measured by `npm run bench` (README 'Performance').
 */
export function registerApiCompression(app: FastifyInstance) {
  // A callback hook: most answers pass untouched, without a promise each.
  app.addHook('onSend', (request, reply, payload, done) => {
    if (payload instanceof Readable) {
      done(null, compressStream(request, reply, payload));
      return;
    }
    if (
      (typeof payload !== 'string' && !Buffer.isBuffer(payload)) ||
      !isApiPath(pathnameOf(request.url)) ||
      !COMPRESSIBLE_TYPE.test(String(reply.getHeader('content-type') ?? '')) ||
      reply.hasHeader('etag') ||
      reply.hasHeader('content-encoding') ||
      Buffer.byteLength(payload) < API_COMPRESSION_THRESHOLD_BYTES
    ) {
      done(null, payload);
      return;
    }
    varyOnAcceptEncoding(reply);
    const coding = chooseContentCoding(request.headers['accept-encoding'], CODINGS);
    if (!coding) {
      done(null, payload);
      return;
    }
    compressors[coding](typeof payload === 'string' ? Buffer.from(payload) : payload).then(
      (compressed) => {
        reply.header('content-encoding', coding).removeHeader('content-length');
        done(null, compressed);
      },
      (error: Error) => done(error),
    );
  });
}

/**
 * A streamed answer (the orders CSV export: docs/admin.md#orders) is compressed as it goes, by zlib's stream on
 * the thread pool, chunk by chunk; its size is not known ahead, so no threshold applies.
 */
function compressStream(request: FastifyRequest, reply: FastifyReply, payload: Readable): Readable {
  if (
    !isApiPath(pathnameOf(request.url)) ||
    !COMPRESSIBLE_TYPE.test(String(reply.getHeader('content-type') ?? '')) ||
    reply.hasHeader('etag') ||
    reply.hasHeader('content-encoding')
  ) {
    return payload;
  }
  varyOnAcceptEncoding(reply);
  const coding = chooseContentCoding(request.headers['accept-encoding'], CODINGS);
  if (!coding) return payload;
  const compressor =
    coding === 'br'
      ? createBrotliCompress({
          params: {
            [constants.BROTLI_PARAM_QUALITY]: 4,
            [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
          },
        })
      : createGzip({ level: 6 });
  reply.header('content-encoding', coding).removeHeader('content-length');
  // A failing source (a page that cannot be read) ends the compressed answer with the same error.
  pipeline(payload, compressor, () => undefined);
  return compressor;
}

/** Adds Accept-Encoding to the answer's Vary, keeping whatever a route put there. */
function varyOnAcceptEncoding(reply: FastifyReply) {
  const vary = reply.getHeader('vary');
  if (vary === undefined || vary === '') reply.header('vary', 'accept-encoding');
  else if (!/(?:^|,)\s*(?:accept-encoding|\*)\s*(?:,|$)/i.test(String(vary))) {
    reply.header('vary', `${String(vary)}, accept-encoding`);
  }
}
