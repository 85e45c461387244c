import { useCallback, useEffect, useRef, type RefObject } from 'react';
import { LIST_EMPTY_ATTRIBUTE } from './list-state';

/** Marks the one control per row that takes the focus when a neighbouring row leaves; its value is the row's id. */
export const ROW_FOCUS_ATTRIBUTE = 'data-row-focus';

interface RowFocusOptions<Id> {
  /** The rows' ids as shown now (undefined while the list loads). */
  ids: readonly Id[] | undefined;
  /** True while the action runs: its buttons are disabled until then, so the focus waits for it. */
  busy: boolean;
  /** Holds the rows (in either layout). */
  containerRef: RefObject<HTMLElement | null>;
  /**
   * Takes the focus when no row is left, e.g. the list's heading (tabIndex -1) when it says what is there;
   * without it, the list's empty-state text (ListState's LIST_EMPTY_ATTRIBUTE).
   */
  fallbackRef?: RefObject<HTMLElement | null>;
}

const focusIsLost = () => !document.activeElement || document.activeElement === document.body;

/**
 * Keeps the keyboard's place in an admin list when an action takes a row away (docs/admin.md#dashboard):
 * a row that leaves takes its focused button with it, and the disabled buttons of a running action drop the
 * focus too. Call the returned `remember(id)` as the action on row `id` starts; once it has run, the focus
 * goes to the marked control (ROW_FOCUS_ATTRIBUTE) of the row that took its place (or the one before, at
 * the end of the list), to the heading or the empty-state text when none is left, or back to the row when
 * it stayed (the action failed). Never when the administrator has put the focus somewhere else meanwhile.
 */
export function useFocusAfterRowRemoval<Id extends string | number>({
  ids,
  busy,
  containerRef,
  fallbackRef,
}: RowFocusOptions<Id>) {
  const pending = useRef<{
    id: Id;
    index: number;
    /** The list as the action found it: a new one means the action has run and the list reloaded. */
    idsBefore: readonly Id[] | undefined;
    started: boolean;
  } | null>(null);

  useEffect(() => {
    const action = pending.current;
    if (!action || !ids) return;
    if (busy) {
      action.started = true;
      return;
    }
    // A fast answer may bring the new list in the same render that ends the action.
    if (!action.started && ids === action.idsBefore) return;
    pending.current = null;
    if (!focusIsLost()) return;
    const controls = [
      ...(containerRef.current?.querySelectorAll<HTMLElement>(`[${ROW_FOCUS_ATTRIBUTE}]`) ?? []),
    ];
    const stayed = controls.find(
      (control) => control.getAttribute(ROW_FOCUS_ATTRIBUTE) === String(action.id),
    );
    const next = stayed ?? controls[Math.min(action.index, controls.length - 1)];
    const empty = containerRef.current?.querySelector<HTMLElement>(`[${LIST_EMPTY_ATTRIBUTE}]`);
    (next ?? fallbackRef?.current ?? empty)?.focus();
  }, [ids, busy, containerRef, fallbackRef]);

  return useCallback(
    (id: Id) => {
      pending.current = { id, index: Math.max(ids?.indexOf(id) ?? 0, 0), idsBefore: ids, started: false };
    },
    [ids],
  );
}
