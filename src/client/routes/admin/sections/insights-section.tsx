import { useId } from 'react';
import { Insights } from '../../../features/admin-insights/insights';

/**
 * The 'Insights' section of the admin dashboard (docs/admin.md#insights, issue 20), first in the sidebar and
 * the dashboard's default: orders and revenue, tiers, the pipeline, what waits longest, the top customers
 * and overdue payments. Rendered by the dashboard shell.
 */
export function InsightsSection() {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="space-y-6">
      <header className="space-y-1">
        <h2 id={headingId} className="text-2xl font-semibold tracking-tight">
          Insights
        </h2>
        <p className="text-muted-foreground">
          How ordering is going: orders and revenue, the pipeline, what is waiting longest, the best customers
          and overdue payments.
        </p>
      </header>
      <Insights />
    </section>
  );
}
