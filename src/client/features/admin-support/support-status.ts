import type { BadgeVariant } from '../../components/ui/badge';
import { SUPPORT_PRIORITY_OPTIONS, type SupportPriority } from '../../../shared/schemas/support';
import type { AdminSupportListQuery, SupportMessageStatus } from '../../../shared/schemas/admin-support';

export type SupportStatusFilter = AdminSupportListQuery['status'];

export const SUPPORT_STATUS_LABELS: Record<SupportMessageStatus, string> = {
  open: 'Open',
  answered: 'Answered',
  closed: 'Closed',
};

/** The row dropdown's choices, in the order a message moves through them. */
export const SUPPORT_STATUS_OPTIONS = (Object.keys(SUPPORT_STATUS_LABELS) as SupportMessageStatus[]).map(
  (status) => ({ value: status, label: SUPPORT_STATUS_LABELS[status] }),
);

/** The filter: All, then each status. */
export const SUPPORT_STATUS_FILTERS: ReadonlyArray<{ value: SupportStatusFilter; label: string }> = [
  { value: 'all', label: 'All' },
  ...SUPPORT_STATUS_OPTIONS,
];

/** A priority as the customer chose it on the support form ('High'). */
export function supportPriorityLabel(priority: SupportPriority): string {
  return SUPPORT_PRIORITY_OPTIONS.find((option) => option.value === priority)?.label ?? priority;
}

/** High is the one staff must not miss: it alone is red (and carries an icon, not colour alone). */
export const SUPPORT_PRIORITY_BADGES: Record<SupportPriority, BadgeVariant> = {
  low: 'secondary',
  medium: 'warning',
  high: 'destructive',
};
