import { lazy, Suspense } from 'react';
import { loadSonner, useToastHostWanted } from '../lib/toast';

const SonnerToaster = lazy(() => loadSonner().then((module) => ({ default: module.Toaster })));

/**
 * Toast host: one toast visible at a time, shown for 5000 ms unless a toast sets its own
 * (docs/storefront.md#timings-and-limits). Mounted with the first toast, so sonner loads only when a toast is
 * shown (lib/toast.ts).
 */
export function Toaster() {
  const wanted = useToastHostWanted();
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <SonnerToaster visibleToasts={1} duration={5000} position="top-center" closeButton richColors />
    </Suspense>
  );
}
