import { format } from 'date-fns';

/*
 * Dates as the portal shows them, in the reader's time zone. Apart from format.ts so that date-fns stays
 * out of the storefront's first page (docs/decisions/0015-storefront-first-page.md).
 */

/**
 * A day: the order history (docs/storefront.md#timings-and-limits) and the order context of a support
 * message.
 */
export const DATE_FORMAT = 'MMM d, yyyy';
/**
 * A day and its time: the order detail and the whole admin portal (docs/storefront.md#timings-and-limits,
 * docs/admin.md#dashboard).
 */
export const DATE_TIME_FORMAT = 'MMM d, yyyy h:mm a';

/**
 * An ISO time in `pattern`; a missing or unreadable one shows as `unreadable` (a dash unless told otherwise)
 * instead of breaking the page.
 */
export function formatDate(iso: string | null | undefined, pattern: string, unreadable = '—'): string {
  if (!iso) return unreadable;
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? unreadable : format(date, pattern);
}
