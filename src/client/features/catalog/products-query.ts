import { queryOptions } from '@tanstack/react-query';
import { replySchema, requestJson } from '../../lib/api';
import { PRODUCTS_STALE_TIME_MS } from '../../lib/query-client';

/** GET /api/products: the catalogue the customer may order from, tester included. */
export const productsQueryOptions = queryOptions({
  queryKey: ['products'],
  queryFn: ({ signal }) =>
    requestJson(
      '/api/products',
      replySchema((s) => s.productListSchema),
      { signal },
    ),
  staleTime: PRODUCTS_STALE_TIME_MS,
});
