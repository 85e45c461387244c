import { useCallback, useMemo, useSyncExternalStore } from 'react';

/**
 * The spec's mobile layout applies under 768 px (docs/storefront.md#timings-and-limits). Matches Tailwind's
 * `md` breakpoint.
 */
export const MOBILE_MEDIA_QUERY = '(max-width: 767.98px)';

/**
 * Whether a CSS media query matches now, re-rendering when it starts or stops matching; null while a page
 * shell is rendered on the server (ADR 0016), where there is no screen: see ViewportSwitch.
 */
export function useMatchesMedia(query: string): boolean | null {
  const list = useMemo(() => (typeof window === 'undefined' ? null : window.matchMedia(query)), [query]);
  const subscribe = useCallback(
    (onChange: () => void) => {
      list?.addEventListener('change', onChange);
      return () => list?.removeEventListener('change', onChange);
    },
    [list],
  );
  return useSyncExternalStore(
    subscribe,
    () => list?.matches ?? null,
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
