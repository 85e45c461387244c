// Before any schema is built: zod must not probe for eval under the CSP (see the file).
import '../../lib/zod-config';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '../../lib/toast';
import {
  adminCatalogMessageSchema,
  adminProductListSchema,
  allowedSkuListSchema,
  allowedSkuSchema,
  importProductResponseSchema,
  productCountResponseSchema,
  updateVariantPriceResponseSchema,
  updateVariantVisibilityResponseSchema,
  type AllowedSku,
  type CreateAllowedSkuRequest,
  type UpdateVariantPriceRequest,
  type UpdateVariantVisibilityRequest,
} from '../../../shared/schemas/admin-catalog';
import { requestJson, serverMessage, UnexpectedReplyError } from '../../lib/api';
import { showError } from '../../lib/show-error';

/** The fallbacks shown when the server sends no message of its own (docs/admin.md#admin-messages). */
export const CATALOG_FALLBACKS = {
  addSku: 'Failed to add SKU',
  updateSku: 'Failed to update SKU status',
  deleteSku: 'Failed to delete SKU',
  refresh: 'Failed to refresh products from Shopify',
  sync: 'Failed to sync with Shopify',
  import: 'Failed to import product from Shopify',
  importInvalidResponse: 'Invalid response from server...',
  visibility: 'Failed to update variant visibility',
  price: 'Could not update product price',
} as const;

export const ADMIN_CATALOG_QUERY_KEY = ['admin', 'catalog'] as const;

export const allowedSkusQueryOptions = queryOptions({
  queryKey: [...ADMIN_CATALOG_QUERY_KEY, 'allowed-skus'],
  queryFn: ({ signal }) => requestJson('/api/admin/allowed-skus', allowedSkuListSchema, { signal }),
});

export const productsWithVariantsQueryOptions = queryOptions({
  queryKey: [...ADMIN_CATALOG_QUERY_KEY, 'products-with-variants'],
  queryFn: ({ signal }) =>
    requestJson('/api/admin/products-with-variants', adminProductListSchema, { signal }),
});

/**
 * After any catalogue change: both admin lists reload (a SKU decides a variant's status), and what this
 * browser cached of the storefront (products, prices) is stale.
 */
function useRefreshCatalog() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: ADMIN_CATALOG_QUERY_KEY }),
      queryClient.invalidateQueries({ queryKey: ['products'] }),
      queryClient.invalidateQueries({ queryKey: ['pricing-catalog'] }),
      // The Pricing section lists the storefront's products for custom prices.
      queryClient.invalidateQueries({ queryKey: ['admin', 'pricing'] }),
    ]);
}

export function useAddAllowedSku(options: { onAdded: () => void }) {
  const refresh = useRefreshCatalog();
  return useMutation({
    mutationFn: (values: CreateAllowedSkuRequest) =>
      requestJson('/api/admin/allowed-skus', allowedSkuSchema, { method: 'POST', body: values }),
    onSuccess: async (created) => {
      toast.success('Success', { description: `${created.sku} was added to the allowed SKUs` });
      options.onAdded();
      await refresh();
    },
    onError: (error) => showError(error, CATALOG_FALLBACKS.addSku),
  });
}

export function useSetAllowedSkuActive() {
  const refresh = useRefreshCatalog();
  return useMutation({
    mutationFn: ({ id, isActive }: Pick<AllowedSku, 'id' | 'isActive'>) =>
      requestJson(`/api/admin/allowed-skus/${id}`, allowedSkuSchema, {
        method: 'PATCH',
        body: { isActive },
      }),
    onSuccess: async (updated) => {
      toast.success('Success', {
        description: `${updated.sku} is now ${updated.isActive ? 'active' : 'inactive'}`,
      });
      await refresh();
    },
    onError: (error) => showError(error, CATALOG_FALLBACKS.updateSku),
  });
}

export function useDeleteAllowedSku(options: { onDeleted: () => void }) {
  const refresh = useRefreshCatalog();
  return useMutation({
    mutationFn: (id: number) =>
      requestJson(`/api/admin/allowed-skus/${id}`, adminCatalogMessageSchema, { method: 'DELETE' }),
    onSuccess: async (answer) => {
      toast.success('Success', { description: answer.message });
      options.onDeleted();
      await refresh();
    },
    onError: (error) => showError(error, CATALOG_FALLBACKS.deleteSku),
  });
}

/** 'Refresh from Shopify' and 'Sync with Shopify': both report how many products they handled. */
export function useShopifyCountAction(action: 'refresh' | 'sync') {
  const refresh = useRefreshCatalog();
  return useMutation({
    mutationFn: () =>
      requestJson(
        action === 'refresh' ? '/api/admin/refresh-products' : '/api/admin/sync-products',
        productCountResponseSchema,
        { method: 'POST' },
      ),
    onSuccess: async (answer) => {
      toast.success('Success', { description: answer.message });
      await refresh();
    },
    onError: (error) =>
      showError(error, action === 'refresh' ? CATALOG_FALLBACKS.refresh : CATALOG_FALLBACKS.sync),
  });
}

/** An answer that is not the import's shape gets the spec's own words (docs/admin.md#admin-messages). */
function importFailureText(error: unknown): string {
  if (error instanceof UnexpectedReplyError) {
    return CATALOG_FALLBACKS.importInvalidResponse;
  }
  return serverMessage(error, CATALOG_FALLBACKS.import);
}

export function useImportShopifyProduct(options: { onImported: () => void }) {
  const refresh = useRefreshCatalog();
  return useMutation({
    mutationFn: (shopifyProductId: string) =>
      requestJson(
        `/api/admin/shopify-product/${encodeURIComponent(shopifyProductId)}`,
        importProductResponseSchema,
      ),
    onSuccess: async (answer) => {
      if (!answer.success) {
        toast.error('Error', { description: answer.message || CATALOG_FALLBACKS.import });
        return;
      }
      toast.success('Success', { description: answer.message });
      options.onImported();
      await refresh();
    },
    onError: (error) => toast.error('Error', { description: importFailureText(error) }),
  });
}

export function useSetVariantVisibility() {
  const refresh = useRefreshCatalog();
  return useMutation({
    mutationFn: (values: UpdateVariantVisibilityRequest) =>
      requestJson('/api/admin/update-variant-visibility', updateVariantVisibilityResponseSchema, {
        method: 'POST',
        body: values,
      }),
    onSuccess: async (answer) => {
      toast.success('Success', { description: answer.message });
      await refresh();
    },
    onError: (error) => showError(error, CATALOG_FALLBACKS.visibility),
  });
}

export function useSetVariantPrice(options: { onSaved: () => void }) {
  const refresh = useRefreshCatalog();
  return useMutation({
    mutationFn: (values: UpdateVariantPriceRequest) =>
      requestJson('/api/admin/update-variant-price', updateVariantPriceResponseSchema, {
        method: 'POST',
        body: values,
      }),
    onSuccess: async (answer) => {
      toast.success('Success', { description: answer.message });
      options.onSaved();
      await refresh();
    },
    onError: (error) => showError(error, CATALOG_FALLBACKS.price),
  });
}
