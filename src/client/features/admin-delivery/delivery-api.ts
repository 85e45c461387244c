// Before any schema is built: zod must not probe for eval under the CSP (see the file).
import '../../lib/zod-config';
import { queryOptions, useMutation, useMutationState, useQueryClient } from '@tanstack/react-query';
import {
  deliveryProblemsResponseSchema,
  type DeliveryProblemsResponse,
} from '../../../shared/schemas/admin-delivery';
import { messageResponseSchema } from '../../../shared/schemas/auth';
import { requestJson } from '../../lib/api';
import { showError } from '../../lib/show-error';
import { toast } from '../../lib/toast';

/** The texts shown when the server sends no message of its own (docs/admin.md#admin-messages). */
export const DELIVERY_FALLBACKS = {
  load: 'Failed to load delivery problems',
  sendAgain: 'Failed to send the e-mail again',
} as const;

export const DELIVERY_QUERY_KEY = ['admin', 'delivery'] as const;
const PROBLEMS_KEY = [...DELIVERY_QUERY_KEY, 'problems'] as const;

/** GET /api/admin/delivery-problems: the e-mails the portal gave up on, newest first, at most 200. */
export const deliveryProblemsQueryOptions = queryOptions({
  queryKey: PROBLEMS_KEY,
  queryFn: ({ signal }) =>
    requestJson('/api/admin/delivery-problems', deliveryProblemsResponseSchema, { signal }),
});

/** Every 'Send again' of one problem shares this key, so its button knows, even when re-mounted. */
function sendAgainKey(id: number) {
  return [...DELIVERY_QUERY_KEY, 'send-again', id] as const;
}

/**
 * POST /api/admin/delivery-problems/{id}/send-again (docs/admin.md#delivery-problems). Success toasts the
 * server's message and takes the row out at once, so it cannot be sent twice; a failure (a 404 when it was
 * sent again elsewhere) toasts the server's message or the fallback. The list reloads either way.
 */
export function useSendAgain(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: sendAgainKey(id),
    mutationFn: () =>
      requestJson(`/api/admin/delivery-problems/${id}/send-again`, messageResponseSchema, {
        method: 'POST',
      }),
    onSuccess: ({ message }) => {
      toast.success('Success', { description: message });
      queryClient.setQueryData<DeliveryProblemsResponse>(
        PROBLEMS_KEY,
        (list) =>
          list && {
            problems: list.problems.filter((problem) => problem.id !== id),
            total: Math.max(0, list.total - 1),
          },
      );
    },
    onError: (error) => showError(error, DELIVERY_FALLBACKS.sendAgain),
    onSettled: () => queryClient.invalidateQueries({ queryKey: PROBLEMS_KEY }),
  });
}

/** Whether a 'Send again' of this problem is on its way, whichever button started it. */
export function useIsSendingAgain(id: number): boolean {
  return useMutationState({ filters: { mutationKey: sendAgainKey(id), status: 'pending' } }).length > 0;
}
