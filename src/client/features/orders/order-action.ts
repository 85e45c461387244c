import { useMutation, useQueryClient } from '@tanstack/react-query';
import { orderDetailResponseSchema, type OrderDetailResponse } from '../../../shared/schemas/orders';
import { ApiError, requestJson, serverMessage } from '../../lib/api';
import { ORDERS_QUERY_KEY } from '../../lib/orders';
import { toast } from '../../lib/toast';
import { orderDetailQueryOptions } from './orders-queries';

/** The order as it now stands, which a 409 carries in its details (docs/orders.md#concurrent-changes). */
export function currentOrderOf(error: unknown): OrderDetailResponse | null {
  if (!(error instanceof ApiError)) return null;
  const order = (error.details as { order?: unknown } | undefined)?.order;
  return orderDetailResponseSchema.safeParse(order).data ?? null;
}

interface OrderActionOptions {
  orderId: number;
  /** e.g. 'cancel': POST /api/orders/{id}/cancel. */
  action: string;
  /** The toast after it worked: 'Order WO-1042 cancelled'. */
  done: string;
  /** The toast when it failed without a message of the server's. */
  failed: string;
  /** After either outcome (closing a dialog, say). */
  onSettled?: () => void;
}

/**
 * A buyer's change of one order made from the version on screen (cancel, confirm, decline:
 * docs/orders.md#concurrent-changes): POST /api/orders/{id}/{action} with `{ version, ...body }`. The answer
 * (the order as it now is) replaces the one on screen; a refusal says why in a toast, and one that carries the
 * order as it now stands shows it at once. Every order list is refreshed after.
 */
export function useOrderAction({ orderId, action, done, failed, onSettled }: OrderActionOptions) {
  const queryClient = useQueryClient();
  const detailKey = orderDetailQueryOptions(orderId).queryKey;
  return useMutation({
    mutationFn: (body: { version: number } & Record<string, unknown>) =>
      requestJson(`/api/orders/${orderId}/${action}`, orderDetailResponseSchema, { method: 'POST', body }),
    onSuccess: (answer) => {
      queryClient.setQueryData(detailKey, answer);
      toast.success(done);
    },
    onError: (error) => {
      const current = currentOrderOf(error);
      if (current) queryClient.setQueryData(detailKey, current);
      toast.error(serverMessage(error, failed));
    },
    onSettled: () => {
      onSettled?.();
      return queryClient.invalidateQueries({ queryKey: ORDERS_QUERY_KEY });
    },
  });
}
