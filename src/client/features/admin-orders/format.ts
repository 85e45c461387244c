import { format } from 'date-fns';

/** Spec 001 §2 'Orders section': 'MMM d, yyyy h:mm a'. */
export const ADMIN_ORDER_DATE_FORMAT = 'MMM d, yyyy h:mm a';

/** An ISO time in the administrator's time zone; an unreadable one shows as a dash. */
export function formatOrderDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '—' : format(date, ADMIN_ORDER_DATE_FORMAT);
}

export function pluralize(count: number, one: string, many: string): string {
  return `${count.toLocaleString('en-US')} ${count === 1 ? one : many}`;
}
