// Before any schema is built: zod must not probe for eval under the CSP (see the file).
import '../../lib/zod-config';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '../../lib/toast';
import {
  SHOPIFY_RECONCILE_PATH,
  shopifyReconcileResponseSchema,
} from '../../../shared/schemas/shopify-reconcile';
import { requestJson } from '../../lib/api';
import { showError } from '../../lib/show-error';
import { ADMIN_ORDERS_QUERY_KEY } from './admin-orders-queries';

export const RECONCILE_FALLBACK = 'Failed to check orders with Shopify';

/** POST /api/admin/shopify/reconcile; the orders reload afterwards, as payments and shipments may have changed. */
export function useReconcileShopify() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => requestJson(SHOPIFY_RECONCILE_PATH, shopifyReconcileResponseSchema, { method: 'POST' }),
    onSuccess: (result) => {
      toast.success('Shopify checked', { description: result.message });
    },
    onError: (error) => showError(error, RECONCILE_FALLBACK),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ADMIN_ORDERS_QUERY_KEY }),
  });
}
