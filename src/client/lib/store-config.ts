import { queryOptions, useQuery } from '@tanstack/react-query';
import { replySchema, requestJson } from './api';

/** GET /api/config: store name and footer links. It only changes with a deploy, so it never goes stale. */
export const storeConfigQueryOptions = queryOptions({
  queryKey: ['config'],
  queryFn: ({ signal }) =>
    requestJson(
      '/api/config',
      replySchema((s) => s.publicConfigSchema),
      { signal },
    ),
  staleTime: Infinity,
});

/** Shown when /api/config cannot be loaded, so the shell never renders an empty brand. */
export const FALLBACK_STORE_NAME = 'Wholesale Portal';

export function useStoreConfig() {
  return useQuery(storeConfigQueryOptions);
}
