import { describeTier } from '../../../shared/discounts';
import { formatAmountOff, formatCents, formatSignedCents, parseDecimalToCents } from '../../../shared/money';
import type { PricedCart } from '../../../shared/pricing';
import { pluralize } from '../../lib/format';

interface OrderTotalsProps {
  priced: PricedCart;
  /** The order's total before the change (an edit): shown beside the new one, with the difference. */
  previousTotal?: string;
}

/**
 * The totals of an order being written, as the buyer's order summary computes them: the cases, the volume
 * tier the whole order reaches, the savings and the total; for a change, the current total and the
 * difference. The new total is announced politely as it changes.
 */
export function OrderTotals({ priced, previousTotal }: OrderTotalsProps) {
  const tier = describeTier(
    priced.tier && { name: priced.tier.name, discountPercent: priced.tier.discountPercentage / 100 },
  );
  const previous = previousTotal === undefined ? null : parseDecimalToCents(previousTotal);
  const totalLabel = previous === null ? 'Order total' : 'New total';
  return (
    <div className="space-y-2 text-sm">
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
        <dt className="text-muted-foreground">Cases</dt>
        <dd className="text-right tabular-nums">{priced.totalCases.toLocaleString('en-US')}</dd>
        <dt className="text-muted-foreground">Volume tier</dt>
        <dd className="text-right">{tier}</dd>
        {priced.savings > 0 ? (
          <>
            <dt className="text-muted-foreground">Standard total</dt>
            <dd className="text-right tabular-nums">{formatCents(priced.standardTotal)}</dd>
            <dt className="text-muted-foreground">Savings</dt>
            <dd className="text-right tabular-nums">{formatAmountOff(priced.savings)}</dd>
          </>
        ) : null}
        {previous !== null ? (
          <>
            <dt className="text-muted-foreground">Current total</dt>
            <dd className="text-right tabular-nums">{formatCents(previous)}</dd>
          </>
        ) : null}
        <dt className="font-medium">{totalLabel}</dt>
        <dd className="text-right font-semibold tabular-nums">{formatCents(priced.orderTotal)}</dd>
        {previous !== null ? (
          <>
            <dt className="text-muted-foreground">Difference</dt>
            <dd className="text-right tabular-nums">
              {formatSignedCents(priced.orderTotal - previous, { plus: true })}
            </dd>
          </>
        ) : null}
      </dl>
      <p aria-live="polite" className="sr-only">
        {`${totalLabel} ${formatCents(priced.orderTotal)}, ${pluralize(priced.totalCases, 'case')}, volume tier ${tier}.`}
      </p>
    </div>
  );
}
