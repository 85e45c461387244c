import { Navigate, Outlet, useLocation } from 'react-router';
import { safeReturnPath } from '../../shared/return-path';
import { useCurrentUser } from '../lib/session';
import { PageSpinner } from './page-spinner';

/**
 * What RequireSignIn hands /auth in the history entry's state: the page the visitor asked for. The sign-in
 * link leads back there (docs/accounts-and-roles.md#magic-links). The address bar stays '/auth'.
 */
export interface SignInState {
  next: string;
}

/** The page to return to after sign-in, from /auth's history state: a same-origin path, else '/'. */
export function returnPathOf(state: unknown): string {
  return safeReturnPath((state as Partial<SignInState> | null | undefined)?.next);
}

/**
 * Route guard of the customer area (docs/storefront.md#routes-and-access): a spinner while the session loads,
 * /auth when signed out (remembering the page, so the visitor comes back to it), the page otherwise.
 */
export function RequireSignIn() {
  const { data: user, isPending } = useCurrentUser();
  const location = useLocation();
  if (isPending) return <PageSpinner label="Loading your account…" />;
  if (!user) {
    const state: SignInState = { next: `${location.pathname}${location.search}${location.hash}` };
    return <Navigate to="/auth" replace state={state} />;
  }
  return <Outlet />;
}

/**
 * /auth and the like: a signed-in user is sent to the page they were going to, else to the shop
 * (docs/storefront.md#sign-in-and-register).
 */
export function RedirectIfSignedIn() {
  const { data: user, isPending } = useCurrentUser();
  const location = useLocation();
  if (isPending) return <PageSpinner label="Loading…" />;
  if (user) return <Navigate to={returnPathOf(location.state)} replace />;
  return <Outlet />;
}
