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
