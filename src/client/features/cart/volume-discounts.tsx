import { Check, TrendingUp } from 'lucide-react';
import type { PricedCart, PricingTier } from '../../../shared/pricing';
import { cn } from '../../lib/cn';
import { formatDiscount, pluralize } from '../../lib/format';

/**
 * 'Add 1 more case to save 7%' (docs/catalogue-and-pricing.md#volume-tiers): what the next tier needs, or
 * null at the top tier.
 */
export function describeNextTier(next: PricedCart['next']): string | null {
  if (!next) return null;
  return `Add ${next.casesNeeded} more ${next.casesNeeded === 1 ? 'case' : 'cases'} to save ${formatDiscount(next.tier.discountPercentage / 100)}`;
}

/**
 * The volume-discount promise: every tier, the one reached highlighted, and what the next one needs.
 */
export function VolumeDiscounts({ cart, tiers }: { cart: PricedCart; tiers: readonly PricingTier[] }) {
  if (tiers.length === 0) return null;
  const nextMessage = describeNextTier(cart.next);

  return (
    <section aria-labelledby="volume-discounts-title" className="space-y-3">
      <h3 id="volume-discounts-title" className="text-base font-semibold">
        Volume Discounts
      </h3>
      <ul className="space-y-1.5 text-sm">
        {tiers.map((tier) => {
          const reached = cart.tier?.id === tier.id;
          return (
            <li
              key={tier.id}
              aria-current={reached ? 'true' : undefined}
              className={cn(
                'flex items-center justify-between gap-2 rounded-lg border px-3 py-1.5',
                reached
                  ? 'border-primary bg-accent font-semibold text-primary'
                  : 'border-border text-muted-foreground',
              )}
            >
              <span>
                {pluralize(tier.minimumCases, 'case', 'cases').replace(' ', '+ ')}
                {reached ? <span className="sr-only"> (your tier)</span> : null}
              </span>
              <span className="flex items-center gap-1 tabular-nums">
                {reached ? <Check aria-hidden="true" className="size-3.5" /> : null}
                {formatDiscount(tier.discountPercentage / 100)} off
              </span>
            </li>
          );
        })}
      </ul>
      <p className="flex items-start gap-2 text-sm">
        <TrendingUp aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-primary" />
        <span>
          {nextMessage ??
            (cart.tier
              ? `You get our best volume price: ${formatDiscount(cart.tier.discountPercentage / 100)} off`
              : null)}
          {cart.tier && nextMessage ? (
            <span className="text-muted-foreground">
              {' '}
              (now {formatDiscount(cart.tier.discountPercentage / 100)} off)
            </span>
          ) : null}
        </span>
      </p>
    </section>
  );
}
