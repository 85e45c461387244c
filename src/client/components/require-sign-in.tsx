import { Navigate, Outlet } from 'react-router';
import { useCurrentUser } from '../lib/session';
import { PageSpinner } from './page-spinner';

/**
 * Route guard of the customer area (spec 000 §2): a spinner while the session loads, /auth when signed out,
 * the page otherwise.
 */
export function RequireSignIn() {
  const { data: user, isPending } = useCurrentUser();
  if (isPending) return <PageSpinner label="Loading your account…" />;
  if (!user) return <Navigate to="/auth" replace />;
  return <Outlet />;
}

/** /auth and the like: a signed-in user is sent to the shop (spec 000 §2 '/auth'). */
export function RedirectIfSignedIn() {
  const { data: user, isPending } = useCurrentUser();
  if (isPending) return <PageSpinner label="Loading…" />;
  if (user) return <Navigate to="/" replace />;
  return <Outlet />;
}
