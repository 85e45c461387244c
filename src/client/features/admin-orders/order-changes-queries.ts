// Before any schema is built: zod must not probe for eval under the CSP (see the file).
import '../../lib/zod-config';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import {
  orderersResponseSchema,
  prepareOrderResponseSchema,
  staffEditOrderResponseSchema,
  type PrepareOrderRequest,
  type staffEditOrderRequestSchema,
} from '../../../shared/schemas/order-changes';
import { ApiError, requestJson } from '../../lib/api';
import { DATE_TIME_FORMAT, formatDate } from '../../lib/format-date';
import { toast } from '../../lib/toast';
import {
  ADMIN_ORDERS_QUERY_KEY,
  adminOrderItemsQueryOptions,
  currentAdminOrderOf,
  showChangedOrder,
} from './admin-orders-queries';

/*
 * Staff prepare an order for a buyer and change a pending order's lines (docs/admin.md#orders: 'New order',
 * 'Edit lines'). The server re-checks everything: these only send what staff chose.
 */

/** GET /api/admin/orders/orderers?search=: the owners and buyers staff may order for (at most 20). */
export function orderersQueryOptions(search: string) {
  const text = search.trim();
  return queryOptions({
    queryKey: [...ADMIN_ORDERS_QUERY_KEY, 'orderers', text],
    queryFn: ({ signal }) =>
      requestJson(
        `/api/admin/orders/orderers${text ? `?${new URLSearchParams({ search: text }).toString()}` : ''}`,
        orderersResponseSchema,
        { signal },
      ),
    placeholderData: keepPreviousData,
  });
}

/** The toast's words once an order is prepared: who is asked to confirm it, and by when. */
function preparedOrderWords(orderNumber: string, name: string, expiresAt: string) {
  return {
    title: `Order ${orderNumber} created`,
    description: `An e-mail asks ${name} to confirm it by ${formatDate(expiresAt, DATE_TIME_FORMAT)}.`,
  };
}

/** POST /api/admin/orders: the order waits for the buyer's confirmation; the list shows it at once. */
export function usePrepareOrder({ onCreated }: { onCreated: () => void }) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ request }: { request: PrepareOrderRequest; ordererName: string }) =>
      requestJson('/api/admin/orders', prepareOrderResponseSchema, { method: 'POST', body: request }),
    onSuccess: (answer, { ordererName }) => {
      const words = preparedOrderWords(answer.orderNumber, ordererName, answer.confirmationExpiresAt);
      toast.success(words.title, { description: words.description });
      onCreated();
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: [...ADMIN_ORDERS_QUERY_KEY, 'list'] }),
  });
}

type StaffEditOrderRequest = z.input<typeof staffEditOrderRequestSchema>;

/**
 * PUT /api/admin/orders/{id}/items: staff change a pending or awaiting order's lines, from the version on
 * screen. Saved or refused because the order changed meanwhile (409 with the row as it now stands), the row
 * and the lines shown become the order's own again.
 */
export function useStaffEditOrder(orderId: number) {
  const queryClient = useQueryClient();
  const reloadLines = () =>
    queryClient.invalidateQueries({ queryKey: adminOrderItemsQueryOptions(orderId).queryKey });
  return useMutation({
    mutationFn: (request: StaffEditOrderRequest) =>
      requestJson(`/api/admin/orders/${orderId}/items`, staffEditOrderResponseSchema, {
        method: 'PUT',
        body: request,
      }),
    onSuccess: (answer) => {
      showChangedOrder(queryClient, answer.order);
      void reloadLines();
      toast.success(`Order ${answer.order.orderNumber} changed`, { description: answer.message });
    },
    onError: (error) => {
      const current = error instanceof ApiError ? currentAdminOrderOf(error.details) : null;
      if (current) {
        showChangedOrder(queryClient, current);
        void reloadLines();
      }
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: [...ADMIN_ORDERS_QUERY_KEY, 'list'] }),
  });
}
