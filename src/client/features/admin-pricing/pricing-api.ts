// Before any schema is built: zod must not probe for eval under the CSP (see the file).
import '../../lib/zod-config';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '../../lib/toast';
import { isBundleProduct, isTesterProduct } from '../../../shared/pricing';
import {
  adminPricingMessageSchema,
  adminPricingTierListSchema,
  adminPricingTierSchema,
  deletePricingTierResponseSchema,
  productPricingListSchema,
  productPricingSchema,
  type PricingTierRequest,
  type ProductPricingRequest,
} from '../../../shared/schemas/admin-pricing';
import { productListSchema } from '../../../shared/schemas/products';
import { requestJson } from '../../lib/api';
import { showError } from '../../lib/show-error';
import { PRODUCTS_STALE_TIME_MS } from '../../lib/query-client';

/** The fallbacks shown when the server sends no message of its own (docs/admin.md#admin-messages). */
export const PRICING_FALLBACKS = {
  createTier: 'Failed to create pricing tier',
  updateTier: 'Failed to update pricing tier',
  deleteTier: 'Failed to delete pricing tier',
  createCustomPrice: 'Failed to create product pricing',
  deleteCustomPrice: 'Failed to delete product pricing',
} as const;

export const ADMIN_PRICING_QUERY_KEY = ['admin', 'pricing'] as const;

/**
 * The tiers from the admin list (read from the table): the public GET /api/pricing-tiers is served from the
 * storefront's cache, which hears of an edit a moment later, so the list could briefly show the old tier.
 */
export const tiersQueryOptions = queryOptions({
  queryKey: [...ADMIN_PRICING_QUERY_KEY, 'tiers'],
  queryFn: ({ signal }) => requestJson('/api/admin/pricing-tiers', adminPricingTierListSchema, { signal }),
});

export const customPricesQueryOptions = queryOptions({
  queryKey: [...ADMIN_PRICING_QUERY_KEY, 'custom-prices'],
  queryFn: ({ signal }) =>
    requestJson('/api/admin/product-pricing-tiers', productPricingListSchema, { signal }),
});

/**
 * The products a custom price can be set for: GET /api/products (cached 5 minutes, docs/admin.md#pricing)
 * without the tester (always free) and the bundle (priced through its components, ADR 0008).
 */
export const pricedProductsQueryOptions = queryOptions({
  queryKey: [...ADMIN_PRICING_QUERY_KEY, 'products'],
  queryFn: ({ signal }) => requestJson('/api/products', productListSchema, { signal }),
  staleTime: PRODUCTS_STALE_TIME_MS,
  select: (products) => products.filter((product) => !isTesterProduct(product) && !isBundleProduct(product)),
});

/** After any change: the admin lists reload, and the order form's cached prices are stale. */
function useRefreshPricing() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: ADMIN_PRICING_QUERY_KEY }),
      queryClient.invalidateQueries({ queryKey: ['pricing-catalog'] }),
    ]);
}

export interface SaveTierInput {
  /** Absent for a new tier. */
  id?: number;
  values: PricingTierRequest;
}

export function useSaveTier(options: { onSaved: () => void }) {
  const refresh = useRefreshPricing();
  return useMutation({
    mutationFn: ({ id, values }: SaveTierInput) =>
      id === undefined
        ? requestJson('/api/admin/pricing-tiers', adminPricingTierSchema, { method: 'POST', body: values })
        : requestJson(`/api/admin/pricing-tiers/${id}`, adminPricingTierSchema, {
            method: 'PATCH',
            body: values,
          }),
    onSuccess: async (tier, { id }) => {
      toast.success(id === undefined ? 'Pricing tier created' : 'Pricing tier updated', {
        description: tier.name,
      });
      options.onSaved();
      await refresh();
    },
    onError: (error, { id }) =>
      showError(error, id === undefined ? PRICING_FALLBACKS.createTier : PRICING_FALLBACKS.updateTier),
  });
}

export function useDeleteTier(options: { onDeleted: () => void }) {
  const refresh = useRefreshPricing();
  return useMutation({
    mutationFn: (id: number) =>
      requestJson(`/api/admin/pricing-tiers/${id}`, deletePricingTierResponseSchema, { method: 'DELETE' }),
    onSuccess: async (answer) => {
      toast.success('Pricing tier deleted', { description: answer.message });
      options.onDeleted();
      await refresh();
    },
    onError: (error) => showError(error, PRICING_FALLBACKS.deleteTier),
  });
}

export function useCreateCustomPrice(options: { onCreated: () => void }) {
  const refresh = useRefreshPricing();
  return useMutation({
    mutationFn: (values: ProductPricingRequest) =>
      requestJson('/api/admin/product-pricing-tiers', productPricingSchema, { method: 'POST', body: values }),
    onSuccess: async (created) => {
      toast.success('Product pricing created', {
        description: `${created.productName} at the ${created.tierName} tier`,
      });
      options.onCreated();
      await refresh();
    },
    onError: (error) => showError(error, PRICING_FALLBACKS.createCustomPrice),
  });
}

export function useDeleteCustomPrice(options: { onDeleted: () => void }) {
  const refresh = useRefreshPricing();
  return useMutation({
    mutationFn: (id: number) =>
      requestJson(`/api/admin/product-pricing-tiers/${id}`, adminPricingMessageSchema, { method: 'DELETE' }),
    onSuccess: async (answer) => {
      toast.success('Product pricing deleted', { description: answer.message });
      options.onDeleted();
      await refresh();
    },
    onError: (error) => showError(error, PRICING_FALLBACKS.deleteCustomPrice),
  });
}
