import { createRequire } from 'node:module';
import type * as LanguageCommon from '@zxcvbn-ts/language-common';
import { PASSWORD_TOO_COMMON } from '../../shared/passwords';

/**
 * Common and breached passwords (docs/security.md#common-and-breached-passwords): the `passwords` dictionary
 * of @zxcvbn-ts/language-common, about 49,000 passwords ranked by how often they turn up in leaked password
 * lists. It ships with the package, so no request leaves the server.
 *
 * The list is loaded once, at the first password that is checked (about 150 ms), not at start-up: most
 * processes never set a password. It is server-only: the client bundle never carries it, and the client's
 * forms check only the length and composition rules of shared/passwords.ts.
 *
 * The comparison ignores letter case (every entry of the list is lower-case), so 'Password1' is refused as
 * 'password1' is. The password is otherwise compared whole: the list itself holds the common variants with
 * trailing digits ('password1', 'password123', 'qwerty123'), so nothing is stripped before the look-up.
 */
let commonPasswords: ReadonlySet<string> | undefined;

function loadCommonPasswords(): ReadonlySet<string> {
  if (!commonPasswords) {
    // A synchronous load at first use keeps the check synchronous for its callers.
    const load = createRequire(import.meta.url);
    const { dictionary } = load('@zxcvbn-ts/language-common') as typeof LanguageCommon;
    commonPasswords = new Set(dictionary['passwords-common'].map((entry) => entry.toLowerCase()));
  }
  return commonPasswords;
}

/** Whether `password`, in any letter case, is on the list of common and breached passwords. */
export function isCommonPassword(password: string): boolean {
  return loadCommonPasswords().has(password.toLowerCase());
}

/** PASSWORD_TOO_COMMON for a password on the list, or null. */
export function commonPasswordProblem(password: string): string | null {
  return isCommonPassword(password) ? PASSWORD_TOO_COMMON : null;
}
