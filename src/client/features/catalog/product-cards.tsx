import type { ReactNode } from 'react';
import { Skeleton } from '../../components/ui/skeleton';
import { ProductIdentity, ProductIdentitySkeleton } from './product-identity';
import type { ProductRowModel } from './product-row-model';
import { UnitPrice } from './unit-price';

interface ProductCardsProps {
  rows: readonly ProductRowModel[];
  /** The Cases value: the page puts the cart's stepper here. */
  renderQuantity: (row: ProductRowModel) => ReactNode;
}

/** Mobile layout (under 768 px): the table's columns as labelled values on one card per product. */
export function ProductCards({ rows, renderQuantity }: ProductCardsProps) {
  return (
    <ul className="divide-y divide-border">
      {rows.map((row) => (
        <li key={row.id} className="py-4 first:pt-0 last:pb-0">
          <ProductIdentity row={row} gap="gap-3" />
          <dl className="mt-3 grid grid-cols-2 gap-x-3 gap-y-3 text-sm">
            <div>
              <dt className="text-xs text-muted-foreground">Price per Case</dt>
              <dd className="font-semibold tabular-nums">{row.casePrice}</dd>
            </div>
            <div>
              <dt className="text-xs text-muted-foreground">Price per Bottle</dt>
              <dd>
                <UnitPrice row={row} align="start" />
              </dd>
            </div>
            <div className="col-span-2 flex items-center justify-between gap-3">
              <dt className="text-sm font-medium">Cases</dt>
              <dd>{renderQuantity(row)}</dd>
            </div>
          </dl>
        </li>
      ))}
    </ul>
  );
}

/** The cards while the catalogue loads: the same labels, line heights and stepper size. */
export function ProductCardsSkeleton({ rowCount }: { rowCount: number }) {
  return (
    <ul aria-hidden="true" className="divide-y divide-border">
      {Array.from({ length: rowCount }, (_, index) => (
        <li key={index} className="py-4 first:pt-0 last:pb-0">
          <ProductIdentitySkeleton gap="gap-3" />
          <dl className="mt-3 grid grid-cols-2 gap-x-3 gap-y-3 text-sm">
            {['Price per Case', 'Price per Bottle'].map((label) => (
              <div key={label}>
                <dt className="text-xs text-muted-foreground">{label}</dt>
                <dd className="flex h-5 items-center">
                  <Skeleton className="h-3.5 w-14" />
                </dd>
              </div>
            ))}
            <div className="col-span-2 flex items-center justify-between gap-3">
              <dt className="text-sm font-medium">Cases</dt>
              <dd>
                <Skeleton className="h-10 w-39" />
              </dd>
            </div>
          </dl>
        </li>
      ))}
    </ul>
  );
}
