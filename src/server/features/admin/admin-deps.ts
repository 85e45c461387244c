import type { Database } from '../../db/client';
import type { Env } from '../../env';

/**
 * What every admin area's routes are built from. The administrator check is not theirs to do: every
 * /api/admin/* route gets it from plugins/admin-guard.ts.
 */
export interface AdminDeps {
  db: Database;
  env: Env;
}
