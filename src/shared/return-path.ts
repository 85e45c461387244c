/** The longest return path the portal follows after sign-in (docs/security.md#input-validation). */
export const MAX_RETURN_PATH_LENGTH = 500;

/** Any base will do: only whether the path stays on it matters. */
const SAME_ORIGIN = 'http://portal.invalid';

/** One '/' followed by anything but whitespace, a backslash or a control character. */
const PLAIN_PATH = /^\/[^\s\\\p{Cc}]*$/u;
/** '//host' and '/\host' are read by browsers as another host. */
const OTHER_HOST = /^\/[/\\]/;
/**
 * The pages a sign-in may lead back to: the order form and the customer area's pages that only show
 * something. Never a page that acts on a mere visit or spends a token — '/orders/{id}/reorder' replaces the
 * cart, '/auth/verify?token=' of someone else's link would sign the victim into another account — so a
 * link-request naming one of those (anyone may ask for a link for any address) leads to '/'.
 */
const RETURN_PAGES =
  /^\/(?:confirm|order-success|tester-confirmation|account|account\/support|support|orders|orders\/\d{1,10})?\/?$/i;

/**
 * Where to go after sign-in (docs/accounts-and-roles.md#magic-links): `next` when it is a path on the portal's
 * own origin, else '/'. Refused, so '/': anything but a string; a scheme or host ('https://…', '//…',
 * '/\…', also when percent-encoded as '/%2F…'); whitespace, backslashes or control characters (browsers
 * strip tabs and newlines, which would turn '/\t/host' into '//host'); more than 500 characters. The path
 * comes back normalised ('/a/../confirm' → '/confirm'), and only for a page of RETURN_PAGES. The server checks it when a link is asked for and
 * again when it is used; the browser checks it once more before navigating.
 */
export function safeReturnPath(next: unknown): string {
  if (typeof next !== 'string' || next.length > MAX_RETURN_PATH_LENGTH) return '/';
  if (!PLAIN_PATH.test(next) || OTHER_HOST.test(next)) return '/';
  try {
    const url = new URL(next, SAME_ORIGIN);
    const path = url.pathname;
    if (url.origin !== SAME_ORIGIN || OTHER_HOST.test(path) || OTHER_HOST.test(decodeURIComponent(path))) {
      return '/';
    }
    if (!RETURN_PAGES.test(path)) return '/';
    const normalised = `${path}${url.search}${url.hash}`;
    // Normalising escapes characters ('é' → '%C3%A9'), so the limit holds for the result too.
    return normalised.length <= MAX_RETURN_PATH_LENGTH ? normalised : '/';
  } catch {
    // A path with a malformed escape ('/%E0%A4%A') is no path to follow.
    return '/';
  }
}
