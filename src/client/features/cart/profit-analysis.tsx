import { formatCents } from '../../../shared/money';
import type { PricedCart } from '../../../shared/pricing';

/**
 * Retail value versus wholesale cost, per product and in total
 * (docs/catalogue-and-pricing.md#savings-and-profit): profit = (suggested retail − wholesale price) ×
 * bottles.
 */
export function ProfitAnalysis({ cart }: { cart: PricedCart }) {
  const lines = cart.lines.filter((line) => line.kind !== 'tester');
  const wholesaleCost = lines.reduce((sum, line) => sum + line.lineTotal, 0);
  const margin = cart.retailValue > 0 ? Math.round((cart.profit * 100) / cart.retailValue) : 0;

  return (
    <section aria-labelledby="profit-analysis-title" className="space-y-3">
      <h3 id="profit-analysis-title" className="text-base font-semibold">
        Profit Analysis
      </h3>
      {lines.length === 0 ? (
        <p className="text-sm text-muted-foreground">
          Add products to see what you could earn at the suggested retail price.
        </p>
      ) : (
        <>
          <ul className="space-y-2 text-sm">
            {lines.map((line) => (
              <li key={line.productId} className="rounded-lg bg-muted/60 px-3 py-2">
                <p className="font-medium">{line.name}</p>
                <dl className="mt-1 grid grid-cols-3 gap-2 text-xs">
                  <div>
                    <dt className="text-muted-foreground">Retail</dt>
                    <dd className="tabular-nums">{formatCents(line.msrpPerUnit * line.quantity)}</dd>
                  </div>
                  <div>
                    <dt className="text-muted-foreground">Wholesale</dt>
                    <dd className="tabular-nums">{formatCents(line.lineTotal)}</dd>
                  </div>
                  <div>
                    <dt className="text-muted-foreground">Profit</dt>
                    <dd className="font-semibold tabular-nums text-primary">{formatCents(line.profit)}</dd>
                  </div>
                </dl>
              </li>
            ))}
          </ul>
          <dl className="space-y-1 text-sm">
            <SummaryLine label="Retail Value" value={formatCents(cart.retailValue)} />
            <SummaryLine label="Wholesale Cost" value={formatCents(wholesaleCost)} />
            <SummaryLine
              label="Total Profit"
              value={formatCents(cart.profit)}
              detail={`${margin}% margin`}
              strong
            />
          </dl>
        </>
      )}
    </section>
  );
}

function SummaryLine({
  label,
  value,
  detail,
  strong = false,
}: {
  label: string;
  value: string;
  detail?: string;
  strong?: boolean;
}) {
  return (
    <div
      className={
        strong ? 'flex justify-between gap-3 font-semibold text-primary' : 'flex justify-between gap-3'
      }
    >
      <dt>
        {label}
        {detail ? <span className="ml-1 text-xs font-normal text-muted-foreground">({detail})</span> : null}
      </dt>
      <dd className="tabular-nums">{value}</dd>
    </div>
  );
}
