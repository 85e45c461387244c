import { createContext, use, useLayoutEffect, useRef, useState, useTransition, type ReactNode } from 'react';
import {
  Router,
  UNSAFE_createBrowserHistory as createBrowserHistory,
  UNSAFE_createMemoryHistory as createMemoryHistory,
  type Location,
  type NavigationType,
} from 'react-router';
import { rememberScroll, useScrollRestoration } from './scroll-restoration';

/** A history the router follows: the browser's, or a memory history in tests. */
export type MemoryHistory = ReturnType<typeof createMemoryHistory>;
export type AppHistory = ReturnType<typeof createBrowserHistory> | MemoryHistory;

export { createBrowserHistory, createMemoryHistory };

const NavigationPendingContext = createContext(false);

/**
 * Whether a navigation is under way: the next page's code is still loading, and the current page stays on
 * screen meanwhile (NavigationProgress shows a bar, a Reorder button stays busy).
 */
export function useNavigationPending(): boolean {
  return use(NavigationPendingContext);
}

/**
 * React Router in declarative mode over `history` (ADR 0035): every navigation renders as a React transition,
 * so a page whose code has not arrived keeps the current one on screen until it has, and `isPending` says so.
 * React Router's own BrowserRouter also renders in a transition but keeps `isPending` to itself; its data
 * router would tell, at twice the router's bytes on the storefront's first page.
 */
export function AppRouter({ history, children }: { history: AppHistory; children: ReactNode }) {
  const [isPending, startTransition] = useTransition();
  const [state, setState] = useState<{ location: Location; action: NavigationType }>(() => ({
    location: history.location,
    action: history.action,
  }));
  // The entry on screen: a navigation remembers where the reader had scrolled it before leaving.
  const shownKey = useRef(state.location.key);
  useLayoutEffect(
    () =>
      history.listen(({ location, action }) => {
        rememberScroll(shownKey.current);
        startTransition(() => setState({ location, action }));
      }),
    [history],
  );
  useScrollRestoration(state.location, state.action);
  useLayoutEffect(() => {
    shownKey.current = state.location.key;
  }, [state.location.key]);
  return (
    <NavigationPendingContext value={isPending}>
      <Router location={state.location} navigationType={state.action} navigator={history}>
        {children}
      </Router>
    </NavigationPendingContext>
  );
}
