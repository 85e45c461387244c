// Before any schema is built: zod must not probe for eval under the CSP (see the file).
import '../../lib/zod-config';
import {
  keepPreviousData,
  queryOptions,
  useMutation,
  useMutationState,
  useQueryClient,
} from '@tanstack/react-query';
import { toast } from '../../lib/toast';
import {
  ADMIN_SUPPORT_PAGE_SIZE,
  adminSupportListResponseSchema,
  updateSupportStatusResponseSchema,
  type AdminSupportListResponse,
  type SupportMessageStatus,
} from '../../../shared/schemas/admin-support';
import { requestJson } from '../../lib/api';
import { showError } from '../../lib/show-error';
import { SUPPORT_STATUS_LABELS, type SupportStatusFilter } from './support-status';

/** The toast's fallback when the server gives no reason (a lost connection, a proxy's error page). */
export const UPDATE_SUPPORT_STATUS_FALLBACK = 'Failed to update message status';

export const ADMIN_SUPPORT_QUERY_KEY = ['admin', 'support'] as const;
const LIST_KEY = [...ADMIN_SUPPORT_QUERY_KEY, 'messages'] as const;

export interface AdminSupportFilter {
  status: SupportStatusFilter;
  /** Only the messages about this order (a link from the Orders section), or every message. */
  orderId: number | null;
}

/** `?status=open&orderId=12&page=1&limit=20`; 'all' is the server's default, so it is left out. */
export function adminSupportQueryString(filter: AdminSupportFilter, page: number): string {
  const params = new URLSearchParams();
  if (filter.status !== 'all') params.set('status', filter.status);
  if (filter.orderId !== null) params.set('orderId', String(filter.orderId));
  params.set('page', String(page));
  params.set('limit', String(ADMIN_SUPPORT_PAGE_SIZE));
  return `?${params.toString()}`;
}

/** GET /api/admin/support/messages: one page, newest first; the previous page stays while the next loads. */
export function adminSupportListQueryOptions(filter: AdminSupportFilter, page: number) {
  return queryOptions({
    queryKey: [...LIST_KEY, { status: filter.status, orderId: filter.orderId, page }],
    queryFn: ({ signal }) =>
      requestJson(
        `/api/admin/support/messages${adminSupportQueryString(filter, page)}`,
        adminSupportListResponseSchema,
        { signal },
      ),
    placeholderData: keepPreviousData,
  });
}

/** Every status change of one message shares this key, wherever it was made (the row or the dialog). */
function statusChangeKey(messageId: number) {
  return [...ADMIN_SUPPORT_QUERY_KEY, 'status', messageId] as const;
}

/**
 * PATCH /api/admin/support/messages/{id} for one message; the lists (and their counts) reload afterwards,
 * success or not. While it is saved, useSavingSupportStatus tells every control of that message.
 */
export function useUpdateSupportStatus(messageId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: statusChangeKey(messageId),
    mutationFn: (status: SupportMessageStatus) =>
      requestJson(`/api/admin/support/messages/${messageId}`, updateSupportStatusResponseSchema, {
        method: 'PATCH',
        body: { status },
      }),
    onSuccess: ({ message }) => {
      // The row shows its new status at once; the refetch below then decides whether it still matches.
      queryClient.setQueriesData<AdminSupportListResponse>(
        { queryKey: LIST_KEY },
        (list) =>
          list && {
            ...list,
            messages: list.messages.map((stored) => (stored.id === message.id ? message : stored)),
          },
      );
      toast.success('Message status updated', {
        description: `Marked as ${SUPPORT_STATUS_LABELS[message.status]}.`,
      });
    },
    onError: (error) => showError(error, UPDATE_SUPPORT_STATUS_FALLBACK),
    onSettled: () => queryClient.invalidateQueries({ queryKey: LIST_KEY }),
  });
}

/**
 * The status a message is being changed to, or null when no change of it is being saved. The row's select
 * and the dialog's buttons each start their own mutation; reading the pending one from the cache keeps
 * both disabled (and showing the chosen status) whichever of them started it.
 */
export function useSavingSupportStatus(messageId: number): SupportMessageStatus | null {
  const saving = useMutationState({
    filters: { mutationKey: statusChangeKey(messageId), status: 'pending' },
    // The key is this message's status change alone, so its variables are a status.
    select: (mutation) => mutation.state.variables as SupportMessageStatus,
  });
  return saving.at(-1) ?? null;
}
