import { Gift } from 'lucide-react';
import type { ReactNode } from 'react';
import { formatAmountOff, formatCents } from '../../../shared/money';
import { PAYMENT_TERMS_LABELS, type PaymentTerms } from '../../../shared/payment-terms';
import type { PricedCart, PricedLine } from '../../../shared/pricing';
import { FreeShippingValue } from '../../components/free-shipping';
import { paymentTermsExplanation } from '../../components/payment-terms';
import { cn } from '../../lib/cn';
import { describeTier } from '../../../shared/discounts';
import { pluralize } from '../../lib/format';

interface ReviewSummaryProps {
  cart: PricedCart;
  notice?: ReactNode;
  /** The buyer's payment terms (docs/orders.md#payment-terms); left out for an order with nothing to pay. */
  paymentTerms?: PaymentTerms;
}

/**
 * The order as it will be submitted (docs/storefront.md#review-page): its lines, item, case and unit
 * counts, the standard and discounted totals, savings, the tier applied, free shipping and the buyer's
 * payment terms.
 */
export function ReviewSummary({ cart, notice, paymentTerms }: ReviewSummaryProps) {
  const discounted = cart.savings > 0;
  return (
    <section
      aria-labelledby="review-summary-title"
      className="space-y-6 rounded-2xl border border-border bg-card p-4 shadow-sm sm:p-6"
    >
      <h2 id="review-summary-title" className="text-xl font-semibold">
        Order Summary
      </h2>
      {notice}
      <ul aria-label="Items" className="divide-y divide-border">
        {cart.lines.map((line) => (
          <ReviewLine key={line.productId} line={line} />
        ))}
      </ul>
      <dl className="grid grid-cols-3 gap-2 text-center">
        <Count label="Items" value={cart.itemCount} />
        <Count label="Cases" value={cart.totalCases} />
        <Count label="Units" value={cart.totalUnits} />
      </dl>
      <dl className="space-y-2 text-sm">
        <Row label="Standard Total">
          {discounted ? (
            <s className="text-muted-foreground">{formatCents(cart.standardTotal)}</s>
          ) : (
            formatCents(cart.standardTotal)
          )}
        </Row>
        <Row label="Tier Applied">
          {describeTier(
            cart.tier && { name: cart.tier.name, discountPercent: cart.tier.discountPercentage / 100 },
          )}
        </Row>
        <Row label="Savings">
          <span className={cn(discounted && 'font-medium text-primary')}>
            {formatAmountOff(discounted ? cart.savings : 0)}
          </span>
        </Row>
        <div className="flex justify-between gap-3">
          <dt>Shipping</dt>
          <FreeShippingValue />
        </div>
        <div className="flex justify-between gap-3 border-t border-border pt-3 text-base font-semibold">
          <dt>Discounted Total</dt>
          <dd className="tabular-nums">{formatCents(cart.orderTotal)}</dd>
        </div>
      </dl>
      {paymentTerms ? (
        <div className="rounded-lg bg-muted/60 px-3 py-3 text-sm">
          <p className="font-medium">Payment terms: {PAYMENT_TERMS_LABELS[paymentTerms]}</p>
          <p className="text-muted-foreground">{paymentTermsExplanation(paymentTerms)}</p>
        </div>
      ) : null}
    </section>
  );
}

function ReviewLine({ line }: { line: PricedLine }) {
  if (line.kind === 'tester') {
    return (
      <li className="flex items-start justify-between gap-3 py-3">
        <div className="min-w-0">
          <p className="flex items-center gap-2 font-medium">
            <Gift aria-hidden="true" className="size-4 shrink-0 text-primary" />
            {line.name}
          </p>
          <p className="text-sm text-muted-foreground">1 tester · Free of charge</p>
        </div>
        <p className="font-semibold text-primary">Free</p>
      </li>
    );
  }
  const unit = line.kind === 'bundle' ? 'bundle' : 'bottle';
  return (
    <li className="flex items-start justify-between gap-3 py-3">
      <div className="min-w-0 space-y-0.5">
        <p className="font-medium">{line.name}</p>
        <p className="text-xs text-muted-foreground">SKU: {line.sku}</p>
        <p className="flex flex-wrap gap-x-2 text-sm text-muted-foreground">
          <span>
            {line.kind === 'bundle'
              ? pluralize(line.cases, 'bundle', 'bundles')
              : pluralize(line.cases, 'case', 'cases')}
          </span>
          <span aria-hidden="true">·</span>
          <span>{pluralize(line.units, 'bottle', 'bottles')}</span>
          <span aria-hidden="true">·</span>
          <span>
            {line.discounted ? (
              <>
                <span className="sr-only">was </span>
                <s>{formatCents(line.baseUnitPrice)}</s>{' '}
              </>
            ) : null}
            <span className="text-foreground">
              {line.customPrice ? 'Your price ' : null}
              {`${formatCents(line.unitPrice)} per ${unit}`}
            </span>
          </span>
        </p>
      </div>
      <p className="font-semibold tabular-nums">{formatCents(line.lineTotal)}</p>
    </li>
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

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex justify-between gap-3">
      <dt>{label}</dt>
      <dd className="text-right tabular-nums">{children}</dd>
    </div>
  );
}
