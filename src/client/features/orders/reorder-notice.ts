import { useEffect } from 'react';
import { toast } from '../../lib/toast';

// Part of the order form's initial JavaScript (ceiling 130 KB, ADR 0015): React and lib/toast only, kept tiny.

/** The sessionStorage flag the reorder page sets once the cart holds the reordered items. */
export const REORDER_NOTICE_KEY = 'wholesale-reorder-notice';

/**
 * The order form's one-time notice after a reorder (docs/storefront.md#reorder-page): 'Order Loaded' about 1
 * s after load. The flag is taken only when the toast shows, so StrictMode's doubled effect or leaving within
 * the second loses nothing, and it shows once.
 */
export function useReorderNotice(): void {
  useEffect(() => {
    const timer = setTimeout(() => {
      try {
        if (!sessionStorage.getItem(REORDER_NOTICE_KEY)) return;
        sessionStorage.removeItem(REORDER_NOTICE_KEY);
      } catch {
        return;
      }
      toast.info('Order Loaded', { description: 'Your previous order has been restored' });
    }, 1000);
    return () => clearTimeout(timer);
  }, []);
}
