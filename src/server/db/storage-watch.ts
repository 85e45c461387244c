import { createOutageLog, type OutageLogger } from '../outage-log';
import { describeDatabaseFailure } from './postgres-errors';

/**
 * How long readiness says 'storage-full' after the last write refused for a full disk. Not until a probe
 * says so: no cheap statement proves a write would fit, and an instance taken out of the load balancer gets
 * no writes to prove it either. After this quiet time it is offered traffic again; a write that still does
 * not fit starts the window again, one that does ends the outage at once.
 */
export const STORAGE_FULL_READY_MS = 30_000;

/**
 * The database's disk is full (docs/operations.md#a-full-disk): writes are answered 503 STORAGE_FULL,
 * readiness reports it, and the log says so once, with where to free space (outage-log.ts), counts the
 * refused requests a minute and says when writes succeed again.
 */
export function createStorageWatch(
  log: OutageLogger,
  /** Where to free space: 'the volume holding /srv/portal/data/pglite', 'the PostgreSQL server's data volume'. */
  volume: string,
  { now = Date.now, summaryEveryMs }: { now?: () => number; summaryEveryMs?: number } = {},
) {
  const outage = createOutageLog(
    log,
    {
      level: 'error',
      started: `database disk is full: free space on ${volume}`,
      summary: (failures) => `database disk still full: ${failures} requests answered 503 in the last minute`,
      ended: 'database disk accepts writes again',
    },
    { now, ...(summaryEveryMs === undefined ? {} : { summaryEveryMs }) },
  );
  let lastFullAt: number | null = null;

  return {
    /** Whether readiness should say 'storage-full': a write was refused for space in the last 30 s. */
    get full() {
      return outage.active && lastFullAt !== null && now() - lastFullAt < STORAGE_FULL_READY_MS;
    },
    /** A request answered 503 because the disk is full. */
    refused: (error: unknown) => {
      lastFullAt = now();
      const { code, message } = describeDatabaseFailure(error);
      outage.failed({ code, reason: message.slice(0, 200) });
    },
    /** A request that writes succeeded: the disk has room again. */
    wrote: () => {
      if (!outage.active) return;
      lastFullAt = null;
      outage.recovered();
    },
    stop: () => outage.stop(),
  };
}
