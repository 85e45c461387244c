import { Toaster as SonnerToaster } from 'sonner';

/** Toast host. Spec 000 §9: one toast visible at a time, shown for 5000 ms unless a toast sets its own. */
export function Toaster() {
  return <SonnerToaster visibleToasts={1} duration={5000} position="top-center" closeButton richColors />;
}
