import { queryOptions } from '@tanstack/react-query';
import type { PolicyKind } from '../../shared/policy-pages';
import { publicPolicySchema } from '../../shared/schemas/policies';
import { requestJson } from './api';

/**
 * Every policy query starts with this key: the admin Policies section refreshes the public pages' copy when
 * it saves (docs/admin.md#policies).
 */
export const POLICIES_QUERY_KEY = ['policies'] as const;

/** GET /api/policies/{kind}: what the public /terms and /privacy pages show (docs/storefront.md#policy-pages). */
export function publicPolicyQueryOptions(kind: PolicyKind) {
  return queryOptions({
    queryKey: [...POLICIES_QUERY_KEY, kind],
    queryFn: ({ signal }) => requestJson(`/api/policies/${kind}`, publicPolicySchema, { signal }),
  });
}
