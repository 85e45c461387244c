import path from 'node:path';
import type { Logger } from 'pino';
import type { Env } from '../env';
import { openDatabase, type DatabaseHandle, type DatabaseTarget } from './client';

export function databaseTargetFor(env: Env): DatabaseTarget {
  return env.DATABASE_URL
    ? { kind: 'postgres', url: env.DATABASE_URL }
    : { kind: 'pglite', dataDir: path.join(path.resolve(env.DATA_DIR), 'pglite') };
}

/** Where the database is, for log lines: never the password of a DATABASE_URL. */
export function describeTarget(target: DatabaseTarget): string {
  if (target.kind === 'pglite') return `PGlite in ${target.dataDir ?? 'memory'}`;
  const url = new URL(target.url);
  return `PostgreSQL at ${url.hostname}:${url.port || 5432}${url.pathname}`;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Opens the database, retrying with capped exponential backoff while it does not answer (a database that
 * starts after the portal), and gives up after `attempts` with the last reason.
 */
export async function connectWithRetry(
  target: DatabaseTarget,
  attempts: number,
  log: Logger,
): Promise<DatabaseHandle> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await openDatabase(target);
    } catch (error) {
      const reason = error instanceof Error ? error.message || error.name : String(error);
      if (attempt >= attempts) {
        throw new Error(`Cannot reach ${describeTarget(target)} after ${attempts} attempts: ${reason}`);
      }
      const delayMs = Math.min(500 * 2 ** (attempt - 1), 5_000);
      log.warn(
        `Database not reachable (${describeTarget(target)}), attempt ${attempt}/${attempts}: ${reason}. ` +
          `Retrying in ${delayMs} ms.`,
      );
      await sleep(delayMs);
    }
  }
}
