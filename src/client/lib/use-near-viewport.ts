import { useEffect, useState, type RefObject } from 'react';

/** How far below the screen an element counts as near: it starts loading a scroll or two ahead. */
const NEAR_MARGIN = '400px';

/**
 * Whether the element has come near the screen yet; it stays true from then on. Where the browser has no
 * IntersectionObserver (a test's DOM), it is true at once.
 */
export function useNearViewport(ref: RefObject<Element | null>): boolean {
  const [near, setNear] = useState(() => typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    const element = ref.current;
    if (near || !element) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return;
        observer.disconnect();
        setNear(true);
      },
      { rootMargin: NEAR_MARGIN },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [near, ref]);
  return near;
}
