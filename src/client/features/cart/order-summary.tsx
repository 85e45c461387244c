import { ChevronDown, ShoppingBag } from 'lucide-react';
import { useId, useState, type ReactNode } from 'react';
import { formatCents } from '../../../shared/money';
import type { PricedCart, PricingTier } from '../../../shared/pricing';
import { FreeShippingValue } from '../../components/free-shipping';
import { Skeleton } from '../../components/ui/skeleton';
import { cn } from '../../lib/cn';
import { formatDiscount } from '../../lib/format';
import { ProfitAnalysis } from './profit-analysis';
import { VolumeDiscounts } from './volume-discounts';

interface OrderSummaryProps {
  cart: PricedCart;
  tiers: readonly PricingTier[];
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

/** The Order Summary: counts, totals, free shipping, the volume-discount promise and the profit analysis. */
export function OrderSummary({ cart, tiers, collapsible, notice, actions }: OrderSummaryProps) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const details = (
    <>
      <VolumeDiscounts cart={cart} tiers={tiers} />
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
      aria-labelledby={`${panelId}-title`}
      className="rounded-2xl border border-border bg-card shadow-sm"
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
        <Line
          label={
            cart.tier
              ? `Savings (${formatDiscount(cart.tier.discountPercentage / 100)} volume discount)`
              : 'Savings'
          }
          value={cart.savings > 0 ? `−${formatCents(cart.savings)}` : formatCents(0)}
          valueClassName={cart.savings > 0 ? 'text-primary font-medium' : undefined}
        />
        <div className="flex justify-between gap-3">
          <dt>Shipping</dt>
          <FreeShippingValue />
        </div>
        <div className="flex justify-between gap-3 border-t border-border pt-3 text-base font-semibold">
          <dt>Discounted Total</dt>
          <dd className="tabular-nums">{formatCents(cart.orderTotal)}</dd>
        </div>
      </dl>
    </div>
  );
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
    <div className="flex justify-between gap-3">
      <dt>{label}</dt>
      <dd className={cn('tabular-nums', valueClassName)}>{value}</dd>
    </div>
  );
}

/** The summary's place while the catalogue loads, so the products keep their width when it arrives. */
export function OrderSummarySkeleton() {
  return (
    <section aria-hidden="true" className="rounded-2xl border border-border bg-card p-4 shadow-sm sm:p-6">
      <h2 className="mb-4 text-xl font-semibold">Order Summary</h2>
      <div className="space-y-3">
        {['w-1/2', 'w-2/3', 'w-1/3'].map((width) => (
          <div key={width} className="flex justify-between gap-4">
            <Skeleton className={`h-4 ${width}`} />
            <Skeleton className="h-4 w-16" />
          </div>
        ))}
        <Skeleton className="h-10 w-full" />
      </div>
    </section>
  );
}
