/**
 * A cookie the browser may read that says "a session was started here": no secret, only a hint, so the first
 * paint can lay out a visitor's page (the 'Not signed in' banner, the 'Sign In / Register' button) before the
 * session check answers, and a signed-in customer's page without them: no layout shift either way. The
 * session itself stays in the HttpOnly cookie (ADR 0004); the server sets the hint at sign-in and clears it
 * at sign-out or when GET /api/session finds no session.
 */
export const SESSION_HINT_COOKIE = 'signed_in';

/** Whether a `document.cookie` string carries the hint. */
export function hasSessionHint(cookies: string): boolean {
  return cookies.split(';').some((cookie) => cookie.trim().startsWith(`${SESSION_HINT_COOKIE}=`));
}
