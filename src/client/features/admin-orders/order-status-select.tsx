import { useRef, useState } from 'react';
import type { AdminOrder } from '../../../shared/schemas/admin-orders';
import { orderStatusSchema, type OrderStatus } from '../../../shared/schemas/orders';
import { useFocusBackAfter } from '../../components/admin/use-keep-focus';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { SelectField } from '../../components/ui/select-field';
import { useUpdateOrderStatus } from './admin-orders-queries';
import { ORDER_STATUS_LABELS } from '../../lib/order-status';
import { ORDER_STATUS_OPTIONS } from './admin-order-status';

/**
 * The row's status dropdown (docs/orders.md#status-changes-by-staff: any status, no restriction). A change is
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
        options={ORDER_STATUS_OPTIONS}
        onChange={(event) => {
          const status = orderStatusSchema.safeParse(event.target.value);
          if (status.success && status.data !== order.status) setProposed(status.data);
        }}
      />
      <ConfirmDialog
        open={proposed !== null}
        title={`Change order ${order.orderNumber} to ${proposed ? ORDER_STATUS_LABELS[proposed] : ''}?`}
        description={
          proposed === 'pending'
            ? 'The order goes back to waiting for approval.'
            : 'The customer is e-mailed about the new status.'
        }
        confirmLabel="Change Status"
        destructive={proposed === 'cancelled'}
        onCancel={() => setProposed(null)}
        onConfirm={() => {
          if (proposed) update.mutate({ orderId: order.id, status: proposed });
          setProposed(null);
        }}
      />
    </>
  );
}
