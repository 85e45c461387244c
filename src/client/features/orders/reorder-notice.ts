import { useEffect } from 'react';
import { toast } from '../../lib/toast';

// Part of the order form's initial JavaScript (ceiling 130 KB, ADR 0015): React and lib/toast only, kept tiny.

/** The sessionStorage flag the reorder page sets once the cart holds the reordered items. */
export const REORDER_NOTICE_KEY = 'wholesale-reorder-notice';

/** What the reorder page leaves for the notice: how the lines went in, and which could not. */
export interface ReorderNotice {
  /** The buyer chose 'Add to your cart' (rather than replacing it). */
  added: boolean;
  /** The lines no longer available, by name. */
  unavailable: string[];
}

export const RESTORED = 'Your previous order has been restored';

/**
 * The one notice after a reorder (docs/storefront.md#reorder-page): 'Order Loaded' with the spec's
 * 'Your previous order has been restored', and after it, only when there is more to say, that the items
 * joined the cart's and which lines are no longer available (then a warning).
 */
export function reorderNoticeText(notice: ReorderNotice): { description: string; warn: boolean } {
  const more: string[] = [];
  if (notice.added) more.push('Its items were added to those already in your cart.');
  if (notice.unavailable.length > 0) more.push(`No longer available: ${notice.unavailable.join(', ')}.`);
  return {
    description: more.length === 0 ? RESTORED : [`${RESTORED}.`, ...more].join(' '),
    warn: notice.unavailable.length > 0,
  };
}

function readNotice(stored: string): ReorderNotice {
  try {
    const parsed: unknown = JSON.parse(stored);
    if (typeof parsed !== 'object' || parsed === null) return { added: false, unavailable: [] };
    const { added, unavailable } = parsed as Partial<Record<keyof ReorderNotice, unknown>>;
    return {
      added: added === true,
      unavailable: Array.isArray(unavailable) ? unavailable.filter((name) => typeof name === 'string') : [],
    };
  } catch {
    return { added: false, unavailable: [] };
  }
}

/**
 * The order form's one-time notice after a reorder: 'Order Loaded' about 1 s after load. The flag is taken
 * only when the toast shows, so StrictMode's doubled effect or leaving within the second loses nothing, and
 * it shows once.
 */
export function useReorderNotice(): void {
  useEffect(() => {
    const timer = setTimeout(() => {
      let stored: string | null;
      try {
        stored = sessionStorage.getItem(REORDER_NOTICE_KEY);
        if (!stored) return;
        sessionStorage.removeItem(REORDER_NOTICE_KEY);
      } catch {
        return;
      }
      const { description, warn } = reorderNoticeText(readNotice(stored));
      if (warn) toast.warning('Order Loaded', { description });
      else toast.info('Order Loaded', { description });
    }, 1000);
    return () => clearTimeout(timer);
  }, []);
}
