import { useEffect, useRef } from 'react';

/**
 * A ref for a view's heading (give it tabIndex={-1}) that takes the focus when the view appears, if
 * `enabled`: a keyboard or screen-reader user lands where the new content starts instead of on a button
 * that has just disappeared.
 */
export function useFocusOnMount<Element extends HTMLElement>(enabled: boolean) {
  const ref = useRef<Element>(null);
  useEffect(() => {
    if (enabled) ref.current?.focus();
    // Only when the view appears, not when a later render changes `enabled`.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return ref;
}
