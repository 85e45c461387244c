import { queryOptions } from '@tanstack/react-query';
import type { PolicyKind } from '../../../shared/policy-pages';
import { adminPolicyListSchema, adminPolicySchema, type PolicyInput } from '../../../shared/schemas/policies';
import { requestJson } from '../../lib/api';

/** GET /api/admin/policies: both documents, terms first (docs/admin.md#policies). */
export const adminPoliciesQueryOptions = queryOptions({
  queryKey: ['admin', 'policies'],
  queryFn: ({ signal }) => requestJson('/api/admin/policies', adminPolicyListSchema, { signal }),
});

/** PUT /api/admin/policies/{kind}: the saved document, as the server trimmed it. */
export const savePolicy = (kind: PolicyKind, body: PolicyInput) =>
  requestJson(`/api/admin/policies/${kind}`, adminPolicySchema, { method: 'PUT', body });
