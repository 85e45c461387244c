import { useLayoutEffect, useRef } from 'react';
import { NavigationType, type Location } from 'react-router';
import { restoreShellScroll } from './first-render';

/*
 * Scroll restoration of AppRouter (app-router.tsx, ADR 0035): what React Router's <ScrollRestoration> does
 * for its data router, and a place put back once the page has grown tall enough for it.
 */

/** Where the reader had scrolled each history entry to, kept across reloads for this tab. */
const SCROLL_STORAGE_KEY = 'scroll-positions';
let scrollPositions: Record<string, number> | null = null;

function positions(): Record<string, number> {
  if (scrollPositions) return scrollPositions;
  try {
    const stored: unknown = JSON.parse(sessionStorage.getItem(SCROLL_STORAGE_KEY) ?? '{}');
    scrollPositions = stored && typeof stored === 'object' ? (stored as Record<string, number>) : {};
  } catch {
    scrollPositions = {};
  }
  return scrollPositions;
}

/** Forgets every remembered position, as a new tab would (component-setup.ts). */
export function forgetScrollPositions() {
  scrollPositions = null;
  scrollingBack?.stop();
}

export function rememberScroll(key: string) {
  // A place still being put back is where the reader was, not the short page on screen meanwhile.
  positions()[key] = scrollingBack?.key === key ? scrollingBack.y : window.scrollY;
}

function saveScrollPositions() {
  try {
    sessionStorage.setItem(SCROLL_STORAGE_KEY, JSON.stringify(positions()));
  } catch {
    // Storage full or refused: positions are then kept for this page's life only.
  }
}

/**
 * As a browser does for full page loads: Back and Forward return to where the reader was on that entry, a
 * link to `#id` scrolls to the element, any other navigation starts the page at the top. Runs once the new
 * page is on screen (after its code has arrived). The first page keeps where the reader had scrolled its
 * shell (ADR 0016), or goes back to where a reload left it.
 */
export function useScrollRestoration(location: Location, action: NavigationType) {
  useLayoutEffect(() => {
    window.history.scrollRestoration = 'manual';
    const remember = () => {
      rememberScroll(location.key);
      saveScrollPositions();
    };
    window.addEventListener('pagehide', remember);
    return () => window.removeEventListener('pagehide', remember);
  }, [location.key]);

  const handled = useRef<Location | null>(null);
  useLayoutEffect(() => {
    // StrictMode runs a layout effect twice on mount: the second run has nothing to do.
    if (handled.current === location) return;
    const first = handled.current === null;
    handled.current = location;
    scrollingBack?.stop();
    if (first && restoreShellScroll()) return;
    const saved = positions()[location.key];
    // A document loaded afresh (a typed address, a link from elsewhere) shares the first entry's key with
    // the tab's earlier documents: only a reload or Back/Forward to it comes back to a place.
    if (action === NavigationType.Pop && saved !== undefined && (!first || cameBackToDocument())) {
      scrollBackTo(location.key, saved);
      return;
    }
    const target = location.hash ? document.getElementById(fragmentId(location.hash)) : null;
    if (target) target.scrollIntoView();
    else if (!first) window.scrollTo(0, 0);
  }, [location, action]);
}

/** Whether this document was opened by a reload or by Back/Forward, not loaded afresh. */
function cameBackToDocument(): boolean {
  const [entry] = performance.getEntriesByType('navigation') as PerformanceNavigationTiming[];
  return entry?.type === 'reload' || entry?.type === 'back_forward';
}

/**
 * How long a place being put back waits for the page to grow tall enough (its code and data arriving), at
 * most: the reader's own scrolling ends the wait at once.
 */
const SCROLL_BACK_WAIT_MS = 10_000;
let scrollingBack: { key: string; y: number; stop: () => void } | null = null;

/**
 * Scrolls to `y`; on a page not yet tall enough for it (a reload or Back to a page whose code or data is
 * still on its way) tries again as the page grows, until it gets there, the reader scrolls, another page
 * opens or SCROLL_BACK_WAIT_MS have passed — as a browser does for a page it loads itself.
 */
function scrollBackTo(key: string, y: number) {
  let reached = 0;
  const arrived = () => {
    window.scrollTo(0, y);
    reached = window.scrollY;
    return Math.abs(reached - y) < 1;
  };
  if (arrived()) return;
  const observer = new ResizeObserver(() => {
    if (arrived()) stop();
  });
  // Scrolling that is not ours (wheel, touch, keys, the scroll bar, find in page) is the reader's.
  const onScroll = () => {
    if (Math.abs(window.scrollY - reached) >= 1) stop();
  };
  const timer = window.setTimeout(stop, SCROLL_BACK_WAIT_MS);
  function stop() {
    observer.disconnect();
    window.clearTimeout(timer);
    window.removeEventListener('scroll', onScroll);
    scrollingBack = null;
  }
  window.addEventListener('scroll', onScroll, { passive: true });
  observer.observe(document.body);
  scrollingBack = { key, y, stop };
}

/** The element id a `#fragment` names; a malformed escape (`#%E0`) is taken as written. */
function fragmentId(hash: string): string {
  const id = hash.slice(1);
  try {
    return decodeURIComponent(id);
  } catch {
    return id;
  }
}
