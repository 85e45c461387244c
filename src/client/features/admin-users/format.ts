// Before any schema is built: zod must not probe for eval under the CSP (see the file).
import '../../lib/zod-config';
import { format } from 'date-fns';
import { USER_ROLES, type AdminUser, type PendingUser } from '../../../shared/schemas/admin-users';

/** Spec 001 §2: dates and times in the admin portal read 'MMM d, yyyy h:mm a'. */
export const ADMIN_DATE_TIME_FORMAT = 'MMM d, yyyy h:mm a';

/** An ISO time in the administrator's time zone; an unreadable one shows as a dash. */
export function formatDateTime(iso: string | null): string {
  if (!iso) return '—';
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '—' : format(date, ADMIN_DATE_TIME_FORMAT);
}

/** 'First Last', or the username when no name is known. */
export function fullName(user: Pick<AdminUser | PendingUser, 'firstName' | 'lastName' | 'username'>): string {
  return [user.firstName, user.lastName].filter(Boolean).join(' ').trim() || user.username;
}

export const ROLE_LABELS = { customer: 'Customer', admin: 'Admin' } as const;

/** The role select: an empty first choice, so a role is chosen on purpose ('Please select a role'). */
export const ROLE_OPTIONS = [
  { value: '', label: 'Select a role' },
  ...USER_ROLES.map((role) => ({ value: role, label: ROLE_LABELS[role] })),
];

export const STATUS_LABELS = {
  pending: 'Pending',
  approved: 'Approved',
  rejected: 'Rejected',
  disabled: 'Disabled',
} as const;
