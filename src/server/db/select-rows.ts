import type { SQL } from 'drizzle-orm';
import type { DatabaseOrTransaction } from './client';

/** The rows of a raw read: PGlite and node-postgres both answer `{ rows }`. */
export async function selectRows<Row>(db: DatabaseOrTransaction, query: SQL): Promise<Row[]> {
  const result = (await db.execute(query)) as { rows: Row[] };
  return result.rows;
}
