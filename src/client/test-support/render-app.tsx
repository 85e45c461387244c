import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { JSXElementConstructor, ReactElement, ReactNode } from 'react';
import { MemoryRouter, parsePath } from 'react-router';
import { AppRouter, createMemoryHistory, type MemoryHistory } from '../lib/app-router';
import { createQueryClient } from '../lib/query-client';
import { AppRoutes } from '../router';

// Failed requests should fail at once in tests, not after the app's back-off.
function createTestQueryClient() {
  return createQueryClient({ retry: false });
}

/**
 * Every address the app goes to after the first (pushed, replaced or moved to in the history), by pathname,
 * including one left again before it was drawn.
 */
function recordVisits(history: MemoryHistory): string[] {
  const visited: string[] = [];
  for (const method of ['push', 'replace', 'go'] as const) {
    const original = history[method].bind(history) as (...args: unknown[]) => void;
    history[method] = ((...args: unknown[]) => {
      original(...args);
      visited.push(history.location.pathname);
    }) as never;
  }
  return visited;
}

/**
 * Renders the whole app (real route table, shells, lazy pages) at `path`. `wrapper` wraps it, e.g. in
 * StrictMode to prove a page survives doubled effects; `state` is the entry's history state, as a redirect
 * (or any script on the page) leaves it.
 */
export function renderApp(
  path: string,
  options: { wrapper?: JSXElementConstructor<{ children: ReactNode }>; state?: unknown } = {},
) {
  const entry = options.state === undefined ? path : { ...parsePath(path), state: options.state };
  const history = createMemoryHistory({ initialEntries: [entry], v5Compat: true });
  const visited = recordVisits(history);
  const queryClient = createTestQueryClient();
  const view = render(
    <QueryClientProvider client={queryClient}>
      <AppRouter history={history}>
        <AppRoutes />
      </AppRouter>
    </QueryClientProvider>,
    { wrapper: options.wrapper },
  );
  return { ...view, history, queryClient, visited };
}

/** Renders one component with the providers it needs (query client, a router for links). */
export function renderWithProviders(element: ReactElement) {
  return render(
    <QueryClientProvider client={createTestQueryClient()}>
      <MemoryRouter>{element}</MemoryRouter>
    </QueryClientProvider>,
  );
}
