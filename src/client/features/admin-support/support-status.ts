import type { BadgeVariant } from '../../components/ui/badge';
import type { OrderStatus } from '../../../shared/schemas/orders';
import type {
  AdminSupportListQuery,
  SupportMessageStatus,
  SupportPriority,
} from '../../../shared/schemas/support';

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

export const SUPPORT_PRIORITY_LABELS: Record<SupportPriority, string> = {
  low: 'Low',
  medium: 'Medium',
  high: 'High',
};

/** High is the one staff must not miss: it alone is red (and carries an icon, not colour alone). */
export const SUPPORT_PRIORITY_BADGES: Record<SupportPriority, BadgeVariant> = {
  low: 'secondary',
  medium: 'warning',
  high: 'destructive',
};

/** An order's status in the message's order context, in the Orders section's words. */
export const ORDER_STATUS_LABELS: Record<OrderStatus, string> = {
  pending: 'Pending',
  processing: 'Processing',
  shipped: 'Shipped',
  delivered: 'Delivered',
  cancelled: 'Cancelled',
};
