import { PackageOpen } from 'lucide-react';
import { ViewportSwitch } from '../../components/viewport-switch';
import { ProductCardsSkeleton } from './product-cards';
import { ProductTableSkeleton } from './product-table';

/**
 * How many product rows the loading state shows: the catalogue's usual size (the seed's four case-packed
 * products; the tester has its own card), so the page keeps its height when the list arrives.
 */
const PLACEHOLDER_ROWS = 4;

/** The product list while it loads, in the final layout (table or cards), so nothing shifts after. */
export function ProductListLoading() {
  return (
    <div role="status" aria-live="polite">
      <span className="sr-only">Loading products…</span>
      <ViewportSwitch
        mobile={<ProductCardsSkeleton rowCount={PLACEHOLDER_ROWS} />}
        desktop={<ProductTableSkeleton rowCount={PLACEHOLDER_ROWS} />}
      />
    </div>
  );
}

export function ProductListEmpty() {
  return (
    <div className="flex flex-col items-center gap-3 py-10 text-center text-muted-foreground">
      <PackageOpen aria-hidden="true" className="size-10 text-primary" />
      <p>No products are available right now.</p>
      <p className="text-sm">Please check back soon or contact us if you need help with an order.</p>
    </div>
  );
}
