import { lazy, Suspense, type ComponentType } from 'react';
import { matchRoutes, useRoutes, type RouteObject } from 'react-router';
import { AppShell } from './components/app-shell';
import { PageSpinner } from './components/page-spinner';
import { RedirectIfSignedIn, RequireSignIn } from './components/require-sign-in';
import { PageErrorBoundary } from './components/route-error';
import { useCloseToastsOnNavigation } from './lib/toast';
import { OrderFormPage } from './routes/shop/order-form';

/** What a route with lazily loaded code keeps in its `handle`: how to load that code ahead of rendering. */
interface PageHandle {
  preload: () => Promise<unknown>;
}

function isPageHandle(handle: unknown): handle is PageHandle {
  return typeof handle === 'object' && handle !== null && 'preload' in handle;
}

/**
 * A page whose code loads on first visit, keeping the storefront's initial bundle small. Rendered before its
 * code has arrived, it suspends: the first page opened shows AppRoutes' spinner, a later navigation keeps
 * the current page (a transition, app-router.tsx) and shows NavigationProgress until the code has arrived.
 * Once loaded (or preloaded, preloadPage) it renders at once.
 */
function lazyPage<Module>(
  load: () => Promise<Module>,
  pickPage: (module: Module) => ComponentType,
): Pick<RouteObject, 'element' | 'handle'> {
  let Page: ComponentType | null = null;
  let loading: Promise<ComponentType> | null = null;
  // Code that fails to load (an old tab after a deploy) shows RouteError, whose reload fetches the new files.
  const preload = () => (loading ??= load().then((module) => (Page = pickPage(module))));
  const Suspending = lazy(async () => ({ default: await preload() }));
  function LazyPage() {
    return Page ? <Page /> : <Suspending />;
  }
  const handle: PageHandle = { preload };
  return { element: <LazyPage />, handle };
}

const policyPages = () => import('./routes/policies/policy-page');

const supportPage = lazyPage(
  () => import('./routes/support/support'),
  (module) => module.SupportPage,
);

/**
 * Every route of docs/storefront.md#routes-and-access and docs/admin.md#admin-access. React Router matches
 * paths case-insensitively unless a route sets `caseSensitive`, which is what the spec asks for ('/ORDERS' is
 * the order history).
 */
export const routes: RouteObject[] = [
  {
    path: '/admin',
    // The admin chrome loads with the admin pages, not with the storefront.
    ...lazyPage(
      () => import('./components/admin-layout'),
      (module) => module.AdminLayout,
    ),
    children: [
      {
        index: true,
        ...lazyPage(
          () => import('./routes/admin/admin-dashboard'),
          (module) => module.AdminDashboardPage,
        ),
      },
      {
        path: 'login',
        ...lazyPage(
          () => import('./routes/admin/admin-login'),
          (module) => module.AdminLoginPage,
        ),
      },
    ],
  },
  {
    path: '/',
    element: <AppShell />,
    children: [
      { index: true, element: <OrderFormPage /> },
      {
        // Customer area: a spinner while the session loads, /auth when signed out
        // (docs/storefront.md#routes-and-access).
        element: <RequireSignIn />,
        children: [
          {
            path: 'confirm',
            ...lazyPage(
              () => import('./routes/shop/confirm'),
              (module) => module.ConfirmPage,
            ),
          },
          {
            path: 'order-success',
            ...lazyPage(
              () => import('./routes/shop/order-success'),
              (module) => module.OrderSuccessPage,
            ),
          },
          {
            path: 'tester-confirmation',
            ...lazyPage(
              () => import('./routes/shop/tester-confirmation'),
              (module) => module.TesterConfirmationPage,
            ),
          },
          {
            path: 'account',
            ...lazyPage(
              () => import('./routes/account/account'),
              (module) => module.AccountPage,
            ),
          },
          {
            path: 'account/team',
            ...lazyPage(
              () => import('./routes/account/team'),
              (module) => module.TeamPage,
            ),
          },
          { path: 'account/support', ...supportPage },
          { path: 'support', ...supportPage },
          {
            path: 'orders',
            ...lazyPage(
              () => import('./routes/orders/order-history'),
              (module) => module.OrderHistoryPage,
            ),
          },
          {
            path: 'orders/:id',
            ...lazyPage(
              () => import('./routes/orders/order-detail'),
              (module) => module.OrderDetailPage,
            ),
          },
          {
            path: 'orders/:id/reorder',
            ...lazyPage(
              () => import('./routes/orders/reorder'),
              (module) => module.ReorderPage,
            ),
          },
        ],
      },
      // The policies the footer links to, open to visitors and customers alike
      // (docs/storefront.md#policy-pages).
      { path: 'terms', ...lazyPage(policyPages, (module) => module.TermsPage) },
      { path: 'privacy', ...lazyPage(policyPages, (module) => module.PrivacyPage) },
      {
        path: 'auth',
        element: <RedirectIfSignedIn />,
        children: [
          {
            index: true,
            ...lazyPage(
              () => import('./routes/auth/auth'),
              (module) => module.AuthPage,
            ),
          },
        ],
      },
      {
        // The e-mailed magic link lands here and signs in with a POST
        // (docs/accounts-and-roles.md#magic-links).
        path: 'auth/verify',
        ...lazyPage(
          () => import('./routes/auth/verify-sign-in'),
          (module) => module.VerifySignInPage,
        ),
      },
      {
        // The e-mailed invitation lands here; Accept signs the new member in (docs/companies.md#invitations).
        path: 'invitation',
        ...lazyPage(
          () => import('./routes/auth/invitation'),
          (module) => module.InvitationPage,
        ),
      },
      {
        path: 'auth/forgot-password',
        ...lazyPage(
          () => import('./routes/auth/forgot-password'),
          (module) => module.ForgotPasswordPage,
        ),
      },
      {
        path: 'reset-password',
        ...lazyPage(
          () => import('./routes/auth/reset-password'),
          (module) => module.ResetPasswordPage,
        ),
      },
      {
        // A reorder reminder's one-click link: 'Continue to your order' signs in and opens the order form
        // with the last order's lines (docs/storefront.md#reorder-link). Open to visitors: the link signs in.
        path: 'reorder-link',
        ...lazyPage(
          () => import('./routes/reminders/reorder-link'),
          (module) => module.ReorderLinkPage,
        ),
      },
      {
        // A reorder reminder's unsubscribe link, signed in or not (docs/storefront.md#unsubscribe).
        path: 'unsubscribe',
        ...lazyPage(
          () => import('./routes/reminders/unsubscribe'),
          (module) => module.UnsubscribePage,
        ),
      },
      {
        path: '*',
        ...lazyPage(
          () => import('./routes/not-found'),
          (module) => module.NotFoundPage,
        ),
      },
    ],
  },
];

/**
 * Loads the code of the page at `pathname` (and of its layouts), e.g. while its shell is on screen. Never
 * fails: a page whose code cannot be loaded shows its error when it renders.
 */
export async function preloadPage(pathname: string): Promise<void> {
  const matches = matchRoutes(routes, pathname) ?? [];
  await Promise.all(
    matches.flatMap(({ route }) => (isPageHandle(route.handle) ? [route.handle.preload()] : [])),
  ).catch(() => undefined);
}

/**
 * The page at the current address. An error while rendering a page, or a page whose code fails to load,
 * shows RouteError in its place (customer pages show theirs inside the shell, AppShell); any navigation
 * clears it.
 */
export function AppRoutes() {
  const page = useRoutes(routes);
  useCloseToastsOnNavigation();
  return (
    <PageErrorBoundary>
      <Suspense fallback={<PageSpinner />}>{page}</Suspense>
    </PageErrorBoundary>
  );
}
