import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { useForgetOtherUsersOrderEdit } from '../lib/cart/order-edit';
import { useFocusHeadingOnNavigate } from '../lib/use-focus-heading-on-navigate';
import { NavigationProgress } from './navigation-progress';
import { PageSpinner } from './page-spinner';
import { PageErrorBoundary } from './route-error';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';
import { SkipLink } from './skip-link';

/** Layout of every customer page: header, page, footer. */
export function AppShell() {
  useFocusHeadingOnNavigate();
  // An edit of an order another user began in this browser is never shown here, and forgotten.
  useForgetOtherUsersOrderEdit();
  return (
    <div className="flex min-h-dvh flex-col">
      <SkipLink />
      <NavigationProgress />
      <SiteHeader />
      {/* At least the screen's height under the header: the footer starts below the fold, so a page whose
          content arrives later never pushes it down in view (layout shift). */}
      <main
        id="main-content"
        tabIndex={-1}
        className="mx-auto min-h-[calc(100dvh-4rem)] w-full max-w-6xl flex-1 px-4 py-8 sm:px-6 focus:outline-none"
      >
        {/* A page's error, and the spinner while the first page's code arrives, show inside the shell, so
            header and footer stay usable. */}
        <PageErrorBoundary>
          <Suspense fallback={<PageSpinner />}>
            <Outlet />
          </Suspense>
        </PageErrorBoundary>
      </main>
      <SiteFooter />
    </div>
  );
}
