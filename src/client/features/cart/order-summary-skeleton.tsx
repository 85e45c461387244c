import { Skeleton } from '../../components/ui/skeleton';

/** The summary's place while the catalogue loads, so the products keep their width when it arrives. */
export function OrderSummarySkeleton() {
  return (
    <section aria-hidden="true" className="rounded-2xl border border-border bg-card p-4 shadow-sm sm:p-6">
      <h2 className="mb-4 text-xl font-semibold">Order Summary</h2>
      <div className="space-y-3">
        {['w-1/2', 'w-2/3', 'w-1/3'].map((width) => (
          <div key={width} className="flex justify-between gap-4">
            <Skeleton className={`h-4 ${width}`} />
            <Skeleton className="h-4 w-16" />
          </div>
        ))}
        <Skeleton className="h-10 w-full" />
      </div>
    </section>
  );
}
