import type { BadgeVariant } from '../../components/ui/badge';
import { ORDER_STATUS_LABELS } from '../../lib/order-status';

export interface StatusBadgeModel {
  label: string;
  variant: BadgeVariant;
}

/**
 * The status badge of spec 000 §4, with DECISIONS §4's names: delivered (legacy 'completed') green and
 * labelled 'Delivered', pending (legacy 'submitted') amber, processing secondary, shipped green, cancelled
 * destructive; anything else shown capitalised; a missing status treated as pending.
 */
export function statusBadge(status: string | null | undefined): StatusBadgeModel {
  const normalized = status?.trim().toLowerCase() ?? '';
  switch (normalized) {
    case '':
    case 'pending':
    case 'submitted':
      return { label: ORDER_STATUS_LABELS.pending, variant: 'warning' };
    case 'processing':
      return { label: ORDER_STATUS_LABELS.processing, variant: 'secondary' };
    case 'shipped':
      return { label: ORDER_STATUS_LABELS.shipped, variant: 'success' };
    case 'delivered':
    case 'completed':
      return { label: ORDER_STATUS_LABELS.delivered, variant: 'success' };
    case 'cancelled':
      return { label: ORDER_STATUS_LABELS.cancelled, variant: 'destructive' };
    default:
      return { label: capitalize(status?.trim() ?? ''), variant: 'outline' };
  }
}

function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** The four steps of the detail page's progress bar (spec 000 §2, §4). */
export const PROGRESS_STEPS = ['Pending', 'Processing', 'Shipped', 'Delivered'] as const;

export interface OrderProgress {
  /** 1 to 4; meaningless when cancelled. */
  step: number;
  /** How much of the bar is filled: step / 4, as a percentage. */
  percent: number;
  message: string;
  cancelled: boolean;
}

const STEP_MESSAGES: Record<number, string> = {
  1: 'Your order has been submitted and is waiting for approval.',
  2: 'Your order has been approved and is being prepared.',
  3: 'Your order is on its way.',
  4: 'Your order has been delivered.',
};

export const CANCELLED_MESSAGE = 'This order has been cancelled and will not be shipped.';

/**
 * Progress (spec 000 §4): pending step 1, processing 2, shipped 3, delivered (legacy completed) 4, unknown 1;
 * the bar fills step / 4. A cancelled order has no step: the page shows a cancelled state instead.
 */
export function orderProgress(status: string | null | undefined): OrderProgress {
  const normalized = status?.trim().toLowerCase() ?? '';
  if (normalized === 'cancelled') {
    return { step: 0, percent: 0, message: CANCELLED_MESSAGE, cancelled: true };
  }
  const step =
    normalized === 'processing'
      ? 2
      : normalized === 'shipped'
        ? 3
        : normalized === 'delivered' || normalized === 'completed'
          ? 4
          : 1;
  return {
    step,
    percent: (step / PROGRESS_STEPS.length) * 100,
    message: STEP_MESSAGES[step] ?? '',
    cancelled: false,
  };
}
