import { lazy, Suspense } from 'react';
import { loadSonner, useToastHostWanted } from '../lib/toast';
import { MOBILE_MEDIA_QUERY, useMediaQuery } from '../lib/use-media-query';

const SonnerToaster = lazy(() => loadSonner().then((module) => ({ default: module.Toaster })));

/**
 * Toast host: one toast at a time, shown for 5000 ms unless a toast sets its own, closed when the page
 * changes (docs/storefront.md#toasts). Mounted with the first toast, so sonner loads only when a toast is
 * shown (lib/toast.ts). Where it never covers the page's main buttons and fields: on a desktop in the bottom
 * right corner, beside the centred page; on a phone at the top, over the header, because the bottom of a
 * phone's screen holds the order total bar and the buttons that submit (issue 31).
 */
export const TOAST_POSITION = 'bottom-right';
export const PHONE_TOAST_POSITION = 'top-center';

export function Toaster() {
  const wanted = useToastHostWanted();
  const phone = useMediaQuery(MOBILE_MEDIA_QUERY);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <SonnerToaster
        visibleToasts={1}
        duration={5000}
        position={phone ? PHONE_TOAST_POSITION : TOAST_POSITION}
        mobileOffset={8}
        closeButton
        richColors
      />
    </Suspense>
  );
}
