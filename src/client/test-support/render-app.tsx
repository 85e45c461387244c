import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { createQueryClient } from '../lib/query-client';
import { routes } from '../router';

// Failed requests should fail at once in tests, not after the app's back-off.
function createTestQueryClient() {
  return createQueryClient({ retry: false });
}

/** Renders the whole app (real route table, shells, lazy pages) at `path`. */
export function renderApp(path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const view = render(
    <QueryClientProvider client={createTestQueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { ...view, router };
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
