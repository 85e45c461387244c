import { QueryClient, type DefaultOptions } from '@tanstack/react-query';
import { ApiError } from './api';

/** Products are cached for 5 minutes (docs/storefront.md#timings-and-limits). */
export const PRODUCTS_STALE_TIME_MS = 5 * 60_000;

const MAX_RETRIES = 3;
const MAX_RETRY_DELAY_MS = 30_000;

/**
 * The app's query cache (docs/storefront.md#timings-and-limits): 3 retries with back-off from 1 s doubling to
 * a 30 s cap, and a 5-minute garbage-collection time. `overrides` lets tests switch retries off.
 */
export function createQueryClient(overrides: DefaultOptions['queries'] = {}): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: shouldRetry,
        retryDelay: (attempt) => Math.min(1000 * 2 ** attempt, MAX_RETRY_DELAY_MS),
        gcTime: 5 * 60_000,
        // Wholesale data changes slowly; refetching on every tab switch only adds server load.
        refetchOnWindowFocus: false,
        ...overrides,
      },
      // A repeated POST could submit an order twice; mutations never retry on their own.
      mutations: { retry: false },
    },
  });
}

function shouldRetry(failureCount: number, error: Error): boolean {
  if (failureCount >= MAX_RETRIES) return false;
  // A client error (bad input, no permission, not found) gives the same answer on every try.
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) {
    return error.status === 408 || error.status === 429;
  }
  return true;
}
