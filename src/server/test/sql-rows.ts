import type { SQL } from 'drizzle-orm';
import type { Database } from '../db/client';

/** Runs raw SQL in a test and returns its rows (PGlite and node-postgres both answer `{ rows }`). */
export async function sqlRows<T = Record<string, unknown>>(db: Database, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as { rows: T[] };
  return result.rows;
}
