import { sql, type SQL } from 'drizzle-orm';

/**
 * The code's own constants as a list of SQL literals ('a', 'b'): for check constraints and index predicates,
 * which take no parameters, and for the rule fragments whose terms an index predicate must be seen to imply
 * (a parameter's value is unknown when a plan is made). Plain lowercase words only; never for input.
 */
export function sqlLiteralList(values: readonly string[]): SQL {
  for (const value of values) {
    if (!/^[a-z0-9_]+$/.test(value))
      throw new Error(`Not a plain constant for SQL: ${JSON.stringify(value)}`);
  }
  return sql.raw(values.map((value) => `'${value}'`).join(', '));
}
