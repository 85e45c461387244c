import { useRef, useState } from 'react';
import type { AdminOrder } from '../../../shared/schemas/admin-orders';
import { orderStatusSchema, type OrderStatus } from '../../../shared/schemas/orders';
import { useFocusBackAfter } from '../../components/admin/use-keep-focus';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { SelectField } from '../../components/ui/select-field';
import { useUpdateOrderStatus } from './admin-orders-queries';
import { ORDER_STATUS_LABELS } from '../../lib/order-status';
import { PAYMENT_TERMS_DAYS, PAYMENT_TERMS_LABELS } from '../../../shared/payment-terms';
import { formatMoney } from '../../lib/format-money';
import { mayMoveOrder, statusOptionsFor } from './admin-order-status';

/**
 * The row's status dropdown (docs/orders.md#status-changes-by-staff: any status, but never to 'awaiting the
 * buyer's confirmation', and an order awaiting it only to Cancelled: mayMoveOrder). A change is
 * confirmed first: it may e-mail the customer, and on some systems the arrow keys change a closed select at
 * once. The chosen status shows while it is saved, and the select is disabled until the server answers;
 * then the keyboard's focus comes back to it.
 */
export function OrderStatusSelect({ order, className }: { order: AdminOrder; className?: string }) {
  const update = useUpdateOrderStatus();
  const [proposed, setProposed] = useState<OrderStatus | null>(null);
  const shown = update.isPending ? update.variables.status : (proposed ?? order.status);
  const selectRef = useRef<HTMLSelectElement>(null);
  useFocusBackAfter(update.isPending, selectRef);
  return (
    <>
      <SelectField
        ref={selectRef}
        label={`Status of order ${order.orderNumber}`}
        hideLabel
        className={className}
        value={shown}
        disabled={update.isPending}
        aria-busy={update.isPending || undefined}
        options={statusOptionsFor(order.status)}
        onChange={(event) => {
          const status = orderStatusSchema.safeParse(event.target.value);
          if (status.success && status.data !== order.status && mayMoveOrder(order.status, status.data)) {
            setProposed(status.data);
          }
        }}
      />
      <ConfirmDialog
        open={proposed !== null}
        {...(proposed
          ? statusChangeWords(order, proposed)
          : { title: '', description: '', confirmLabel: '' })}
        destructive={proposed === 'cancelled'}
        onCancel={() => setProposed(null)}
        onConfirm={() => {
          if (proposed) update.mutate({ orderId: order.id, status: proposed, version: order.version });
          setProposed(null);
        }}
      />
    </>
  );
}

interface StatusChangeWords {
  title: string;
  description: string;
  confirmLabel: string;
}

/**
 * What the confirmation says a change does (docs/admin.md#orders). Moving a pending order to Processing is
 * the approval: it says so, and that the Shopify invoice goes out with it, on the order's terms.
 */
export function statusChangeWords(order: AdminOrder, next: OrderStatus): StatusChangeWords {
  const name = order.orderNumber;
  if (next === 'processing' && order.status === 'pending') {
    const days = PAYMENT_TERMS_DAYS[order.paymentTerms];
    const due =
      days === null
        ? 'to pay now'
        : `due ${days} days from today (${PAYMENT_TERMS_LABELS[order.paymentTerms]})`;
    return {
      title: `Approve order ${name}?`,
      description:
        `Approving moves it to Processing and sends ${order.customerEmail} the Shopify invoice for ` +
        `${formatMoney(order.orderTotal)}, ${due}, with an e-mail that the order is approved.`,
      confirmLabel: 'Approve and send invoice',
    };
  }
  return {
    title: `Change order ${name} to ${ORDER_STATUS_LABELS[next]}?`,
    description:
      order.status === 'awaiting_confirmation'
        ? `${order.customerEmail} has not confirmed it yet. Once cancelled, it can no longer be confirmed.`
        : next === 'pending'
          ? 'The order goes back to waiting for approval: its due date and payment notices stop.'
          : 'The customer is e-mailed about the new status.',
    confirmLabel: 'Change Status',
  };
}
