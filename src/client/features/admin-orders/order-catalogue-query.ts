import { queryOptions, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { catalogFromApi } from '../../../shared/pricing-catalog';
import type { PricingCatalog } from '../../../shared/pricing';
import type { PricingCatalogDto } from '../../../shared/schemas/pricing';
import type { Product } from '../../../shared/schemas/products';
import { replySchema, requestJson } from '../../lib/api';
import { PRODUCTS_STALE_TIME_MS } from '../../lib/query-client';
import { ADMIN_ORDERS_QUERY_KEY } from './admin-orders-queries';

/*
 * The catalogue staff order from: the storefront's own products and pricing catalogue (GET /api/products,
 * GET /api/pricing-catalog), priced with the shared engine, so staff see the prices the buyer would get
 * (docs/catalogue-and-pricing.md#prices-in-the-browser-and-on-the-server). The server prices the order again.
 */

const CATALOGUE_KEY = [...ADMIN_ORDERS_QUERY_KEY, 'catalogue'] as const;

const productsQueryOptions = queryOptions({
  queryKey: [...CATALOGUE_KEY, 'products'],
  queryFn: ({ signal }) =>
    requestJson(
      '/api/products',
      replySchema((s) => s.productListSchema),
      { signal },
    ),
  staleTime: PRODUCTS_STALE_TIME_MS,
});

const pricingQueryOptions = queryOptions({
  queryKey: [...CATALOGUE_KEY, 'pricing'],
  queryFn: ({ signal }) =>
    requestJson(
      '/api/pricing-catalog',
      replySchema((s) => s.pricingCatalogSchema),
      { signal },
    ),
  staleTime: PRODUCTS_STALE_TIME_MS,
});

/** No tiers, custom prices or components: every price at base (when they cannot be loaded). */
const BASE_PRICING: PricingCatalogDto = { tiers: [], customPrices: [], components: [] };

export interface OrderCatalogue {
  /** What may be ordered, as the storefront lists it. */
  products: readonly Product[];
  catalog: PricingCatalog;
  /** The volume tiers could not be loaded: prices are shown at base (the server still prices correctly). */
  discountsMissing: boolean;
}

/**
 * The catalogue once products and pricing have answered (null while loading, or when the products failed:
 * `error`). `retry` asks again for what failed.
 */
export function useOrderCatalogue() {
  const products = useQuery(productsQueryOptions);
  const pricing = useQuery(pricingQueryOptions);
  const catalogue = useMemo<OrderCatalogue | null>(
    () =>
      products.data && !pricing.isPending
        ? {
            products: products.data,
            catalog: catalogFromApi(products.data, pricing.data ?? BASE_PRICING),
            discountsMissing: !pricing.data,
          }
        : null,
    [products.data, pricing.isPending, pricing.data],
  );
  return {
    catalogue,
    error: products.data ? null : products.error,
    retry: () => {
      if (products.isError) void products.refetch();
      if (pricing.isError) void pricing.refetch();
    },
  };
}
