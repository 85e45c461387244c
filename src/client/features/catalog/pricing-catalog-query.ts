import { queryOptions } from '@tanstack/react-query';
import { ApiError, replySchema, requestJson } from '../../lib/api';
import { PRODUCTS_STALE_TIME_MS } from '../../lib/query-client';

/**
 * GET /api/pricing-catalog: volume tiers, custom tier prices and bundle components, so the browser prices
 * the cart itself with the shared engine
 * (docs/catalogue-and-pricing.md#prices-in-the-browser-and-on-the-server) instead of asking the server on
 * every keystroke. Cached like the products (5 minutes). At most one retry, none for a client error: without
 * it the order form still works at base prices, so a broken endpoint should not keep the buyer waiting
 * through the app's full back-off.
 */
export const pricingCatalogQueryOptions = queryOptions({
  queryKey: ['pricing-catalog'],
  queryFn: ({ signal }) =>
    requestJson(
      '/api/pricing-catalog',
      replySchema((s) => s.pricingCatalogSchema),
      { signal },
    ),
  staleTime: PRODUCTS_STALE_TIME_MS,
  retry: (failureCount, error) =>
    failureCount < 1 && !(error instanceof ApiError && error.status >= 400 && error.status < 500),
});
