// Before any schema is built: zod must not probe for eval under the CSP (see the file).
import '../../lib/zod-config';
import {
  keepPreviousData,
  queryOptions,
  useMutation,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import { toast } from '../../lib/toast';
import {
  ADMIN_ORDERS_EXPORT_PATH,
  ADMIN_ORDERS_PAGE_SIZE,
  adminOrderItemsResponseSchema,
  adminOrderSchema,
  adminOrderListResponseSchema,
  adminOrdersQueryString,
  paymentReminderResponseSchema,
  updateOrderStatusResponseSchema,
  type AdminOrder,
  type AdminOrderListResponse,
  type AdminOrderStatusFilter,
} from '../../../shared/schemas/admin-orders';
import type { OrderStatus } from '../../../shared/schemas/orders';
import { ApiError, requestJson } from '../../lib/api';
import { showError } from '../../lib/show-error';

/** The status change's fallback and the order details' failure text (docs/admin.md#admin-messages). */
export const UPDATE_STATUS_FALLBACK = 'Failed to update order status';
export const LOAD_DETAILS_FAILED = 'Failed to load order details';
export const RETRY_SYNC_FALLBACK = 'Failed to send the order to Shopify';
export const PAYMENT_REMINDER_FALLBACK = 'Failed to send the payment reminder';

export const ADMIN_ORDERS_QUERY_KEY = ['admin', 'orders'] as const;

export interface AdminOrdersFilter {
  search: string;
  status: AdminOrderStatusFilter;
}

/** GET /api/admin/orders: one page of the filtered list; the previous page stays while the next loads. */
export function adminOrderListQueryOptions(filter: AdminOrdersFilter, page: number) {
  const search = filter.search.trim();
  return queryOptions({
    queryKey: [...ADMIN_ORDERS_QUERY_KEY, 'list', { search, status: filter.status, page }],
    queryFn: ({ signal }) =>
      requestJson(
        `/api/admin/orders${adminOrdersQueryString({ search, status: filter.status, page, limit: ADMIN_ORDERS_PAGE_SIZE })}`,
        adminOrderListResponseSchema,
        { signal },
      ),
    placeholderData: keepPreviousData,
  });
}

/** GET /api/admin/orders/{id}/items. */
export function adminOrderItemsQueryOptions(orderId: number) {
  return queryOptions({
    queryKey: [...ADMIN_ORDERS_QUERY_KEY, 'items', orderId],
    queryFn: ({ signal }) =>
      requestJson(`/api/admin/orders/${orderId}/items`, adminOrderItemsResponseSchema, { signal }),
  });
}

/** The CSV download of every order the filter matches (all pages). */
export function adminOrdersExportUrl(filter: AdminOrdersFilter): string {
  return `${ADMIN_ORDERS_EXPORT_PATH}${adminOrdersQueryString(filter)}`;
}

export interface StatusChange {
  orderId: number;
  status: OrderStatus;
  /** The version of the order on screen. */
  version: number;
}

/** The order as it now stands, which a 409 of a status change or a lines edit carries in its details. */
export function currentAdminOrderOf(details: unknown) {
  return adminOrderSchema.safeParse((details as { order?: unknown } | undefined)?.order).data ?? null;
}

/** PATCH /api/admin/orders/{id}/status; the lists reload afterwards, success or not. */
export function useUpdateOrderStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ orderId, status, version }: StatusChange) =>
      requestJson(`/api/admin/orders/${orderId}/status`, updateOrderStatusResponseSchema, {
        method: 'PATCH',
        body: { status, version },
      }),
    onSuccess: (answer) => {
      showChangedOrder(queryClient, answer.order);
      toast.success('Order status updated', { description: answer.message });
    },
    onError: (error) => {
      // The order changed since it was listed (docs/orders.md#concurrent-changes): shown as it now stands.
      const current = error instanceof ApiError ? currentAdminOrderOf(error.details) : null;
      if (current) showChangedOrder(queryClient, current);
      showError(error, UPDATE_STATUS_FALLBACK);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: [...ADMIN_ORDERS_QUERY_KEY, 'list'] }),
  });
}

/**
 * POST /api/admin/orders/{id}/shopify-sync: staff send an order whose draft could not be made to Shopify
 * again (issue 8 'awaiting sync'); the row shows 'Awaiting Shopify sync' at once.
 */
export function useRetryShopifySync() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (orderId: number) =>
      requestJson(`/api/admin/orders/${orderId}/shopify-sync`, updateOrderStatusResponseSchema, {
        method: 'POST',
      }),
    onSuccess: (answer) => {
      showChangedOrder(queryClient, answer.order);
      toast.success('Sent to Shopify', { description: answer.message });
    },
    onError: (error) => showError(error, RETRY_SYNC_FALLBACK),
    onSettled: () => queryClient.invalidateQueries({ queryKey: [...ADMIN_ORDERS_QUERY_KEY, 'list'] }),
  });
}

/**
 * POST /api/admin/orders/{id}/payment-reminder (docs/admin.md#orders): e-mails the buyer of an approved,
 * unpaid order on net terms; the row shows 'Reminder sent <date>' at once. A refusal (paid, cancelled, not
 * on terms) toasts the server's reason.
 */
export function useSendPaymentReminder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (orderId: number) =>
      requestJson(`/api/admin/orders/${orderId}/payment-reminder`, paymentReminderResponseSchema, {
        method: 'POST',
      }),
    onSuccess: (answer) => {
      showChangedOrder(queryClient, answer.order);
      toast.success(answer.message, {
        description: `${answer.order.customerEmail} was reminded to pay order ${answer.order.orderNumber}.`,
      });
    },
    onError: (error) => showError(error, PAYMENT_REMINDER_FALLBACK),
    onSettled: () => queryClient.invalidateQueries({ queryKey: [...ADMIN_ORDERS_QUERY_KEY, 'list'] }),
  });
}

/** The row shows the server's answer at once; the refetch that follows decides whether it still matches. */
export function showChangedOrder(queryClient: QueryClient, changed: AdminOrder) {
  queryClient.setQueriesData<AdminOrderListResponse>(
    { queryKey: [...ADMIN_ORDERS_QUERY_KEY, 'list'] },
    (list) =>
      list && {
        ...list,
        orders: list.orders.map((order) => (order.id === changed.id ? changed : order)),
      },
  );
}
