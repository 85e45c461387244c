import { knownOrderStatus, ORDER_STATUS_MESSAGES } from '../../../shared/orders';
import type { OrderStatus } from '../../../shared/schemas/orders';
import type { BadgeVariant } from '../../components/ui/badge';
import { ORDER_STATUS_LABELS } from '../../lib/order-status';

export interface StatusBadgeModel {
  label: string;
  variant: BadgeVariant;
}

const BADGE_VARIANTS: Record<OrderStatus, BadgeVariant> = {
  awaiting_confirmation: 'warning',
  pending: 'warning',
  // Waiting for the team, as pending does: amber, not the red of a cancelled order.
  on_hold: 'warning',
  processing: 'secondary',
  shipped: 'success',
  delivered: 'success',
  cancelled: 'destructive',
};

/**
 * A status as sent, read in any case, legacy values as the status they stand for (shared/orders.ts); a
 * missing one is pending; null for any other text.
 */
function readStatus(status: string | null | undefined): OrderStatus | null {
  const normalized = status?.trim().toLowerCase() ?? '';
  return normalized === '' ? 'pending' : knownOrderStatus(normalized);
}

/**
 * The status badge (docs/orders.md#order-timeline), with the status names of
 * docs/orders.md#legacy-status-values: delivered (legacy 'completed') green and labelled 'Delivered', pending
 * (legacy 'submitted') amber, processing secondary, shipped green, cancelled destructive; anything else shown
 * capitalised; a missing status treated as pending.
 */
export function statusBadge(status: string | null | undefined): StatusBadgeModel {
  const read = readStatus(status);
  if (read === null) return { label: capitalize(status?.trim() ?? ''), variant: 'outline' };
  return { label: ORDER_STATUS_LABELS[read], variant: BADGE_VARIANTS[read] };
}

function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** The four steps of the detail page's progress bar (docs/orders.md#order-timeline). */
export const PROGRESS_STEPS = ['Pending', 'Processing', 'Shipped', 'Delivered'] as const;

export interface OrderProgress {
  /** 1 to 4; meaningless when cancelled. */
  step: number;
  /** How much of the bar is filled: step / 4, as a percentage. */
  percent: number;
  message: string;
  cancelled: boolean;
  /**
   * On hold (docs/storefront.md#order-on-hold): the order sits where a pending one does (step 1), the step
   * named 'On hold' instead of 'Pending', not a step beyond.
   */
  onHold: boolean;
}

const STEPS: Record<Exclude<OrderStatus, 'cancelled'>, number> = {
  // Not yet submitted: the bar starts when the buyer confirms it.
  awaiting_confirmation: 0,
  pending: 1,
  // Held for review before approval: still the first step.
  on_hold: 1,
  processing: 2,
  shipped: 3,
  delivered: 4,
};

export const CANCELLED_MESSAGE = ORDER_STATUS_MESSAGES.cancelled;

/**
 * Progress (docs/orders.md#order-timeline): pending and on hold step 1, processing 2, shipped 3, delivered
 * (legacy completed) 4, unknown 1; the bar fills step / 4. A cancelled order has no step: the page shows a cancelled
 * state instead.
 */
export function orderProgress(status: string | null | undefined): OrderProgress {
  const read = readStatus(status) ?? 'pending';
  if (read === 'cancelled') {
    return { step: 0, percent: 0, message: CANCELLED_MESSAGE, cancelled: true, onHold: false };
  }
  const step = STEPS[read];
  return {
    step,
    percent: (step / PROGRESS_STEPS.length) * 100,
    message: ORDER_STATUS_MESSAGES[read],
    cancelled: false,
    onHold: read === 'on_hold',
  };
}
