import { Outlet, ScrollRestoration } from 'react-router';
import { NavigationProgress } from './navigation-progress';
import { SkipLink } from './skip-link';

/** The administrator portal has its own chrome (spec 001 §2): no storefront header or footer. */
export function AdminLayout() {
  return (
    <div className="min-h-dvh bg-muted">
      <SkipLink />
      <NavigationProgress />
      <main
        id="main-content"
        tabIndex={-1}
        className="mx-auto w-full max-w-6xl px-4 py-8 sm:px-6 focus:outline-none"
      >
        <Outlet />
      </main>
      <ScrollRestoration />
    </div>
  );
}
