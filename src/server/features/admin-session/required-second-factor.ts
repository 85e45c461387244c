import type { Database } from '../../db/client';
import type { UserRow } from '../../db/schema';
import type { Env } from '../../env';
import { findTotp } from './admin-sign-in.repository';

/**
 * With ADMIN_REQUIRE_TOTP, whether an administrator's session may still be used: only with a second factor
 * (docs/security.md#the-second-factor). Checked whenever an administrator's session is loaded, so the setting
 * reaches sessions made before it was turned on; undefined when nothing is required.
 */
export function adminSessionRequirement(
  db: Database,
  env: Pick<Env, 'ADMIN_REQUIRE_TOTP'>,
): ((admin: UserRow) => Promise<boolean>) | undefined {
  if (!env.ADMIN_REQUIRE_TOTP) return undefined;
  return async (admin) => Boolean((await findTotp(db, admin.id))?.enabledAt);
}
