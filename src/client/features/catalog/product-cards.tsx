import { ProductThumbnail } from './product-thumbnail';
import type { ProductRowModel } from './product-row-model';

/** Mobile layout (under 768 px): the table's columns as labelled values on one card per product. */
export function ProductCards({ rows }: { rows: readonly ProductRowModel[] }) {
  return (
    <ul className="divide-y divide-border">
      {rows.map((row) => (
        <li key={row.id} className="py-4 first:pt-0 last:pb-0">
          <div className="flex items-center gap-3">
            <ProductThumbnail imageUrl={row.imageUrl} />
            <div className="min-w-0">
              <p className="font-medium">{row.name}</p>
              <p className="text-xs text-muted-foreground">SKU: {row.sku}</p>
            </div>
          </div>
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
