// Before any schema is built: zod must not probe for eval under the CSP (see the file).
import '../../lib/zod-config';
import { USER_ROLES } from '../../../shared/schemas/admin-users';

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
