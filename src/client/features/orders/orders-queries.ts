import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import {
  orderDetailResponseSchema,
  orderListResponseSchema,
  ORDERS_PAGE_SIZE,
} from '../../../shared/schemas/orders';
import { requestJson } from '../../lib/api';

/** Every orders query starts with this, so one invalidation (after a new order) refreshes them all. */
export const ORDERS_QUERY_KEY = ['orders'] as const;

/** GET /api/orders?page={n}&limit=5 (spec 000 §7, §9). The previous page stays on screen while the next loads. */
export function orderListQueryOptions(page: number) {
  return queryOptions({
    queryKey: [...ORDERS_QUERY_KEY, 'list', page],
    queryFn: ({ signal }) =>
      requestJson(`/api/orders?page=${page}&limit=${ORDERS_PAGE_SIZE}`, orderListResponseSchema, { signal }),
    placeholderData: keepPreviousData,
  });
}

/** GET /api/orders/{id} (spec 000 §7). */
export function orderDetailQueryOptions(orderId: number) {
  return queryOptions({
    queryKey: [...ORDERS_QUERY_KEY, 'detail', orderId],
    queryFn: ({ signal }) => requestJson(`/api/orders/${orderId}`, orderDetailResponseSchema, { signal }),
  });
}

/** A route's :id as an order id, or null when it cannot be one (then the page shows 'Order Not Found'). */
export function parseOrderId(raw: string | undefined): number | null {
  if (!raw || !/^\d{1,15}$/.test(raw)) return null;
  const id = Number(raw);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

/** ?page= as a page number: 1 unless it is a whole number from 1 on. */
export function parsePageParam(raw: string | null): number {
  if (!raw || !/^\d{1,6}$/.test(raw)) return 1;
  return Math.max(1, Number(raw));
}
