import { sql } from 'drizzle-orm';
import { createOutageLog, type OutageLogger } from '../outage-log';
import type { Database } from './client';
import { describeDatabaseFailure } from './postgres-errors';

/** How often the database is asked whether it is back, during an outage. */
const PROBE_INTERVAL_MS = 2_000;

/**
 * Turns the many failures of a database outage into a few log lines (docs/operations.md#database-outages,
 * outage-log.ts): the first failure logs 'database unreachable' (the driver's code and message, never a
 * statement or its parameters) and starts asking the database every 2 s; while it lasts, a line a minute
 * counts the requests answered 503; the first answer logs 'database reachable again' with the outage's length.
 * Requests meanwhile are answered 503 by the error handler, without a line each.
 */
export function createOutageWatch(
  db: Database,
  log: OutageLogger,
  {
    probeIntervalMs = PROBE_INTERVAL_MS,
    summaryEveryMs,
  }: { probeIntervalMs?: number; summaryEveryMs?: number } = {},
) {
  const outage = createOutageLog(
    log,
    {
      level: 'error',
      started: 'database unreachable: answering 503 until it is back',
      summary: (failures) =>
        `database still unreachable: ${failures} requests answered 503 in the last minute`,
      ended: 'database reachable again',
    },
    summaryEveryMs === undefined ? {} : { summaryEveryMs },
  );
  let probe: NodeJS.Timeout | undefined;

  async function check() {
    try {
      await db.execute(sql`select 1`);
    } catch {
      return;
    }
    outage.recovered();
    clearInterval(probe);
    probe = undefined;
  }

  /** `count`: 1 for a request answered 503, 0 for one served otherwise (the catalogue from memory). */
  function report(error: unknown, count: number) {
    const { code, message } = describeDatabaseFailure(error);
    if (!outage.failed({ code, reason: message.slice(0, 200) }, count)) return;
    probe = setInterval(() => void check(), probeIntervalMs);
    probe.unref();
  }

  return {
    get active() {
      return outage.active;
    },
    /** A request that needed the database and was served without it (the catalogue from memory). */
    report: (error: unknown) => report(error, 0),
    /** A request answered 503 because the database could not be reached: counted for the summary line. */
    refused: (error: unknown) => report(error, 1),
    stop: () => {
      clearInterval(probe);
      outage.stop();
    },
  };
}
