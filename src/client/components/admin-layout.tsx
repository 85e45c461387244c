import type { ReactNode } from 'react';
import { Outlet } from 'react-router';
import { cn } from '../lib/cn';
import { useFocusHeadingOnNavigate } from '../lib/use-focus-heading-on-navigate';
import { NavigationProgress } from './navigation-progress';
import { SkipLink } from './skip-link';

/**
 * The administrator portal has its own chrome (docs/admin.md#dashboard): no storefront header or footer. Each
 * admin page places its own <AdminMain>, because the dashboard puts a sidebar beside it.
 */
export function AdminLayout() {
  useFocusHeadingOnNavigate();
  return (
    <div className="min-h-dvh bg-muted">
      <SkipLink />
      <NavigationProgress />
      <Outlet />
    </div>
  );
}

/** The admin pages' main landmark, the skip link's target. */
export function AdminMain({ children, className }: { children: ReactNode; className?: string }) {
  return (
    <main
      id="main-content"
      tabIndex={-1}
      className={cn('mx-auto w-full max-w-6xl px-4 py-8 focus:outline-none sm:px-6', className)}
    >
      {children}
    </main>
  );
}
