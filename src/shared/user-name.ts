/**
 * A person as the portal names them (admin Users, the account menu, support messages, who saved a policy):
 * 'First Last', or their username when no name is known. Beside it the pages show the e-mail or @username.
 */
export function fullName(user: {
  firstName: string | null;
  lastName: string | null;
  username: string;
}): string {
  return [user.firstName, user.lastName].filter(Boolean).join(' ').trim() || user.username;
}
