import { useMutation, useQueryClient } from '@tanstack/react-query';
import { XCircle } from 'lucide-react';
import { useState } from 'react';
import { orderDetailResponseSchema, type OrderDetail } from '../../../shared/schemas/orders';
import { Button } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { ApiError, requestJson, serverMessage } from '../../lib/api';
import { ORDERS_QUERY_KEY } from '../../lib/orders';
import { toast } from '../../lib/toast';
import { orderDetailQueryOptions } from './orders-queries';

/**
 * 'Cancel order' on a pending order's page (docs/orders.md#buyers-cancel-a-pending-order): asks first, then
 * cancels the version of the order on screen. When the order changed meanwhile (staff approved it, say) the
 * page shows it as it now stands, with the server's sentence.
 */
export function CancelOrderButton({ order }: { order: OrderDetail }) {
  const [asking, setAsking] = useState(false);
  const queryClient = useQueryClient();
  const detailKey = orderDetailQueryOptions(order.id).queryKey;
  const cancel = useMutation({
    mutationFn: () =>
      requestJson(`/api/orders/${order.id}/cancel`, orderDetailResponseSchema, {
        method: 'POST',
        body: { version: order.version },
      }),
    onSuccess: (answer) => {
      queryClient.setQueryData(detailKey, answer);
      toast.success(`Order ${order.orderNumber} cancelled`);
    },
    onError: (error) => {
      const current = error instanceof ApiError ? currentOrderOf(error.details) : null;
      if (current) queryClient.setQueryData(detailKey, current);
      toast.error(serverMessage(error, 'Could not cancel the order. Please try again.'));
    },
    onSettled: () => {
      setAsking(false);
      return queryClient.invalidateQueries({ queryKey: ORDERS_QUERY_KEY });
    },
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
        onConfirm={() => cancel.mutate()}
        onCancel={() => setAsking(false)}
      />
    </>
  );
}

/** The order as it now stands, which a 409 carries in its details. */
function currentOrderOf(details: unknown) {
  const order = (details as { order?: unknown } | undefined)?.order;
  return orderDetailResponseSchema.safeParse(order).data ?? null;
}
