import { existsSync, statfsSync } from 'node:fs';
import path from 'node:path';
import type { Logger } from 'pino';
import type { Env } from '../env';
import { openDatabase, type DatabaseHandle, type DatabaseTarget } from './client';
import { describeDatabaseFailure, isDatabaseUnreachable, isDiskFull } from './postgres-errors';

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

/** SQLSTATEs retrying cannot fix, and what the operator should do about each (docs/operations.md#start-up). */
const PERMANENT_STATES: Record<string, string> = {
  '28P01': 'the password was refused: check the user and password in DATABASE_URL',
  '28000': 'the server refused this user or client address: check DATABASE_URL and pg_hba.conf',
  '3D000': 'the database does not exist: create it or fix its name in DATABASE_URL',
  '42501': 'permission denied: grant the user of DATABASE_URL access to the database',
};
/** Node's codes for a folder or file the process may not use. */
const PERMISSION_CODES = new Set(['EACCES', 'EPERM', 'EROFS']);

/** Why opening the database failed, for the log, and whether another attempt could succeed. */
export interface StartFailure {
  /** The driver's message with its code (SQLSTATE) and errno, and what to do when that is known. */
  reason: string;
  /** Only a database that is not there yet (refused, reset, timed out, starting up) is tried again. */
  retry: boolean;
}

/**
 * Classifies a failure to open the database (docs/operations.md#start-up): a database that is not reachable
 * yet (connection refused, reset or timed out, 57P03 'starting up', class 08, too many connections) is tried
 * again; anything else (a full disk, a refused password, a database that does not exist, a folder the
 * process may not write, a data folder that is not a database) ends the start at once with its reason.
 */
export function classifyStartFailure(error: unknown, target: DatabaseTarget): StartFailure {
  const failure = describeDatabaseFailure(error);
  const codes = [
    failure.code && `code ${failure.code}`,
    failure.errno !== undefined && `errno ${failure.errno}`,
  ];
  const said = `${failure.message}${codes.some(Boolean) ? ` (${codes.filter(Boolean).join(', ')})` : ''}`;
  if (isDiskFull(error)) {
    return { reason: `${said}: the disk is full: free space on ${volumeOf(target)}`, retry: false };
  }
  const advice =
    (failure.code && PERMANENT_STATES[failure.code]) ||
    (failure.code && PERMISSION_CODES.has(failure.code) ? `the process may not use ${volumeOf(target)}` : '');
  if (advice) return { reason: `${said}: ${advice}`, retry: false };
  if (isDatabaseUnreachable(error)) return { reason: said, retry: true };
  return { reason: `${said}${freeSpaceNote(target)}`, retry: false };
}

/** Where the database keeps its files, as an operator would look for it. */
function volumeOf(target: DatabaseTarget): string {
  return target.kind === 'pglite' && target.dataDir
    ? `the volume holding ${target.dataDir}`
    : "the PostgreSQL server's data volume";
}

/** Where to free space when the database's disk is full, for the portal's log (docs/operations.md#a-full-disk). */
export function describeVolume(kind: 'pglite' | 'postgres', env: Env): string {
  return volumeOf(
    kind === 'postgres'
      ? { kind, url: '' }
      : { kind, dataDir: path.join(path.resolve(env.DATA_DIR), 'pglite') },
  );
}

/**
 * PGlite says only 'failed to initialize' when its folder's disk is full at start: the free space of that
 * volume, so the log shows the cause when it is the disk.
 */
function freeSpaceNote(target: DatabaseTarget): string {
  if (target.kind !== 'pglite' || !target.dataDir) return '';
  let dir = target.dataDir;
  while (!existsSync(dir) && path.dirname(dir) !== dir) dir = path.dirname(dir);
  try {
    const { bavail, bsize } = statfsSync(dir);
    return ` (${Math.floor((bavail * bsize) / 1024 ** 2)} MB free on the volume holding ${target.dataDir})`;
  } catch {
    return '';
  }
}

/** Thrown when the database cannot be opened; its message is the whole reason, for the log. */
export class DatabaseStartError extends Error {
  constructor(message: string, options: { cause: unknown }) {
    super(message, options);
    this.name = 'DatabaseStartError';
  }
}

/**
 * Opens the database, retrying with capped exponential backoff while it is not reachable yet (a database
 * that starts after the portal), and gives up after `attempts` with the last reason. A failure retrying
 * cannot fix ends it at once (classifyStartFailure).
 */
export async function connectWithRetry(
  target: DatabaseTarget,
  attempts: number,
  log: Pick<Logger, 'warn'>,
): Promise<DatabaseHandle> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await openDatabase(target);
    } catch (error) {
      const { reason, retry } = classifyStartFailure(error, target);
      if (!retry) {
        throw new DatabaseStartError(`Cannot open ${describeTarget(target)}: ${reason}`, { cause: error });
      }
      if (attempt >= attempts) {
        throw new DatabaseStartError(
          `Cannot reach ${describeTarget(target)} after ${attempts} attempts: ${reason}`,
          { cause: error },
        );
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
