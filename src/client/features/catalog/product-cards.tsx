import { ProductIdentity } from './product-identity';
import type { ProductRowModel } from './product-row-model';

/** Mobile layout (under 768 px): the table's columns as labelled values on one card per product. */
export function ProductCards({ rows }: { rows: readonly ProductRowModel[] }) {
  return (
    <ul className="divide-y divide-border">
      {rows.map((row) => (
        <li key={row.id} className="py-4 first:pt-0 last:pb-0">
          <ProductIdentity row={row} gap="gap-3" />
          <dl className="mt-3 grid grid-cols-3 gap-2 text-sm">
            <div>
              <dt className="text-xs text-muted-foreground">Price per Case</dt>
              <dd className="font-semibold tabular-nums">{row.casePrice}</dd>
            </div>
            <div>
              <dt className="text-xs text-muted-foreground">Price per Bottle</dt>
              <dd className="tabular-nums">{row.bottlePrice}</dd>
            </div>
            <div>
              <dt className="text-xs text-muted-foreground">Cases</dt>
              <dd className="text-muted-foreground">—</dd>
            </div>
          </dl>
        </li>
      ))}
    </ul>
  );
}
