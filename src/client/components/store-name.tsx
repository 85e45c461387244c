import { FALLBACK_STORE_NAME, useStoreConfig } from '../lib/store-config';

/** The store name from /api/config: a placeholder while it loads, a neutral name if it cannot be loaded. */
export function StoreName() {
  const { data, isPending } = useStoreConfig();
  if (data) return <>{data.storeName}</>;
  if (isPending) {
    // A <span>, not the Skeleton <div>: the name sits inside headings and paragraphs.
    return (
      <>
        <span
          aria-hidden="true"
          className="inline-block h-[1em] w-28 animate-pulse rounded bg-foreground/8 align-middle"
        />
        <span className="sr-only">{FALLBACK_STORE_NAME}</span>
      </>
    );
  }
  return <>{FALLBACK_STORE_NAME}</>;
}
