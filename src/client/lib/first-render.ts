import type { QueryClient } from '@tanstack/react-query';
import { adminSessionQueryOptions } from './admin-session-query';
import { currentUserQueryOptions } from './session';
import { storeConfigQueryOptions } from './store-config';

/**
 * The longest the app leaves a page shell (ADR 0016) on screen waiting for the session: a server that
 * never answers must not keep the app from starting (it then starts with its own loading states).
 */
export const SHELL_WAIT_MS = 10_000;

/**
 * When the page came with a shell (the server's first paint of it, ADR 0016), the app's first render
 * should show what the shell shows, not a spinner: so it waits for what the shell took as known — the
 * page's code (`pageCode`, router.tsx's preloadPage), the session (the administrator's where the server says so on `#root`, shared/page-shells.ts)
 * and the store's settings. Pages load the data they show themselves, with the loading states the shell
 * already draws.
 */
export async function shellCanBeReplaced(
  pageCode: Promise<unknown>,
  queryClient: QueryClient,
  rootElement: HTMLElement,
): Promise<void> {
  const session =
    rootElement.dataset.session === 'admin'
      ? queryClient.prefetchQuery(adminSessionQueryOptions)
      : queryClient.prefetchQuery(currentUserQueryOptions);
  const ready = Promise.all([pageCode, session, queryClient.prefetchQuery(storeConfigQueryOptions)]);
  await Promise.race([ready, new Promise((resolve) => setTimeout(resolve, SHELL_WAIT_MS))]);
}

/** Where the reader has scrolled the shell to, until the app's first render has put it back. */
let shellScroll: { y: number; stop: () => void } | null = null;

/**
 * Follows the reader's scrolling of the shell, for the router's scroll restoration (app-router.tsx): the
 * app's first page keeps the place the reader has scrolled its shell to.
 */
export function keepShellScroll() {
  const onScroll = () => {
    if (shellScroll) shellScroll.y = window.scrollY;
  };
  window.addEventListener('scroll', onScroll, { passive: true });
  shellScroll = { y: window.scrollY, stop: () => window.removeEventListener('scroll', onScroll) };
}

/**
 * Once, after the app's first commit over a shell: back to where the reader had scrolled it. Says whether
 * it scrolled (false without a shell, or when the reader had not scrolled it).
 */
export function restoreShellScroll(): boolean {
  if (!shellScroll) return false;
  const { y, stop } = shellScroll;
  shellScroll = null;
  stop();
  if (y <= 0) return false;
  window.scrollTo(0, y);
  return true;
}
