import { useEffect, useRef, type RefObject } from 'react';

const focusIsLost = () => !document.activeElement || document.activeElement === document.body;

/**
 * A control disabled while its request runs drops the keyboard's focus (docs/admin.md#dashboard): once the
 * request has ended, the focus comes back to it, if it is still there and nothing else has taken the focus.
 */
export function useFocusBackAfter(busy: boolean, controlRef: RefObject<HTMLElement | null>) {
  const wasBusy = useRef(false);
  useEffect(() => {
    if (busy) {
      wasBusy.current = true;
      return;
    }
    if (!wasBusy.current) return;
    wasBusy.current = false;
    if (focusIsLost() && controlRef.current?.isConnected) controlRef.current.focus();
  }, [busy, controlRef]);
}

/**
 * When a change takes the focused row out of a list (a status change under a status filter), the focus
 * goes to the list itself (tabIndex -1) rather than to the page (docs/admin.md#dashboard). Checked whenever
 * `rows` change; only when the element last focused inside the list is gone (a control that is merely
 * disabled while it saves gets the focus back itself: useFocusBackAfter).
 */
export function useFocusListWhenLost(listRef: RefObject<HTMLElement | null>, rows: unknown) {
  const lastFocused = useRef<Element | null>(null);

  useEffect(() => {
    const track = ({ target }: FocusEvent) => {
      // A dialog a row opens (a confirmation) hands the focus back to its opener when it closes.
      if (!(target instanceof Element) || target.closest('dialog')) return;
      lastFocused.current = listRef.current?.contains(target) ? target : null;
    };
    document.addEventListener('focusin', track);
    return () => document.removeEventListener('focusin', track);
  }, [listRef]);

  useEffect(() => {
    const last = lastFocused.current;
    if (!last || last.isConnected || !focusIsLost()) return;
    lastFocused.current = null;
    listRef.current?.focus({ preventScroll: true });
  }, [rows, listRef]);
}
