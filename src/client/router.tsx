import type { ComponentType } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { AppShell } from './components/app-shell';
import { PageSpinner } from './components/page-spinner';
import { RedirectIfSignedIn, RequireSignIn } from './components/require-sign-in';
import { takeTokenFromUrl } from './lib/url-token';
import { RouteError } from './components/route-error';
import { OrderFormPage } from './routes/shop/order-form';

/**
 * A page whose code loads on first visit, keeping the storefront's initial bundle small. The spinner shows
 * when a lazy page is the first one opened; later navigations keep the current page and show
 * NavigationProgress until the code has arrived.
 */
function lazyPage<Module>(
  load: () => Promise<Module>,
  pickPage: (module: Module) => ComponentType,
): Pick<RouteObject, 'lazy' | 'HydrateFallback'> {
  return {
    HydrateFallback: PageSpinner,
    lazy: async () => ({ Component: pickPage(await load()) }),
  };
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
    ErrorBoundary: RouteError,
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
    Component: AppShell,
    ErrorBoundary: RouteError,
    children: [
      {
        // Page errors render inside the shell, so header and footer stay usable.
        ErrorBoundary: RouteError,
        children: [
          { index: true, Component: OrderFormPage },
          {
            // Customer area: a spinner while the session loads, /auth when signed out
            // (docs/storefront.md#routes-and-access).
            Component: RequireSignIn,
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
            Component: RedirectIfSignedIn,
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
            // Takes the token out of the address bar before anything renders.
            loader: takeTokenFromUrl,
            ...lazyPage(
              () => import('./routes/auth/verify-sign-in'),
              (module) => module.VerifySignInPage,
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
            loader: takeTokenFromUrl,
            ...lazyPage(
              () => import('./routes/auth/reset-password'),
              (module) => module.ResetPasswordPage,
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
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
