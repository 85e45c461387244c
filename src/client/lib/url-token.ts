import type { LoaderFunctionArgs } from 'react-router';

export interface UrlToken {
  token: string | null;
  next: string | null;
}

/**
 * Route loader of the pages opened from e-mailed links (/auth/verify, /reset-password): reads `token` (and
 * `next`) from the URL and removes the token from the address bar before the page renders, so it does not stay
 * in the history, in screenshots or in a Referer. It runs before the page component, and the page gets the
 * token from useLoaderData().
 */
export function takeTokenFromUrl({ request }: LoaderFunctionArgs): UrlToken {
  const url = new URL(request.url);
  const token = url.searchParams.get('token');
  stripTokenFromAddressBar();
  return { token: token?.trim() || null, next: url.searchParams.get('next') };
}

function stripTokenFromAddressBar() {
  if (typeof window === 'undefined') return;
  try {
    const current = new URL(window.location.href);
    if (!current.searchParams.has('token')) return;
    current.searchParams.delete('token');
    // Keep the router's history state, so Back and Forward still work.
    window.history.replaceState(
      window.history.state,
      '',
      `${current.pathname}${current.search}${current.hash}`,
    );
  } catch {
    // A browser that refuses replaceState (or an about:blank test page) keeps the URL; the page still works.
  }
}
