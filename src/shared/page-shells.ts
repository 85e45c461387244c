import type { PublicConfig } from './schemas/config';
import { hasSessionHint } from './session-hint';

/**
 * The pages whose first paint comes with index.html (ADR 0016): the server renders each of them once, at
 * start-up, in its loading state, and sends it in place of the empty `#root` until the app takes over. They
 * are the pages phones open first: the order form (a visitor's and a customer's), the order history and the
 * admin dashboard. Every other address gets the plain index.html.
 *
 * `session` is who the page is drawn for. The server cannot know who is signed in without a database
 * round trip, so it goes by the page-readable hint cookie (shared/session-hint.ts): with the hint, the
 * customer's or the administrator's page; without it, the visitor's order form, and for /orders and /admin
 * (which a visitor never sees) the plain index.html.
 */
export const PAGE_SHELLS = {
  'home-visitor': { path: '/', session: 'visitor' },
  'home-customer': { path: '/', session: 'customer' },
  orders: { path: '/orders', session: 'customer' },
  admin: { path: '/admin', session: 'admin' },
} as const satisfies Record<string, { path: string; session: PageShellSession }>;

/** Who a shell is drawn for; the server writes it on the shell's `#root` as `data-session`. */
export type PageShellSession = 'visitor' | 'customer' | 'admin';

export type PageShellId = keyof typeof PAGE_SHELLS;

export const PAGE_SHELL_IDS = Object.keys(PAGE_SHELLS) as PageShellId[];

/**
 * The shell for a request, from its path (without the query; matched like the router: any case, one
 * trailing slash) and its Cookie header; null for the plain index.html.
 */
export function pickPageShell(pathname: string, cookieHeader: string | undefined): PageShellId | null {
  const path = pathname.length > 1 ? pathname.replace(/\/$/, '').toLowerCase() : pathname;
  const hinted = hasSessionHint(cookieHeader ?? '');
  if (path === '/') return hinted ? 'home-customer' : 'home-visitor';
  if (!hinted) return null;
  if (path === '/orders') return 'orders';
  if (path === '/admin') return 'admin';
  return null;
}

/** One rendered shell: the HTML that goes inside `#root`, and the page's document title (escaped HTML). */
export interface RenderedShell {
  html: string;
  title: string | null;
}

/** What the build's dist/shells/page-shells.js exports (client/prerender/page-shells.tsx). */
export type RenderPageShells = (config: PublicConfig) => Promise<Record<PageShellId, RenderedShell>>;
