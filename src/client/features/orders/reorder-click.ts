import { useCallback, useRef } from 'react';
import { useNavigate, useNavigation } from 'react-router';
import { newReorderToken, reorderNavigationState } from './reorder-token';

/** A second Reorder click within 3 s is ignored (docs/storefront.md#timings-and-limits). */
export const REORDER_CLICK_DEBOUNCE_MS = 3000;

/**
 * A Reorder button's action (docs/storefront.md#reorder-page): go to /orders/{id}/reorder with a fresh
 * token; the reorder page makes the one call. A second click within 3 s, or while the page is still on its
 * way (its code loading), is ignored.
 */
export function useReorderClick(): (orderId: number) => void {
  const navigate = useNavigate();
  const navigation = useNavigation();
  const lastClickAt = useRef<number | null>(null);
  const busy = navigation.state !== 'idle';

  return useCallback(
    (orderId: number) => {
      const now = Date.now();
      if (busy) return;
      if (lastClickAt.current !== null && now - lastClickAt.current < REORDER_CLICK_DEBOUNCE_MS) return;
      lastClickAt.current = now;
      void navigate(`/orders/${orderId}/reorder`, { state: reorderNavigationState(newReorderToken()) });
    },
    [busy, navigate],
  );
}
