import { Skeleton } from '../../components/ui/skeleton';
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

/** The same block while the catalogue loads: the thumbnail's size and the two lines' heights. */
export function ProductIdentitySkeleton({ gap }: { gap: 'gap-3' | 'gap-4' }) {
  return (
    <div className={`flex items-center ${gap}`}>
      <Skeleton className="size-14 shrink-0 rounded-lg" />
      <div className="min-w-0 flex-1">
        <div className="flex h-6 items-center">
          <Skeleton className="h-4 w-2/3 max-w-48" />
        </div>
        <div className="flex h-4 items-center">
          <Skeleton className="h-3 w-24" />
        </div>
      </div>
    </div>
  );
}
