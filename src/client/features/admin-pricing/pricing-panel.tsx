import type { ReactNode } from 'react';
import { TableHead } from '../../components/ui/table';

interface PricingPanelProps {
  headingId: string;
  title: string;
  description: ReactNode;
  /** A button beside the heading, e.g. 'Add Tier'. */
  action?: ReactNode;
  children: ReactNode;
}

/** One panel of the Pricing section: a card with its heading, a line under it, and its content. */
export function PricingPanel({ headingId, title, description, action, children }: PricingPanelProps) {
  const heading = (
    <div className="space-y-1">
      <h2 id={headingId} className="text-lg font-semibold">
        {title}
      </h2>
      <p className="text-sm text-muted-foreground">{description}</p>
    </div>
  );
  return (
    <section
      aria-labelledby={headingId}
      className="rounded-2xl border border-border bg-card p-4 shadow-sm sm:p-6"
    >
      {action ? (
        <div className="flex flex-wrap items-start justify-between gap-3">
          {heading}
          {action}
        </div>
      ) : (
        heading
      )}
      {children}
    </section>
  );
}

/** The header cell over a row's buttons, named for screen readers only. */
export function ActionsHead() {
  return (
    // relative: keeps the absolutely placed sr-only text inside the scrolling table.
    <TableHead className="relative px-2 text-right sm:px-4">
      <span className="sr-only">Actions</span>
    </TableHead>
  );
}
