import type { AdminOrder } from '../../../shared/schemas/admin-orders';
import { orderStatusSchema } from '../../../shared/schemas/orders';
import { SelectField } from '../../components/ui/select-field';
import { useUpdateOrderStatus } from './admin-orders-queries';
import { ORDER_STATUS_OPTIONS } from './admin-order-status';

/**
 * The row's status dropdown (spec 001 §4: any status, no restriction). It shows the chosen status while the
 * change is saved and is disabled until the server answers.
 */
export function OrderStatusSelect({ order, className }: { order: AdminOrder; className?: string }) {
  const update = useUpdateOrderStatus();
  const shown = update.isPending ? update.variables.status : order.status;
  return (
    <SelectField
      label={`Status of order ${order.orderNumber}`}
      hideLabel
      className={className}
      value={shown}
      disabled={update.isPending}
      aria-busy={update.isPending || undefined}
      options={ORDER_STATUS_OPTIONS}
      onChange={(event) => {
        const status = orderStatusSchema.safeParse(event.target.value);
        if (status.success && status.data !== order.status) {
          update.mutate({ orderId: order.id, status: status.data });
        }
      }}
    />
  );
}
