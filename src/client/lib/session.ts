// Before any schema is built: zod must not probe for eval under the CSP (see the file).
import './zod-config';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { z } from 'zod';
import { currentUserSchema, type CurrentUser } from '../../shared/schemas/auth';
import { cartStore } from '../features/cart/cart-store';
import { ApiError, requestJson } from './api';

export const CURRENT_USER_QUERY_KEY = ['user'] as const;

/**
 * GET /api/user (spec 000 §7): the signed-in user, or null without a session (401). Any other non-OK answer
 * (e.g. a server without the accounts API yet) also counts as signed out, so public pages never break on it.
 */
export const currentUserQueryOptions = queryOptions({
  queryKey: CURRENT_USER_QUERY_KEY,
  queryFn: async ({ signal }): Promise<CurrentUser | null> => {
    try {
      return await requestJson('/api/user', currentUserSchema, { signal, nullOn401: true });
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
    mutationFn: () => requestJson('/api/logout', z.unknown(), { method: 'POST' }),
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
