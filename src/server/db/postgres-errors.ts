/*
 * Reading what PostgreSQL said when a statement failed, the same through node-postgres, PGlite and Drizzle
 * (which wraps the driver's error in `cause`).
 */

/** SQLSTATE of a unique violation. */
export const UNIQUE_VIOLATION = '23505';

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
