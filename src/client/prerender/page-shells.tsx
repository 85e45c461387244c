/**
 * Renders the page shells of shared/page-shells.ts to HTML (ADR 0016). Built by `vite build --ssr` into
 * dist/shells/ and run by the server once at start-up (server/plugins/client-shell.ts), with the store's
 * public settings, so the first paint shows the store name and the page the browser will get.
 *
 * A shell is the real page through the real router, in the state it has before any answer arrives: the
 * session is taken as known (a visitor, or a customer or administrator of no name: nothing personal is in
 * a shell), everything else is loading. The client replaces it with its own first render (main.tsx), which
 * waits for the same state, so nothing moves.
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router';
import type { PublicConfig } from '../../shared/schemas/config';
import type { CurrentUser } from '../../shared/schemas/current-user';
import {
  PAGE_SHELL_IDS,
  PAGE_SHELLS,
  type PageShellId,
  type RenderedShell,
  type RenderPageShells,
} from '../../shared/page-shells';
import { adminSessionQueryOptions } from '../lib/admin-session-query';
import { PageShellContext } from '../lib/page-shell';
import { currentUserQueryOptions } from '../lib/session';
import { storeConfigQueryOptions } from '../lib/store-config';
import { AppRoutes, preloadPage } from '../router';

/**
 * A signed-in user of no name, standing for whoever the hint cookie belongs to. Name and e-mail are a
 * no-break space: blank, but taking the line the real ones will (the admin sidebar's foot keeps its height).
 */
const BLANK_LINE = '\u00a0';

function anonymousUser(role: CurrentUser['role']): CurrentUser {
  return {
    id: 0,
    username: BLANK_LINE,
    email: BLANK_LINE,
    firstName: null,
    lastName: null,
    businessName: null,
    phone: null,
    role,
    paymentTerms: 'on_approval',
    company: null,
    shippingAddress: null,
    shippingAddressLine1: null,
    shippingAddressLine2: null,
    shippingCity: null,
    shippingState: null,
    shippingZip: null,
    shippingCountry: null,
    billingAddress: null,
    billingAddressLine1: null,
    billingAddressLine2: null,
    billingCity: null,
    billingState: null,
    billingZip: null,
    billingCountry: null,
    locations: [],
    hasPassword: false,
    reorderReminderEmails: false,
    createdAt: '1970-01-01T00:00:00.000Z',
  };
}

const TITLE = /<title>([^<]*)<\/title>/;

async function renderShell(id: PageShellId, config: PublicConfig): Promise<RenderedShell> {
  const { path, session } = PAGE_SHELLS[id];
  const queryClient = new QueryClient();
  queryClient.setQueryData(storeConfigQueryOptions.queryKey, config);
  queryClient.setQueryData(
    currentUserQueryOptions.queryKey,
    session === 'visitor' ? null : anonymousUser('customer'),
  );
  queryClient.setQueryData(
    adminSessionQueryOptions.queryKey,
    session === 'admin' ? anonymousUser('admin') : null,
  );

  // With its code loaded, a lazy page renders at once: the shell is the page, not the spinner before it.
  await preloadPage(path);
  const html = renderToString(
    <StrictMode>
      <PageShellContext value>
        <QueryClientProvider client={queryClient}>
          <StaticRouter location={path}>
            <AppRoutes />
          </StaticRouter>
        </QueryClientProvider>
      </PageShellContext>
    </StrictMode>,
  );
  queryClient.clear();
  // React leaves the page's <title> where PageTitle renders it; the document's belongs in <head>.
  const title = TITLE.exec(html);
  return { html: html.replace(TITLE, ''), title: title?.[1] ?? null };
}

/** Every shell, rendered with the store's public settings. */
export const renderPageShells: RenderPageShells = async (config) => {
  const entries = await Promise.all(
    PAGE_SHELL_IDS.map(async (id) => [id, await renderShell(id, config)] as const),
  );
  return Object.fromEntries(entries) as Record<PageShellId, RenderedShell>;
};
