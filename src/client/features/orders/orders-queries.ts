import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import {
  orderDetailResponseSchema,
  orderListResponseSchema,
  ORDERS_PAGE_SIZE,
} from '../../../shared/schemas/orders';
import { requestJson } from '../../lib/api';
import { ORDERS_QUERY_KEY } from '../../lib/orders';

/**
 * GET /api/orders?page={n}&limit=5 (docs/orders.md#order-api, docs/storefront.md#order-history), of one
 * company location when `location` is given (docs/companies.md#orders). The previous page stays on screen
 * while the next loads.
 */
export function orderListQueryOptions(page: number, location: number | null = null) {
  const locationParam = location === null ? '' : `&location=${location}`;
  return queryOptions({
    queryKey: [...ORDERS_QUERY_KEY, 'list', page, location],
    queryFn: ({ signal }) =>
      requestJson(
        `/api/orders?page=${page}&limit=${ORDERS_PAGE_SIZE}${locationParam}`,
        orderListResponseSchema,
        {
          signal,
        },
      ),
    placeholderData: keepPreviousData,
  });
}

/** GET /api/orders/{id} (docs/orders.md#order-api). */
export function orderDetailQueryOptions(orderId: number) {
  return queryOptions({
    queryKey: [...ORDERS_QUERY_KEY, 'detail', orderId],
    queryFn: ({ signal }) => requestJson(`/api/orders/${orderId}`, orderDetailResponseSchema, { signal }),
  });
}

/** ?page= as a page number: 1 unless it is a whole number from 1 on. */
export function parsePageParam(raw: string | null): number {
  if (!raw || !/^\d{1,6}$/.test(raw)) return 1;
  return Math.max(1, Number(raw));
}
