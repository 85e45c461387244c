import { ChevronUp } from 'lucide-react';
import { useEffect } from 'react';
import { formatCents, type Cents } from '../../../shared/money';
import type { PricedCart } from '../../../shared/pricing';
import { formatDiscount } from '../../lib/format';
import { ORDER_SUMMARY_ID } from './order-summary';
import { describeNextTier } from './volume-discounts';

/**
 * On a phone, the order form's summary folds at the bottom of a long page: this slim bar stays on screen
 * with the total, the tier reached and what the next tier would save (docs/storefront.md#order-form), so
 * the buyer sees the saving while choosing quantities. 'Summary' brings the folded summary into view.
 * Nothing while the cart is empty.
 */
export function PhoneTotalBar({
  cart,
  nextTierSavings,
}: {
  cart: PricedCart;
  nextTierSavings: Cents | null;
}) {
  const shown = cart.totalCases > 0;
  useRoomForBar(shown);
  if (!shown) return null;
  const nudge = describeNextTier(cart.next, nextTierSavings);

  function showSummary() {
    const summary = document.getElementById(ORDER_SUMMARY_ID);
    summary?.scrollIntoView({ block: 'start', behavior: 'smooth' });
    summary?.querySelector<HTMLElement>('button[aria-expanded]')?.focus({ preventScroll: true });
  }

  return (
    <div
      role="region"
      aria-label="Order total"
      className="fixed inset-x-0 bottom-0 z-30 border-t border-border bg-card/95 px-4 pt-2 pb-[max(0.5rem,env(safe-area-inset-bottom))] shadow-[0_-4px_12px_rgb(0_0_0/0.06)] backdrop-blur"
    >
      <div className="mx-auto flex max-w-6xl items-center gap-3">
        <div className="min-w-0 flex-1">
          <p className="flex flex-wrap items-baseline gap-x-2">
            <span className="text-sm text-muted-foreground">Total</span>
            <span className="text-lg font-semibold tabular-nums">{formatCents(cart.orderTotal)}</span>
            {cart.tier ? (
              <span className="rounded-full bg-accent px-2 py-0.5 text-xs font-medium text-primary">
                {formatDiscount(cart.tier.discountPercentage / 100)} off
              </span>
            ) : null}
          </p>
          {nudge ? <p className="text-xs leading-snug text-foreground">{nudge}</p> : null}
        </div>
        <button
          type="button"
          onClick={showSummary}
          className="flex min-h-11 shrink-0 items-center gap-1 rounded-md border border-border px-3 text-sm font-medium focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
        >
          Summary
          <ChevronUp aria-hidden="true" className="size-4" />
        </button>
      </div>
    </div>
  );
}

/** While the bar shows, the page ends higher by its height: it never covers the last row or the footer. */
function useRoomForBar(shown: boolean) {
  useEffect(() => {
    if (!shown) return;
    document.body.classList.add(ROOM_CLASS);
    return () => document.body.classList.remove(ROOM_CLASS);
  }, [shown]);
}

const ROOM_CLASS = 'pb-24';
