import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { toast } from './toast';
import type { CurrentUser } from '../../shared/schemas/current-user';
import { hasSessionHint } from '../../shared/session-hint';
import { cartStore } from '../features/cart/cart-store';
import { ApiError, replySchema, requestJson } from './api';

export const CURRENT_USER_QUERY_KEY = ['user'] as const;

/**
 * The signed-in user, or null without a session, from GET /api/session: it answers 200 either way, so a
 * visitor's console shows no failed request (GET /api/user keeps its 401 for API clients, spec 000 §7).
 * Any non-OK answer (e.g. a server without the accounts API yet) also counts as signed out, so public pages
 * never break on it.
 */
export const currentUserQueryOptions = queryOptions({
  queryKey: CURRENT_USER_QUERY_KEY,
  queryFn: async ({ signal }): Promise<CurrentUser | null> => {
    try {
      const session = await requestJson(
        '/api/session',
        replySchema((s) => s.sessionResponseSchema),
        { signal },
      );
      return session.user;
    } catch (error) {
      if (error instanceof ApiError) return null;
      throw error;
    }
  },
  staleTime: 5 * 60_000,
  retry: 1,
});

/** The signed-in user: `data` is the user, null when signed out, undefined while the session loads. */
export function useCurrentUser() {
  return useQuery(currentUserQueryOptions);
}

/**
 * Whether to lay the page out for a visitor: signed out, or still loading without the cookie that says a
 * session was started in this browser (shared/session-hint.ts). The first paint then matches the page after
 * the session check, so nothing shifts.
 */
export function useLooksSignedOut(): boolean {
  const { data } = useCurrentUser();
  return data === null || (data === undefined && !hasSessionHint(document.cookie));
}

/** Whether a customer is signed in (false while the session loads). */
export function useIsSignedIn(): boolean {
  return Boolean(useCurrentUser().data);
}

/** A user's full name for the header and menus; falls back to the e-mail address. */
export function fullName(user: CurrentUser): string {
  return [user.firstName, user.lastName].filter(Boolean).join(' ').trim() || user.email;
}

/**
 * Sign Out (spec 000 §2, §7, §8): POST /api/logout, clear the cart, forget the user, toast 'Logged out' and go
 * to /auth; a failure toasts 'Logout failed' and keeps the session as it is.
 */
export function useSignOut() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: () =>
      requestJson(
        '/api/logout',
        replySchema((s) => s.anyReplySchema),
        { method: 'POST' },
      ),
    onSuccess: () => {
      cartStore.clear();
      queryClient.setQueryData(CURRENT_USER_QUERY_KEY, null);
      // Another person may sign in on this browser next: drop everything that belonged to this user.
      queryClient.removeQueries({
        predicate: (query) => query.queryKey[0] !== 'config' && query.queryKey[0] !== 'user',
      });
      toast.success('Logged out');
      void navigate('/auth', { replace: true });
    },
    onError: () => {
      toast.error('Logout failed');
    },
  });
}
