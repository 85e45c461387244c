import { mayPlaceOrders } from '../../shared/company-roles';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CurrentUser } from '../../shared/schemas/current-user';
import { hasSessionHint } from '../../shared/session-hint';
import { ApiError, replySchema, requestJson } from './api';

export const CURRENT_USER_QUERY_KEY = ['user'] as const;

/**
 * The signed-in user, or null without a session, from GET /api/session: it answers 200 either way, so a
 * visitor's console shows no failed request (GET /api/user keeps its 401 for API clients,
 * docs/accounts-and-roles.md#sessions). Any non-OK answer (e.g. a server without the accounts API yet) also
 * counts as signed out, so public pages never break on it.
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
 * Whether the signed-in person may order: not a company's viewer (docs/companies.md#people-and-roles). True
 * while the session loads and for visitors, whom the pages ask to sign in instead.
 */
export function useMayPlaceOrders(): boolean {
  const company = useCurrentUser().data?.company;
  return !company || mayPlaceOrders(company.role);
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
