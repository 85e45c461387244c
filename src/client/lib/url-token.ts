import { useEffect, useState } from 'react';
import { useLocation } from 'react-router';

export interface UrlToken {
  token: string | null;
  next: string | null;
}

/** The token main.tsx took out of the address bar as the app started, for the page it was meant for. */
let takenAtStart: { pathname: string; value: UrlToken } | null = null;

/** Forgets the token taken at start, as a new page load would (component-setup.ts). */
export function forgetTokenTakenAtStart() {
  takenAtStart = null;
}

function readUrlToken(search: string): UrlToken | null {
  const params = new URLSearchParams(search);
  const token = params.get('token');
  if (token === null) return null;
  return { token: token.trim() || null, next: params.get('next') };
}

/**
 * Run by main.tsx before the router starts: on a page opened from an e-mailed link (/auth/verify,
 * /reset-password, /invitation, and a reorder reminder's /reorder-link and /unsubscribe), takes `token` (and
 * `next`) out of the address bar at once, so it does not stay in the history, in screenshots or in a Referer;
 * the page gets them from useUrlToken().
 */
export function takeTokenFromAddressBar(): void {
  const value = readUrlToken(window.location.search);
  if (!value) return;
  takenAtStart = { pathname: window.location.pathname, value };
  stripTokenFromAddressBar();
}

/**
 * The token and return path of the page opened from an e-mailed link: the one taken as the app started, or
 * (after an in-app navigation) the one in the page's address, which is then taken out of the address bar.
 * Read once, when the page first renders.
 */
export function useUrlToken(): UrlToken {
  const { pathname, search } = useLocation();
  const [value] = useState<UrlToken>(() => {
    const inAddress = readUrlToken(search);
    if (inAddress) {
      stripTokenFromAddressBar();
      return inAddress;
    }
    if (takenAtStart?.pathname === pathname) return takenAtStart.value;
    return { token: null, next: new URLSearchParams(search).get('next') };
  });
  // Used once: coming back to the page later (Back, or a link) finds no token, as its address has none.
  // Not in the initialiser above, which React may run twice.
  useEffect(() => {
    if (takenAtStart?.value === value) takenAtStart = null;
  }, [value]);
  return value;
}

function stripTokenFromAddressBar() {
  if (typeof window === 'undefined') return;
  try {
    const current = new URL(window.location.href);
    if (!current.searchParams.has('token')) return;
    current.searchParams.delete('token');
    // Keep the history entry's state (the router's key), so Back and Forward still work.
    window.history.replaceState(
      window.history.state,
      '',
      `${current.pathname}${current.search}${current.hash}`,
    );
  } catch {
    // A browser that refuses replaceState (or an about:blank test page) keeps the URL; the page still works.
  }
}
