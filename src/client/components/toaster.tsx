import { lazy, Suspense } from 'react';
import { loadSonner, useToastHostWanted } from '../lib/toast';

const SonnerToaster = lazy(() => loadSonner().then((module) => ({ default: module.Toaster })));

/**
 * Toast host: one toast visible at a time, shown for 5000 ms unless a toast sets its own
 * (docs/storefront.md#timings-and-limits). Mounted with the first toast, so sonner loads only when a toast is
 * shown (lib/toast.ts). In the bottom right corner: at the top it covered the page's heading and the admin
 * sections' descriptions; below 600 px sonner spans the width at the bottom, under the content read first.
 */
export const TOAST_POSITION = 'bottom-right';

export function Toaster() {
  const wanted = useToastHostWanted();
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <SonnerToaster visibleToasts={1} duration={5000} position={TOAST_POSITION} closeButton richColors />
    </Suspense>
  );
}
