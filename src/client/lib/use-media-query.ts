import { useCallback, useMemo, useSyncExternalStore } from 'react';

/** The spec's mobile layout applies under 768 px (spec 000 §2, §9). Matches Tailwind's `md` breakpoint. */
export const MOBILE_MEDIA_QUERY = '(max-width: 767.98px)';

/** Whether a CSS media query matches now; re-renders when it starts or stops matching. */
export function useMediaQuery(query: string): boolean {
  const list = useMemo(() => window.matchMedia(query), [query]);
  const subscribe = useCallback(
    (onChange: () => void) => {
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    [list],
  );
  return useSyncExternalStore(subscribe, () => list.matches);
}

export function useIsMobile(): boolean {
  return useMediaQuery(MOBILE_MEDIA_QUERY);
}
