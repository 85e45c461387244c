/*
 * Reading what PostgreSQL said when a statement failed, the same through node-postgres, PGlite and Drizzle
 * (which wraps the driver's error in `cause`).
 */

/** SQLSTATE of a unique violation. */
export const UNIQUE_VIOLATION = '23505';
/** SQLSTATE of the statement PostgreSQL aborted to break a deadlock. */
export const DEADLOCK_DETECTED = '40P01';

/** The SQLSTATE of a PostgreSQL error, also when Drizzle wraps it (`cause`). */
export function postgresErrorCode(error: unknown): string | undefined {
  return findPostgresField(error, 'code', (value) => /^[0-9A-Z]{5}$/.test(value));
}

/** The constraint (or unique index) a PostgreSQL error names, if any. */
export function violatedConstraint(error: unknown): string | undefined {
  return findPostgresField(error, 'constraint', () => true);
}

/** Whether `error` is a unique violation of `constraint`. */
export function isUniqueViolationOf(error: unknown, constraint: string): boolean {
  return postgresErrorCode(error) === UNIQUE_VIOLATION && violatedConstraint(error) === constraint;
}

function findPostgresField(error: unknown, field: 'code' | 'constraint', accept: (value: string) => boolean) {
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current && typeof current === 'object'; depth += 1) {
    const value: unknown = (current as Record<string, unknown>)[field];
    if (typeof value === 'string' && accept(value)) return value;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

/** Node's codes for a connection that could not be made or was lost. */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);
/** SQLSTATEs of a server that is going away or not accepting connections (class 08 is matched whole). */
const UNAVAILABLE_STATES = new Set(['57P01', '57P02', '57P03', '53300']);
/** What node-postgres says when a connection ends under a query or cannot be had from the pool. */
const LOST_CONNECTION =
  /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error/i;

/**
 * Whether `error` says the database cannot be reached now (down, restarting, network lost), as opposed to a
 * statement that failed: such a request is answered 503 with Retry-After (docs/operations.md#database-outages).
 */
export function isDatabaseUnreachable(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current && typeof current === 'object'; depth += 1) {
    const { code, message } = current as { code?: unknown; message?: unknown };
    if (
      typeof code === 'string' &&
      (NETWORK_CODES.has(code) || UNAVAILABLE_STATES.has(code) || /^08[0-9A-Z]{3}$/.test(code))
    )
      return true;
    if (typeof message === 'string' && LOST_CONNECTION.test(message)) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

/** SQLSTATE disk_full: PostgreSQL could not extend or write a file (docs/operations.md#a-full-disk). */
export const DISK_FULL = '53100';
/** Node's codes for a full disk or an exhausted quota. */
const DISK_FULL_CODES = new Set([DISK_FULL, 'ENOSPC', 'EDQUOT']);
/** Emscripten's errno for ENOSPC: PGlite's file system (in the WebAssembly build) throws ErrnoError with it. */
const EMSCRIPTEN_ENOSPC = 51;

/**
 * Whether `error` says the database's disk is full: SQLSTATE 53100 (PostgreSQL or PGlite could not extend a
 * file), Node's ENOSPC/EDQUOT, or PGlite's own file system's ENOSPC. Other class 53 states (out of memory,
 * too many connections) are not a full disk (docs/operations.md#a-full-disk).
 */
export function isDiskFull(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current && typeof current === 'object'; depth += 1) {
    const { code, errno, name, message } = current as Record<string, unknown>;
    if (typeof code === 'string' && DISK_FULL_CODES.has(code)) return true;
    if (name === 'ErrnoError' && errno === EMSCRIPTEN_ENOSPC) return true;
    if (typeof message === 'string' && /No space left on device/i.test(message)) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

/** What a failed database call said, for a log line: the driver's message, code (SQLSTATE) and errno. */
export interface DatabaseFailure {
  message: string;
  code?: string;
  errno?: number;
}

/**
 * The driver's own error at the end of the cause chain (Drizzle's wrapper quotes the statement and its
 * parameters, so its message is never logged), as message, code and errno. A thrown non-Error (PGlite's file
 * system throws plain objects) is described by its name rather than as '[object Object]'.
 */
export function describeDatabaseFailure(error: unknown): DatabaseFailure {
  let root: unknown = error;
  for (let depth = 0; depth < 5; depth += 1) {
    const cause = root && typeof root === 'object' ? (root as { cause?: unknown }).cause : undefined;
    if (!cause) break;
    root = cause;
  }
  if (!root || typeof root !== 'object') return { message: String(root) };
  const { code, errno, message, name } = root as Record<string, unknown>;
  const text = typeof message === 'string' && message ? message : typeof name === 'string' ? name : 'Error';
  return {
    message: text.slice(0, 300),
    ...(typeof code === 'string' ? { code } : {}),
    ...(typeof errno === 'number' ? { errno } : {}),
  };
}
