import { format } from 'date-fns';

/** The same pattern as the Orders section (spec 001 §2 'MMM d, yyyy h:mm a'). */
export const SUPPORT_DATE_TIME_FORMAT = 'MMM d, yyyy h:mm a';
export const SUPPORT_DATE_FORMAT = 'MMM d, yyyy';

/**
 * A stored time in the administrator's time zone. The customer and order parts of a message are a snapshot
 * taken when it was sent, so an unreadable value is shown as it was stored rather than hidden.
 */
export function formatSupportDate(value: string, pattern = SUPPORT_DATE_TIME_FORMAT): string {
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? value : format(date, pattern);
}

/**
 * A reply link to the customer. The address is encoded so that a stored '?' or '&' cannot add headers or a
 * body to the draft; the '@' is kept readable.
 */
export function replyMailto(email: string, subjectLabel: string): string {
  const address = encodeURIComponent(email).replace(/%40/g, '@');
  return `mailto:${address}?subject=${encodeURIComponent(`Re: ${subjectLabel}`)}`;
}
