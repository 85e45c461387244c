import { useNavigationPending } from '../lib/app-router';

/** A thin bar at the top while the router loads the next page's code, so a click never looks ignored. */
export function NavigationProgress() {
  if (!useNavigationPending()) return null;
  return (
    <div
      role="progressbar"
      aria-label="Loading page"
      className="fixed inset-x-0 top-0 z-50 h-0.5 overflow-hidden"
    >
      <div className="h-full w-2/5 animate-progress bg-primary motion-reduce:animate-pulse" />
    </div>
  );
}
