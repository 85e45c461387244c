import { parseOrderId } from '../../lib/orders';
import { isAdminSectionId, type AdminSectionId } from './admin-sections';

/**
 * Addresses into the dashboard, e.g. `/admin?section=support&order=12`: the section to open, and for the
 * Support section the order whose messages to show. The Orders section links to a customer's messages this
 * way (issue 7); features cannot import each other, so the address is built here.
 */
export const ADMIN_SECTION_PARAM = 'section';
export const ADMIN_ORDER_PARAM = 'order';

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

/** The address without the dashboard's link parameters (a section chosen in the sidebar replaces them). */
export function withoutAdminLinkParams(params: URLSearchParams): URLSearchParams {
  const next = new URLSearchParams(params);
  next.delete(ADMIN_SECTION_PARAM);
  next.delete(ADMIN_ORDER_PARAM);
  return next;
}
