import { Navigate, Outlet } from 'react-router';
import { useCurrentUser } from '../lib/session';
import { PageSpinner } from './page-spinner';

/**
 * Route guard of the customer area (docs/storefront.md#routes-and-access): a spinner while the session loads,
 * /auth when signed out, the page otherwise.
 */
export function RequireSignIn() {
  const { data: user, isPending } = useCurrentUser();
  if (isPending) return <PageSpinner label="Loading your account…" />;
  if (!user) return <Navigate to="/auth" replace />;
  return <Outlet />;
}

/** /auth and the like: a signed-in user is sent to the shop (docs/storefront.md#sign-in-and-register). */
export function RedirectIfSignedIn() {
  const { data: user, isPending } = useCurrentUser();
  if (isPending) return <PageSpinner label="Loading…" />;
  if (user) return <Navigate to="/" replace />;
  return <Outlet />;
}
