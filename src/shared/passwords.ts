/**
 * The password rule for every password a person sets: reset, change, admin-created users
 * (docs/accounts-and-roles.md#passwords). Returns the rule's message for the first broken rule, or null when
 * the password is acceptable.
 *
 * The server also refuses a password on the list of common and breached passwords, with PASSWORD_TOO_COMMON
 * (server/security/common-passwords.ts). That list stays on the server: the client shows the message as the
 * server sends it.
 */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 100;

export const PASSWORD_TOO_SHORT = 'Password must be at least 8 characters long';
export const PASSWORD_TOO_LONG = 'Password must be at most 100 characters long';
export const PASSWORD_COMPOSITION =
  'Password must contain at least one uppercase letter, one lowercase letter, and one number';
export const PASSWORD_TOO_COMMON =
  'This password is too common: it appears in lists of leaked passwords. Please choose another.';

export function checkPasswordRules(password: string): string | null {
  if (password.length < PASSWORD_MIN_LENGTH) return PASSWORD_TOO_SHORT;
  if (password.length > PASSWORD_MAX_LENGTH) return PASSWORD_TOO_LONG;
  if (!/[A-Z]/.test(password) || !/[a-z]/.test(password) || !/\d/.test(password)) return PASSWORD_COMPOSITION;
  return null;
}
