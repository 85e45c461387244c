import { ChevronDown, ShoppingBag } from 'lucide-react';
import { useId, useState, type ReactNode } from 'react';
import { formatCents, formatSignedCents } from '../../../shared/money';
import type { Cents } from '../../../shared/money';
import type { PricedCart, PricingTier } from '../../../shared/pricing';
import { FreeShippingValue } from '../../components/free-shipping';
import { cn } from '../../lib/cn';
import { formatDiscount } from '../../lib/format';
import { ProfitAnalysis } from './profit-analysis';
import { VolumeDiscounts } from './volume-discounts';

interface OrderSummaryProps {
  cart: PricedCart;
  tiers: readonly PricingTier[];
  /** What the next tier would save on this cart (shared engine's savingsAtNextTier). */
  nextTierSavings: Cents | null;
  /** Under 768 px the summary folds behind a toggle that shows the total (docs/storefront.md#order-form). */
  collapsible: boolean;
  /** Shown at the top of the summary, e.g. that volume prices could not be loaded. */
  notice?: ReactNode;
  /**
   * The next step (validation status, review button): right under the totals, so it stays near the top of
   * the sticky column; outside the folding panel when collapsible, so it is always reachable.
   */
  actions?: ReactNode;
}

/** The summary's element id: the phone's total bar scrolls to it. */
export const ORDER_SUMMARY_ID = 'order-summary';

/** The Order Summary: counts, totals, free shipping, the volume-discount promise and the profit analysis. */
export function OrderSummary({
  cart,
  tiers,
  nextTierSavings,
  collapsible,
  notice,
  actions,
}: OrderSummaryProps) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const details = (
    <>
      <VolumeDiscounts cart={cart} tiers={tiers} nextTierSavings={nextTierSavings} />
      <ProfitAnalysis cart={cart} />
    </>
  );

  if (!collapsible) {
    return (
      <section
        aria-labelledby={`${panelId}-title`}
        className="rounded-2xl border border-border bg-card p-4 shadow-sm sm:p-6"
      >
        <h2 id={`${panelId}-title`} className="mb-4 text-xl font-semibold">
          Order Summary
        </h2>
        <div className="space-y-6">
          {notice}
          <SummaryFigures cart={cart} />
          {actions}
          {details}
        </div>
      </section>
    );
  }

  return (
    <section
      id={ORDER_SUMMARY_ID}
      aria-labelledby={`${panelId}-title`}
      className="scroll-mt-4 rounded-2xl border border-border bg-card shadow-sm"
    >
      <h2 id={`${panelId}-title`} className="text-lg font-semibold">
        <button
          type="button"
          aria-expanded={open}
          aria-controls={panelId}
          onClick={() => setOpen((value) => !value)}
          className="flex w-full items-center gap-3 rounded-2xl px-4 py-3 text-left"
        >
          <ShoppingBag aria-hidden="true" className="size-5 shrink-0 text-primary" />
          <span className="flex-1">Order Summary</span>
          <span className="font-sans text-base tabular-nums">{formatCents(cart.orderTotal)}</span>
          <ChevronDown
            aria-hidden="true"
            className={cn(
              'size-5 shrink-0 transition-transform motion-reduce:transition-none',
              open && 'rotate-180',
            )}
          />
        </button>
      </h2>
      <div id={panelId} hidden={!open} className="space-y-6 border-t border-border px-4 pt-4 pb-5">
        {notice}
        <SummaryFigures cart={cart} />
        {details}
      </div>
      {actions ? <div className="border-t border-border px-4 py-4">{actions}</div> : null}
    </section>
  );
}

function SummaryFigures({ cart }: { cart: PricedCart }) {
  return (
    <div className="space-y-4">
      <dl className="grid grid-cols-3 gap-2 text-center">
        <Count label="Items" value={cart.itemCount} />
        <Count label="Cases" value={cart.totalCases} />
        <Count label="Units" value={cart.totalUnits} />
      </dl>
      <dl className="space-y-2 text-sm">
        <Line label="Standard Total" value={formatCents(cart.standardTotal)} />
        {savingsLines(cart).map(({ label, cents }) => (
          <Line
            key={label}
            label={label}
            value={formatSavings(cents)}
            valueClassName={cents > 0 ? 'text-primary font-medium' : undefined}
          />
        ))}
        <div className="flex justify-between gap-3">
          <dt>Shipping</dt>
          <FreeShippingValue />
        </div>
        <div className="flex items-baseline justify-between gap-3 border-t border-border pt-3 text-base font-semibold">
          <dt className="min-w-0">Discounted Total</dt>
          <dd className="shrink-0 whitespace-nowrap tabular-nums">{formatCents(cart.orderTotal)}</dd>
        </div>
      </dl>
    </div>
  );
}

/**
 * One savings line per reason (docs/storefront.md#order-form): the tier's percentage, and the buyer's custom
 * prices when a line has one; only the custom line when custom prices make all of the savings.
 */
export function savingsLines(cart: PricedCart): Array<{ label: string; cents: Cents }> {
  const hasCustom = cart.lines.some((line) => line.customPrice);
  const tierSavings = cart.savings - cart.customSavings;
  const lines: Array<{ label: string; cents: Cents }> = [];
  if (!hasCustom || tierSavings !== 0) {
    const label = cart.tier
      ? `Savings (${formatDiscount(cart.tier.discountPercentage / 100)} volume discount)`
      : 'Savings';
    lines.push({ label, cents: tierSavings });
  }
  if (hasCustom) lines.push({ label: 'Savings (your prices)', cents: cart.customSavings });
  return lines;
}

/**
 * '-$12.00' saved, '$0.00', or '+$4.20' when custom prices above the base price cost more: signed money as
 * every output writes it (shared/money.ts formatSignedCents, docs/catalogue-and-pricing.md#money).
 */
export function formatSavings(cents: Cents): string {
  return formatSignedCents(-cents, { plus: true });
}

function Count({ label, value }: { label: string; value: number }) {
  return (
    <div className="rounded-lg bg-muted/60 px-2 py-2">
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className="text-lg font-semibold tabular-nums">{value}</dd>
    </div>
  );
}

function Line({ label, value, valueClassName }: { label: string; value: string; valueClassName?: string }) {
  return (
    <div className="flex items-baseline justify-between gap-3">
      <dt className="min-w-0">{label}</dt>
      {/* An amount never breaks: '-' stays with its figure however long the total. */}
      <dd className={cn('shrink-0 whitespace-nowrap tabular-nums', valueClassName)}>{value}</dd>
    </div>
  );
}
