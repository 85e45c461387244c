import { PackageOpen } from 'lucide-react';
import { LoadError } from '../../components/load-error';
import { Skeleton } from '../../components/ui/skeleton';

export function ProductListLoading() {
  return (
    <div role="status" aria-live="polite" className="space-y-4">
      <span className="sr-only">Loading products…</span>
      {[0, 1, 2].map((index) => (
        <div key={index} className="flex items-center gap-4">
          <Skeleton className="size-14 shrink-0 rounded-lg" />
          <div className="flex-1 space-y-2">
            <Skeleton className="h-4 w-1/3" />
            <Skeleton className="h-3 w-1/5" />
          </div>
          <Skeleton className="hidden h-4 w-20 md:block" />
          <Skeleton className="hidden h-4 w-16 md:block" />
        </div>
      ))}
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

interface ProductListErrorProps {
  error: Error;
  onRetry: () => void;
}

/** Spec 000 §8: 'Failed to fetch products'. The status line helps support without alarming the buyer. */
export function ProductListError({ error, onRetry }: ProductListErrorProps) {
  return (
    <LoadError onRetry={onRetry}>
      <p className="font-semibold">Failed to fetch products</p>
      <p className="text-sm text-muted-foreground">{error.message}</p>
    </LoadError>
  );
}
