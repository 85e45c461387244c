import type { BadgeVariant } from '../../components/ui/badge';
import {
  ADMIN_ORDER_STATUS_FILTERS,
  type AdminOrderStatusFilter,
} from '../../../shared/schemas/admin-orders';
import type { OrderStatus } from '../../../shared/schemas/orders';
import { STAFF_ORDER_STATUS_LABELS } from '../../../shared/orders';
import { PAYMENT_STATE_LABELS } from '../../../shared/payment-state';

/**
 * The status badges (docs/admin.md#orders): pending outline, on hold warning (amber: it waits for staff's
 * credit decision), processing secondary, shipped and delivered default, cancelled destructive.
 */
export const ORDER_STATUS_BADGES: Record<OrderStatus, BadgeVariant> = {
  awaiting_confirmation: 'outline',
  pending: 'outline',
  on_hold: 'warning',
  processing: 'secondary',
  shipped: 'default',
  delivered: 'default',
  cancelled: 'destructive',
};

/** Every status, in the order an order moves through them, in staff's words (the filter's choices). */
export const ORDER_STATUS_OPTIONS = (Object.keys(STAFF_ORDER_STATUS_LABELS) as OrderStatus[]).map(
  (status) => ({
    value: status,
    label: STAFF_ORDER_STATUS_LABELS[status],
  }),
);

/**
 * Whether staff may move an order from `from` to `to` with the row's dropdown (docs/orders.md#status-changes-by-staff):
 * only a prepared order awaits the buyer's confirmation (New order makes one), and such an order is the
 * buyer's to confirm or decline, so staff can only cancel it. Only a pending order can be put on hold
 * (docs/credit.md#credit-hold-at-approval). The server refuses the rest too.
 */
export function mayMoveOrder(from: OrderStatus, to: OrderStatus): boolean {
  if (to === 'awaiting_confirmation') return false;
  if (to === 'on_hold') return from === 'pending';
  return from !== 'awaiting_confirmation' || to === 'cancelled';
}

/** The row dropdown's choices for an order in `status`: where it is, and where staff may move it. */
export function statusOptionsFor(status: OrderStatus) {
  return ORDER_STATUS_OPTIONS.filter(
    (option) => option.value === status || mayMoveOrder(status, option.value),
  );
}

const isStatusFilter = (value: string): value is AdminOrderStatusFilter =>
  (ADMIN_ORDER_STATUS_FILTERS as readonly string[]).includes(value);

/**
 * The status filter (docs/admin.md#orders): All, each status the API filters by (ADMIN_ORDER_STATUS_FILTERS:
 * every one, On hold included), then 'Unpaid' (neither paid nor cancelled) and 'Overdue' (unpaid past the
 * due date of its payment terms).
 */
export const STATUS_FILTER_OPTIONS: ReadonlyArray<{ value: AdminOrderStatusFilter; label: string }> = [
  { value: 'all', label: 'All' },
  ...ORDER_STATUS_OPTIONS.flatMap(({ value, label }) => (isStatusFilter(value) ? [{ value, label }] : [])),
  { value: 'unpaid', label: PAYMENT_STATE_LABELS.unpaid },
  { value: 'overdue', label: PAYMENT_STATE_LABELS.overdue },
];
