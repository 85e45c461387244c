import type { FastifyReply } from 'fastify';

/**
 * The header on a catalogue answer (products, prices) served from the last catalogue loaded because the
 * database cannot be reached (docs/operations.md#database-outages). Orders are never priced from it.
 */
export const STALE_CATALOGUE_HEADER = 'x-catalogue-stale';

export function markStaleCatalogue(reply: FastifyReply, stale: boolean): void {
  if (stale) reply.header(STALE_CATALOGUE_HEADER, '1');
}
