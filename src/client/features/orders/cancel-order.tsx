import { XCircle } from 'lucide-react';
import { useState } from 'react';
import type { OrderDetail } from '../../../shared/schemas/orders';
import { Button } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { useOrderAction } from './order-action';

/**
 * 'Cancel order' on a pending order's page (docs/orders.md#buyers-cancel-a-pending-order): asks first, then
 * cancels the version of the order on screen. When the order changed meanwhile (staff approved it, say) the
 * page shows it as it now stands, with the server's sentence.
 */
export function CancelOrderButton({ order }: { order: OrderDetail }) {
  const [asking, setAsking] = useState(false);
  const cancel = useOrderAction({
    orderId: order.id,
    action: 'cancel',
    done: `Order ${order.orderNumber} cancelled`,
    failed: 'Could not cancel the order. Please try again.',
    onSettled: () => setAsking(false),
  });

  return (
    <>
      <Button variant="outline" onClick={() => setAsking(true)}>
        <XCircle aria-hidden="true" />
        Cancel order
      </Button>
      <ConfirmDialog
        open={asking}
        title={`Cancel order ${order.orderNumber}?`}
        description="The order will not be approved, invoiced or shipped, and our team is told. This cannot be undone."
        confirmLabel="Cancel order"
        cancelLabel="Keep order"
        pending={cancel.isPending}
        onConfirm={() => cancel.mutate({ version: order.version })}
        onCancel={() => setAsking(false)}
      />
    </>
  );
}
