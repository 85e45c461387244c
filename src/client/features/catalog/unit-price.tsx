import { cn } from '../../lib/cn';
import type { ProductRowModel } from './product-row-model';

/**
 * The per-bottle price, with the flag of docs/storefront.md#order-form when the tier price is below the base
 * wholesale price: the base price crossed out and the discount as a badge.
 */
export function UnitPrice({ row, align }: { row: ProductRowModel; align: 'start' | 'end' }) {
  return (
    <span className={cn('inline-flex flex-col gap-1', align === 'end' ? 'items-end' : 'items-start')}>
      <span className={cn('tabular-nums', row.discount && 'font-semibold text-primary')}>
        {row.bottlePrice}
      </span>
      {row.discount ? (
        <span className="inline-flex flex-wrap items-center gap-1.5 text-xs">
          <span className="sr-only">instead of</span>
          <s className="text-muted-foreground tabular-nums">{row.discount.basePrice}</s>
          <span className="rounded-full bg-accent px-2 py-0.5 font-semibold whitespace-nowrap text-primary">
            {row.discount.label}
          </span>
        </span>
      ) : null}
    </span>
  );
}
