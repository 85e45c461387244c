// Before any schema is built: zod must not probe for eval under the CSP (see the file).
import '../../lib/zod-config';
import { queryOptions } from '@tanstack/react-query';
import { insightsResponseSchema } from '../../../shared/schemas/admin-insights';
import { requestJson } from '../../lib/api';

/** The text shown when the server sends no message of its own (docs/admin.md#admin-messages). */
export const INSIGHTS_LOAD_FALLBACK = 'Failed to load insights';

/**
 * GET /api/admin/insights (docs/admin.md#insights): every figure in one answer, asked again when the section
 * opens and with Refresh; the figures say when they were taken.
 */
export const insightsQueryOptions = queryOptions({
  queryKey: ['admin', 'insights'] as const,
  queryFn: ({ signal }) => requestJson('/api/admin/insights', insightsResponseSchema, { signal }),
});
