import type { QueryClient } from '@tanstack/react-query';
import type { createBrowserRouter } from 'react-router';
import { adminSessionQueryOptions } from '../features/admin-session/admin-session-query';
import { currentUserQueryOptions } from './session';
import { storeConfigQueryOptions } from './store-config';

/**
 * The longest the app leaves a page shell (ADR 0016) on screen waiting for the session: on a very slow
 * line the app then starts with its own loading states, as without a shell.
 */
export const SHELL_WAIT_MS = 4_000;

/** The app's data router (a memory router in tests). */
type AppRouter = ReturnType<typeof createBrowserRouter>;

/** Resolves once the router has the first page's code (a lazy route loads before it counts as started). */
function routerStarted(router: AppRouter): Promise<void> {
  return new Promise((resolve) => {
    if (router.state.initialized) return resolve();
    const unsubscribe = router.subscribe((state) => {
      if (!state.initialized) return;
      unsubscribe();
      resolve();
    });
  });
}

/**
 * When the page came with a shell (the server's first paint of it, ADR 0016), the app's first render
 * should show what the shell shows, not a spinner: so it waits for what the shell took as known — the
 * page's code, the session (the administrator's on /admin) and the store's settings. Pages load the data
 * they show themselves, with the loading states the shell already draws.
 */
export async function shellCanBeReplaced(router: AppRouter, queryClient: QueryClient): Promise<void> {
  const session = router.state.location.pathname.toLowerCase().startsWith('/admin')
    ? queryClient.prefetchQuery(adminSessionQueryOptions)
    : queryClient.prefetchQuery(currentUserQueryOptions);
  const ready = Promise.all([
    routerStarted(router),
    session,
    queryClient.prefetchQuery(storeConfigQueryOptions),
  ]);
  await Promise.race([ready, new Promise((resolve) => setTimeout(resolve, SHELL_WAIT_MS))]);
}
