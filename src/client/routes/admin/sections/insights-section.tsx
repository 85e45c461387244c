import { AdminSectionHeader, ADMIN_SECTION_HEADING_ID } from '../../../components/admin/admin-section-header';
import { Insights } from '../../../features/admin-insights/insights';

/**
 * The 'Insights' section of the admin dashboard (docs/admin.md#insights, issue 20), first in the sidebar and
 * the dashboard's default: orders and revenue, tiers, the pipeline, what waits longest, the top customers
 * and overdue payments. Rendered by the dashboard shell.
 */
export function InsightsSection() {
  return (
    <section aria-labelledby={ADMIN_SECTION_HEADING_ID} className="space-y-6">
      <AdminSectionHeader id="insights" />
      <Insights />
    </section>
  );
}
