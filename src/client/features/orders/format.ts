import { format } from 'date-fns';

/** Order history dates (spec 000 §9). */
export const HISTORY_DATE_FORMAT = 'MMM d, yyyy';
/** Order detail dates (spec 000 §9). */
export const DETAIL_DATE_FORMAT = 'MMM d, yyyy h:mm a';

/** An ISO time in the buyer's time zone; an unreadable one shows as a dash instead of breaking the page. */
export function formatOrderDate(iso: string | null | undefined, pattern: string): string {
  if (!iso) return '—';
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '—' : format(date, pattern);
}

export function pluralize(count: number, one: string, many: string): string {
  return `${count} ${count === 1 ? one : many}`;
}
