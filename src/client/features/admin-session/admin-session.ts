// Before any schema is built: zod must not probe for eval under the CSP (see the file).
import '../../lib/zod-config';
import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { toast } from '../../lib/toast';
import {
  adminLoginResponseSchema,
  type AdminLoginRequest,
  type AdminSecondStep,
} from '../../../shared/schemas/admin-session';
import { currentUserSchema, messageResponseSchema, type CurrentUser } from '../../../shared/schemas/auth';
import { ERROR_CODES } from '../../../shared/error-codes';
import { ApiError, requestJson, serverMessage } from '../../lib/api';
import { CURRENT_USER_QUERY_KEY } from '../../lib/session';
import {
  ADMIN_QUERY_KEY,
  ADMIN_SESSION_QUERY_KEY,
  adminSessionQueryOptions,
} from '../../lib/admin-session-query';

// The session's query lives in its own small file (the app's start asks for it); the admin code imports it here.
export { ADMIN_QUERY_KEY, ADMIN_SESSION_QUERY_KEY, adminSessionQueryOptions };

/** The signed-in administrator: `data` is the admin, null when none, undefined while loading. */
export function useAdminSession() {
  return useQuery(adminSessionQueryOptions);
}

/** The administrator's name for greetings and the sidebar; falls back to the username. */
export function adminDisplayName(user: CurrentUser): string {
  return [user.firstName, user.lastName].filter(Boolean).join(' ').trim() || user.username;
}

/**
 * The admin and customer sessions share one cookie: signing in or out here changes who GET /api/user
 * answers for as well, and nothing cached for the previous person may be shown to the next one.
 */
function forgetSessionData(queryClient: QueryClient) {
  queryClient.removeQueries({ queryKey: ADMIN_QUERY_KEY });
  queryClient.removeQueries({ queryKey: CURRENT_USER_QUERY_KEY });
}

/**
 * The end of every administrator sign-in (docs/admin.md#admin-access): what was cached for the previous
 * person is forgotten, 'Welcome back, {name}' is toasted and the dashboard opens (at `returnTo`, a dashboard
 * address already checked).
 */
export function useFinishAdminSignIn(returnTo = '/admin') {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return (user: CurrentUser) => {
    forgetSessionData(queryClient);
    queryClient.setQueryData(ADMIN_SESSION_QUERY_KEY, user);
    toast.success(`Welcome back, ${user.firstName?.trim() || user.username}`);
    void navigate(returnTo, { replace: true });
  };
}

/** The server only signs in administrators; anything else is not a usable admin session. */
function asAdmin(user: CurrentUser): CurrentUser {
  if (user.role !== 'admin') throw new Error('Not an administrator');
  return user;
}

/**
 * 'Log in' on /admin/login (docs/admin.md#admin-access): POST /api/admin/login; success signs in
 * (useFinishAdminSignIn), or hands over to the second step (`onSecondStep`: a code, or setting up the second
 * factor first) when the server asks for one; failure toasts 'Login failed' with the server's message or
 * 'Admin login failed'.
 */
export function useAdminLogin({
  onFailure,
  onSecondStep,
  returnTo = '/admin',
}: { onFailure?: () => void; onSecondStep?: (step: AdminSecondStep) => void; returnTo?: string } = {}) {
  const finish = useFinishAdminSignIn(returnTo);
  return useMutation({
    mutationFn: async (credentials: AdminLoginRequest) => {
      const answer = await requestJson('/api/admin/login', adminLoginResponseSchema, {
        method: 'POST',
        body: credentials,
      });
      return 'totpRequired' in answer ? answer : asAdmin(answer);
    },
    onSuccess: (answer) => {
      if ('totpRequired' in answer) onSecondStep?.(answer);
      else finish(answer);
    },
    onError: (error) => {
      toast.error('Login failed', { description: serverMessage(error, 'Admin login failed') });
      onFailure?.();
    },
  });
}

/** The pending sign-in has expired or was dropped (410): the password must be typed again. */
export function isSignInExpired(error: unknown): boolean {
  return error instanceof ApiError && error.code === ERROR_CODES.GONE;
}

/**
 * The code step of /admin/login (docs/admin.md#admin-access): POST /api/admin/login/code with a code from the
 * authenticator app or a recovery code; success signs in. A refusal's message ('Invalid authentication
 * code', or the wait after too many) goes to `onRefused`, for the code field; when the pending sign-in is
 * over, it is toasted as 'Login failed' and `onExpired` is called.
 */
export function useAdminCodeStep({
  returnTo = '/admin',
  onExpired,
  onRefused,
}: {
  returnTo?: string;
  onExpired: () => void;
  /** A wrong code: the server's message, for the code field to show. */
  onRefused: (message: string) => void;
}) {
  const finish = useFinishAdminSignIn(returnTo);
  return useMutation({
    mutationFn: async (code: string) =>
      asAdmin(
        await requestJson('/api/admin/login/code', currentUserSchema, { method: 'POST', body: { code } }),
      ),
    onSuccess: finish,
    onError: (error) => {
      const message = serverMessage(error, 'Admin login failed');
      // An expired sign-in goes back to the password form, so it is said in a notice; a wrong code is said
      // under the code field (issue 31 finding 8).
      if (isSignInExpired(error)) {
        toast.error('Login failed', { description: message });
        onExpired();
      } else onRefused(message);
    },
  });
}

/**
 * 'Logout' on the dashboard (docs/admin.md#admin-access): POST /api/admin/logout, forget every admin query
 * and go to /admin/login; a failure toasts 'Logout failed' and keeps the session.
 *
 * `takeDownSections` must take every admin list off screen synchronously (flushSync): a query that is
 * forgotten while a section still shows it would be created and loaded again at once.
 */
export function useAdminLogout({ takeDownSections }: { takeDownSections: () => void }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: () => requestJson('/api/admin/logout', messageResponseSchema, { method: 'POST' }),
    onSuccess: async () => {
      takeDownSections();
      await queryClient.cancelQueries({ queryKey: ADMIN_QUERY_KEY });
      forgetSessionData(queryClient);
      queryClient.setQueryData(ADMIN_SESSION_QUERY_KEY, null);
      await navigate('/admin/login', { replace: true });
    },
    onError: () => {
      toast.error('Logout failed');
    },
  });
}

function isSessionRefusal(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 401 || error.status === 403);
}

/**
 * While the dashboard is open, a 401 or 403 from an admin call means the session ended (expired, signed out
 * in another tab, role changed): the admin session is checked again, which moves the page to /admin/login or
 * 'Access Denied' instead of leaving every section showing errors.
 */
export function useRecheckAdminSessionOnRefusal() {
  const queryClient = useQueryClient();
  useEffect(() => {
    const recheck = () => void queryClient.invalidateQueries({ queryKey: ADMIN_SESSION_QUERY_KEY });
    const unsubscribeQueries = queryClient.getQueryCache().subscribe((event) => {
      if (
        event.type === 'updated' &&
        event.action.type === 'error' &&
        (event.query.queryKey as readonly unknown[])[0] === 'admin' &&
        isSessionRefusal(event.action.error)
      ) {
        recheck();
      }
    });
    const unsubscribeMutations = queryClient.getMutationCache().subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'error' && isSessionRefusal(event.action.error)) {
        recheck();
      }
    });
    return () => {
      unsubscribeQueries();
      unsubscribeMutations();
    };
  }, [queryClient]);
}
