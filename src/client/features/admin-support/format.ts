import { DATE_TIME_FORMAT, formatDate } from '../../lib/format-date';

/**
 * A stored time in the administrator's time zone, by default with its time (docs/admin.md#dashboard). The
 * customer and order parts of a message are a snapshot taken when it was sent, so an unreadable value is
 * shown as it was stored rather than hidden.
 */
export function formatSupportDate(value: string, pattern = DATE_TIME_FORMAT): string {
  return formatDate(value, pattern, value);
}

/**
 * A reply link to the customer. The address is encoded so that a stored '?' or '&' cannot add headers or a
 * body to the draft; the '@' is kept readable.
 */
export function replyMailto(email: string, subjectLabel: string): string {
  const address = encodeURIComponent(email).replace(/%40/g, '@');
  return `mailto:${address}?subject=${encodeURIComponent(`Re: ${subjectLabel}`)}`;
}
