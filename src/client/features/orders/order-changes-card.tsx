import type { OrderChange, OrderLineDiff } from '../../../shared/schemas/orders';
import { DATE_TIME_FORMAT, formatDate } from '../../lib/format-date';
import { formatMoney } from '../../lib/format-money';
import { OrderCard } from './order-card';

/** One line of a change as the buyer reads it: '4 oz bottle: 24 → 36', 'added, 12', 'removed'. */
export function describeLineChange(line: OrderLineDiff): string {
  if (line.before === 0) return `${line.name}: added, ${line.after}`;
  if (line.after === 0) return `${line.name}: removed`;
  return `${line.name}: ${line.before} → ${line.after}`;
}

/**
 * Every change of the order's lines since it was placed, oldest first (docs/storefront.md#changes-to-an-order):
 * who changed it (the store's staff, or a buyer by name), when, why, each line's quantity before and after,
 * and the total before and after. Nothing when the order was never changed.
 */
export function OrderChangesCard({ changes }: { changes: readonly OrderChange[] }) {
  if (changes.length === 0) return null;
  return (
    <OrderCard title="Changes to this order">
      <ol className="space-y-4">
        {changes.map((change, index) => (
          <li key={`${change.at}-${index}`} className="space-y-2 border-l-2 border-primary/40 pl-3">
            <div className="flex flex-wrap items-baseline justify-between gap-x-3">
              <h3 className="font-sans text-base font-semibold">
                {/* The words, exact: 'Changed by staff' (docs/orders.md#changing-a-pending-order). */}
                {change.by === 'staff'
                  ? 'Changed by staff'
                  : `Changed by ${change.buyerName ?? 'a buyer of your company'}`}
              </h3>
              <time dateTime={change.at} className="text-sm text-muted-foreground">
                {formatDate(change.at, DATE_TIME_FORMAT)}
              </time>
            </div>
            {change.reason ? (
              <p className="text-sm break-words whitespace-pre-line">Reason: {change.reason}</p>
            ) : null}
            <ul aria-label="Lines changed" className="space-y-0.5 text-sm">
              {change.lines.map((line) => (
                <li key={line.productId} className="break-words">
                  {describeLineChange(line)}
                </li>
              ))}
            </ul>
            <p className="text-sm font-medium tabular-nums">
              Total: {formatMoney(change.totalBefore)} → {formatMoney(change.totalAfter)}
            </p>
          </li>
        ))}
      </ol>
    </OrderCard>
  );
}
