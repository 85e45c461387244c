import { useCallback, useSyncExternalStore } from 'react';

/** The spec's mobile layout applies under 768 px (spec 000 §2, §9). Matches Tailwind's `md` breakpoint. */
export const MOBILE_MEDIA_QUERY = '(max-width: 767.98px)';

const lists = new Map<string, MediaQueryList>();

/** One MediaQueryList per query for the page's life: the snapshot is read on every render. */
function mediaQueryList(query: string): MediaQueryList {
  let list = lists.get(query);
  if (!list) lists.set(query, (list = window.matchMedia(query)));
  return list;
}

/**
 * Whether a CSS media query matches now, re-rendering when it starts or stops matching; null while a page
 * shell is rendered on the server (ADR 0016), where there is no screen: see ViewportSwitch.
 */
export function useMatchesMedia(query: string): boolean | null {
  const subscribe = useCallback(
    (onChange: () => void) => {
      const list = mediaQueryList(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    [query],
  );
  return useSyncExternalStore(
    subscribe,
    () => mediaQueryList(query).matches,
    () => null,
  );
}

/** Whether a CSS media query matches now (false on the server). */
export function useMediaQuery(query: string): boolean {
  return useMatchesMedia(query) ?? false;
}

export function useIsMobile(): boolean {
  return useMediaQuery(MOBILE_MEDIA_QUERY);
}
