import { useCallback, useRef, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { useNavigationPending } from '../../lib/app-router';
import { Button } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import { cartStore } from '../../lib/cart/cart-store';
import { readOrderEdit } from '../../lib/cart/order-edit';
import { useCurrentUser } from '../../lib/session';
import { toast } from '../../lib/toast';
import { editUnderWayMessage } from './order-edit-banner';
import { newReorderToken, reorderNavigationState, type ReorderMode } from './reorder-token';

/** A second Reorder click within 3 s is ignored (docs/storefront.md#timings-and-limits). */
export const REORDER_CLICK_DEBOUNCE_MS = 3000;

const hasItems = () => {
  const cart = cartStore.getSnapshot();
  return cart.items.length > 0 || cart.testerAdded;
};

/**
 * A Reorder button's action (docs/storefront.md#reorder-page): go to /orders/{id}/reorder with a fresh
 * token; the reorder page makes the one call. A second click within 3 s, or while the page is still on its
 * way (its code loading), is ignored. When the cart already holds items the buyer is asked first whether the
 * order replaces them or is added to them (issue 31, finding 3): `dialog` is that question, for the caller
 * to render. While an order is being edited the cart is that order's, so no reorder starts until the edit is
 * saved or discarded (docs/storefront.md#editing-a-pending-order).
 */
export function useReorderClick(): { startReorder: (orderId: number) => void; dialog: ReactNode } {
  const navigate = useNavigate();
  const lastClickAt = useRef<number | null>(null);
  const [asking, setAsking] = useState<number | null>(null);
  const busy = useNavigationPending();
  const userId = useCurrentUser().data?.id;

  const go = useCallback(
    (orderId: number, mode: ReorderMode) => {
      void navigate(`/orders/${orderId}/reorder`, { state: reorderNavigationState(newReorderToken(), mode) });
    },
    [navigate],
  );

  const startReorder = useCallback(
    (orderId: number) => {
      const now = Date.now();
      if (busy) return;
      const edit = readOrderEdit(userId);
      if (edit) {
        toast.error(editUnderWayMessage(edit.orderNumber));
        return;
      }
      if (lastClickAt.current !== null && now - lastClickAt.current < REORDER_CLICK_DEBOUNCE_MS) return;
      lastClickAt.current = now;
      if (hasItems()) setAsking(orderId);
      else go(orderId, 'replace');
    },
    [busy, go, userId],
  );

  const choose = (mode: ReorderMode) => {
    if (asking === null) return;
    setAsking(null);
    go(asking, mode);
  };

  // A cancelled question started nothing: the next click is not a double click.
  const cancel = () => {
    lastClickAt.current = null;
    setAsking(null);
  };

  const dialog = (
    <Dialog
      open={asking !== null}
      onClose={cancel}
      title="Your cart already has items"
      description="Replace them with this order's items, or add the order's items to them?"
      footer={
        <>
          <Button variant="outline" onClick={cancel}>
            Cancel
          </Button>
          <Button variant="outline" onClick={() => choose('add')}>
            Add to your cart
          </Button>
          <Button onClick={() => choose('replace')}>Replace your cart</Button>
        </>
      }
    />
  );
  return { startReorder, dialog };
}
