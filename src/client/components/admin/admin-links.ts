import { parseOrderId } from '../../lib/orders';
import { isAdminSectionId, type AdminSectionId } from './admin-sections';

/**
 * Addresses into the dashboard, e.g. `/admin?section=support&order=12`: the section to open, and for the
 * Support section the order whose messages to show. The Orders section links to a customer's messages this
 * way (issue 7); features cannot import each other, so the address is built here.
 */
export const ADMIN_SECTION_PARAM = 'section';
export const ADMIN_ORDER_PARAM = 'order';

/** A section of the dashboard, as the sidebar links to it. */
export function adminSectionHref(section: AdminSectionId): string {
  return `/admin?${new URLSearchParams({ [ADMIN_SECTION_PARAM]: section }).toString()}`;
}

/** The Support section showing only the messages about one order. */
export function supportMessagesHref(orderId: number): string {
  const params = new URLSearchParams({
    [ADMIN_SECTION_PARAM]: 'support',
    [ADMIN_ORDER_PARAM]: String(orderId),
  });
  return `/admin?${params.toString()}`;
}

/** The section an address names, or null when it names none (or one that does not exist). */
export function readLinkedSection(params: URLSearchParams): AdminSectionId | null {
  const section = params.get(ADMIN_SECTION_PARAM);
  return isAdminSectionId(section) ? section : null;
}

/** The order an address filters by, or null when there is none or it cannot be an order id. */
export function readLinkedOrderId(params: URLSearchParams): number | null {
  return parseOrderId(params.get(ADMIN_ORDER_PARAM));
}

const ADMIN_HOME = '/admin';
const ADMIN_LOGIN = '/admin/login';
/** Any base will do: it only lets a path be parsed, and tells when a path would leave this origin. */
const PARSE_BASE = 'http://admin.invalid';

/**
 * The router state of the redirect to /admin/login: the dashboard address the administrator asked for
 * (a support e-mail's `/admin?section=support&order=12`), to return to once signed in.
 */
export function adminLoginState(location: { pathname: string; search: string; hash: string }): {
  from: string;
} {
  return { from: `${location.pathname}${location.search}${location.hash}` };
}

/**
 * Where to go after signing in: the address kept by adminLoginState when it is a dashboard address, or
 * /admin. History state outlives the page, so it is checked, not trusted: only a path of this origin under
 * /admin is followed (no other host, however written), and never /admin/login itself. The path is returned
 * as parsed, so what is followed is exactly what was checked.
 */
export function adminReturnPath(state: unknown): string {
  const from = typeof state === 'object' && state !== null && 'from' in state ? state.from : undefined;
  if (typeof from !== 'string' || !from.startsWith(ADMIN_HOME)) return ADMIN_HOME;
  let url: URL;
  try {
    url = new URL(from, PARSE_BASE);
  } catch {
    return ADMIN_HOME;
  }
  const inDashboard = url.pathname === ADMIN_HOME || url.pathname.startsWith(`${ADMIN_HOME}/`);
  // The router matches paths in any case and with a trailing slash.
  const isLogin = url.pathname.replace(/\/+$/, '').toLowerCase() === ADMIN_LOGIN;
  if (url.origin !== PARSE_BASE || !inDashboard || isLogin) return ADMIN_HOME;
  return `${url.pathname}${url.search}${url.hash}`;
}
