import { Check, TrendingUp } from 'lucide-react';
import { formatCents, type Cents } from '../../../shared/money';
import type { PricedCart, PricingTier } from '../../../shared/pricing';
import { cn } from '../../lib/cn';
import { formatDiscount, pluralize } from '../../lib/format';

/**
 * What the next tier needs and what it would really change (docs/catalogue-and-pricing.md#volume-tiers): for
 * an empty cart the tier's offer ('Add 1 more case to save 5%'); for a cart, the amount the next tier takes
 * off these very lines ('Add 2 more cases: you save $9.36 more'), so a custom price the next tier does not
 * lower is never promised a discount. Null at the top tier, or when the next tier would change nothing.
 */
export function describeNextTier(next: PricedCart['next'], savings: Cents | null): string | null {
  if (!next) return null;
  const cases = `${next.casesNeeded} more ${next.casesNeeded === 1 ? 'case' : 'cases'}`;
  if (savings === null) return `Add ${cases} to save ${formatDiscount(next.tier.discountPercentage / 100)}`;
  return savings > 0 ? `Add ${cases}: you save ${formatCents(savings)} more` : null;
}

/**
 * The volume-discount promise: every tier, the one reached highlighted, and what the next one needs.
 */
export function VolumeDiscounts({
  cart,
  tiers,
  nextTierSavings,
}: {
  cart: PricedCart;
  tiers: readonly PricingTier[];
  nextTierSavings: Cents | null;
}) {
  if (tiers.length === 0) return null;
  const nextMessage = describeNextTier(cart.next, nextTierSavings);
  const bestMessage =
    cart.tier && !cart.next
      ? `You get our best volume price: ${formatDiscount(cart.tier.discountPercentage / 100)} off`
      : null;

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
      {nextMessage || bestMessage ? (
        <p className="flex items-start gap-2 text-sm">
          <TrendingUp aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-primary" />
          <span>
            {nextMessage ?? bestMessage}
            {cart.tier && nextMessage ? (
              <span className="text-muted-foreground">
                {' '}
                (now {formatDiscount(cart.tier.discountPercentage / 100)} off)
              </span>
            ) : null}
          </span>
        </p>
      ) : null}
    </section>
  );
}
