import { ProductThumbnail } from './product-thumbnail';
import type { ProductRowModel } from './product-row-model';

/** Image, name and SKU of a product: the first cell of the table and the head of a mobile card. */
export function ProductIdentity({ row, gap }: { row: ProductRowModel; gap: 'gap-3' | 'gap-4' }) {
  return (
    <div className={`flex items-center ${gap}`}>
      <ProductThumbnail imageUrl={row.imageUrl} />
      <div className="min-w-0">
        <p className="font-medium">{row.name}</p>
        <p className="text-xs whitespace-nowrap text-muted-foreground">SKU: {row.sku}</p>
      </div>
    </div>
  );
}
