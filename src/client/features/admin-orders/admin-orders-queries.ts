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
import { creditCheckDetailsSchema, type CreditCheckDetails } from '../../../shared/schemas/credit';
import { ApiError, requestJson, serverMessage } from '../../lib/api';
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

/** The statuses staff set by hand (never 'awaiting the buyer's confirmation': only New order makes one). */
export type StaffSetStatus = Exclude<OrderStatus, 'awaiting_confirmation'>;

export interface StatusChange {
  orderId: number;
  status: StaffSetStatus;
  /** The version of the order on screen. */
  version: number;
  /** Approve despite the credit check, for this reason (docs/credit.md#credit-hold-at-approval). */
  override?: { reason: string };
  /** With 'on_hold': staff's own words for the buyer; left out, the server words a credit problem itself. */
  holdReason?: string;
}

/** The code of a 409 whose approval the credit check stopped: staff decide (CreditCheckDialog). */
export const CREDIT_CHECK_CODE = 'CREDIT_CHECK';

/**
 * The server's refusal (400) of a decision's reason, the hold's ('Say why the order is on hold') or the
 * override's, which the dialog it was typed in shows; null for any other failure.
 */
export function refusedReasonOf(error: unknown, change: StatusChange): string | null {
  const decided = change.status === 'on_hold' || change.override !== undefined;
  return decided && error instanceof ApiError && error.status === 400
    ? serverMessage(error, UPDATE_STATUS_FALLBACK)
    : null;
}

/** Why the credit check stopped an approval, when `error` is that refusal; null for any other failure. */
export function creditCheckOf(error: unknown): CreditCheckDetails | null {
  if (!(error instanceof ApiError) || error.code !== CREDIT_CHECK_CODE) return null;
  return creditCheckDetailsSchema.safeParse(error.details).data ?? null;
}

/** The order as it now stands, which a 409 of a status change or a lines edit carries in its details. */
export function currentAdminOrderOf(details: unknown) {
  return adminOrderSchema.safeParse((details as { order?: unknown } | undefined)?.order).data ?? null;
}

/**
 * PATCH /api/admin/orders/{id}/status; the lists reload afterwards, success or not. An approval the credit
 * check stops (409 CREDIT_CHECK) is not toasted: the caller reads it with creditCheckOf and asks staff.
 */
export function useUpdateOrderStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ orderId, status, version, override, holdReason }: StatusChange) =>
      requestJson(`/api/admin/orders/${orderId}/status`, updateOrderStatusResponseSchema, {
        method: 'PATCH',
        body: { status, version, override, holdReason },
      }),
    onSuccess: (answer) => {
      showChangedOrder(queryClient, answer.order);
      toast.success('Order status updated', { description: answer.message });
    },
    onError: (error, change) => {
      // The credit check's refusal is no failure: the select asks staff to decide (CreditCheckDialog); a
      // refused reason is shown by the dialog it was typed in.
      if (creditCheckOf(error) || refusedReasonOf(error, change)) return;
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
