import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { JSXElementConstructor, ReactElement, ReactNode } from 'react';
import { createMemoryRouter, parsePath, RouterProvider } from 'react-router';
import { createQueryClient } from '../lib/query-client';
import { routes } from '../router';

// Failed requests should fail at once in tests, not after the app's back-off.
function createTestQueryClient() {
  return createQueryClient({ retry: false });
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
  const router = createMemoryRouter(routes, { initialEntries: [entry] });
  const queryClient = createTestQueryClient();
  const view = render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
    { wrapper: options.wrapper },
  );
  return { ...view, router, queryClient };
}

/** Renders one component with the providers it needs (query client, a router for links). */
export function renderWithProviders(element: ReactElement) {
  const router = createMemoryRouter([{ path: '*', element }]);
  return render(
    <QueryClientProvider client={createTestQueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}
