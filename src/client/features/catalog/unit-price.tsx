import { cn } from '../../lib/cn';
import type { ProductRowModel } from './product-row-model';

/**
 * The Price per Bottle cell (docs/storefront.md#order-form): the per-bottle price where there is an exact one
 * ('Same as Above' for the bundle, a dash for the split pack), and why the price applies: 'Your price' for a
 * custom price, else the tier's percentage when it is below the base price, with the base price crossed out.
 */
export function UnitPrice({ row, align }: { row: ProductRowModel; align: 'start' | 'end' }) {
  const note = row.priceNote;
  return (
    <span className={cn('inline-flex flex-col gap-1', align === 'end' ? 'items-end' : 'items-start')}>
      <BottleFigure row={row} />
      {note ? (
        <span className="inline-flex flex-wrap items-center gap-1.5 text-xs">
          {note.basePrice ? (
            <>
              <span className="sr-only">instead of</span>
              <s className="text-muted-foreground tabular-nums">{note.basePrice}</s>
            </>
          ) : null}
          <span className="rounded-full bg-accent px-2 py-0.5 font-semibold whitespace-nowrap text-primary">
            {note.label}
          </span>
        </span>
      ) : null}
    </span>
  );
}

function BottleFigure({ row }: { row: ProductRowModel }) {
  switch (row.bottlePrice.kind) {
    case 'price':
      return (
        <span className={cn('tabular-nums', row.priceNote && 'font-semibold text-primary')}>
          {row.bottlePrice.text}
        </span>
      );
    case 'same-as-above':
      return (
        <span className="whitespace-nowrap">
          Same as Above<span className="sr-only">: each bottle at the price of its own row</span>
        </span>
      );
    case 'by-the-pack':
      return (
        <span>
          <span aria-hidden="true">—</span>
          <span className="sr-only">Priced by the pack</span>
        </span>
      );
  }
}
