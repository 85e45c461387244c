import { sql } from 'drizzle-orm';
import type { Database } from './client';

/** The part of pino the watch uses. */
interface OutageLog {
  error(object: object, message: string): void;
  info(object: object, message: string): void;
}

/** How often the database is asked whether it is back, during an outage. */
const PROBE_INTERVAL_MS = 2_000;

/**
 * Turns the many failures of a database outage into two log lines (docs/operations.md#database-outages):
 * the first failure logs 'database unreachable' (the error's code and message, never a statement or its
 * parameters) and starts asking the database every 2 s; the first answer logs 'database reachable again'
 * with the outage's length. Requests meanwhile are answered 503 by the error handler, without a line each.
 */
export function createOutageWatch(db: Database, log: OutageLog, probeIntervalMs = PROBE_INTERVAL_MS) {
  let since: number | null = null;
  let probe: NodeJS.Timeout | undefined;

  async function check() {
    try {
      await db.execute(sql`select 1`);
    } catch {
      return;
    }
    if (since === null) return;
    log.info({ outageSeconds: Math.round((Date.now() - since) / 1000) }, 'database reachable again');
    since = null;
    clearInterval(probe);
    probe = undefined;
  }

  return {
    get active() {
      return since !== null;
    },
    report: (error: unknown) => {
      if (since !== null) return;
      since = Date.now();
      // The driver's own error, at the end of the cause chain: Drizzle's wrapper quotes the statement.
      let root: unknown = error;
      for (let depth = 0; depth < 5; depth += 1) {
        const cause = root && typeof root === 'object' ? (root as { cause?: unknown }).cause : undefined;
        if (!cause) break;
        root = cause;
      }
      const { code, message } = (root ?? {}) as { code?: unknown; message?: unknown };
      log.error(
        { code: typeof code === 'string' ? code : undefined, reason: String(message ?? root).slice(0, 200) },
        'database unreachable: answering 503 until it is back',
      );
      probe = setInterval(() => void check(), probeIntervalMs);
      probe.unref();
    },
    stop: () => {
      clearInterval(probe);
    },
  };
}

export type OutageWatch = ReturnType<typeof createOutageWatch>;
