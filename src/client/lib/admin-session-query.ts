import { queryOptions } from '@tanstack/react-query';
import type { CurrentUser } from '../../shared/schemas/current-user';
import { ApiError, replySchema, requestJson } from './api';

/** Every admin query key starts with 'admin'; the session is ['admin', 'session']. */
export const ADMIN_QUERY_KEY = ['admin'] as const;
export const ADMIN_SESSION_QUERY_KEY = ['admin', 'session'] as const;

/**
 * The signed-in administrator, or null (docs/admin.md#admin-access), from GET /api/session, which answers
 * 200 with or without a session, so /admin/login logs no failed request (GET /api/admin/user keeps its 401
 * for API clients). Any client error also counts as "no administrator" (e.g. a server without the API);
 * a network or server failure stays an error, so a flaky connection never sends an administrator to the
 * login page. Only role 'admin' counts.
 *
 * In a file of its own, with its schema loaded on demand: the app's start (lib/first-render.ts) asks for it
 * on /admin without bringing the admin code into the storefront's first page.
 */
export const adminSessionQueryOptions = queryOptions({
  queryKey: ADMIN_SESSION_QUERY_KEY,
  queryFn: async ({ signal }): Promise<CurrentUser | null> => {
    try {
      const { user } = await requestJson(
        '/api/session',
        replySchema((s) => s.sessionResponseSchema),
        { signal },
      );
      return user?.role === 'admin' ? user : null;
    } catch (error) {
      if (error instanceof ApiError && error.status >= 400 && error.status < 500) return null;
      throw error;
    }
  },
  staleTime: 5 * 60_000,
});
