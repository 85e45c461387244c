import type { AdminSupportListResponse } from '../../../shared/schemas/admin-support';
import { cn } from '../../lib/cn';
import { SUPPORT_STATUS_FILTERS, type SupportStatusFilter } from './support-status';

interface SupportStatusFilterProps {
  value: SupportStatusFilter;
  onChange: (value: SupportStatusFilter) => void;
  /** The whole inbox's counts per status; unknown until the first page has loaded. */
  counts: AdminSupportListResponse['counts'] | undefined;
}

/** All / Open / Answered / Closed, each with how many messages it holds. The chosen one is pressed. */
export function SupportStatusFilterButtons({ value, onChange, counts }: SupportStatusFilterProps) {
  return (
    <div
      role="group"
      aria-label="Filter by status"
      className="inline-flex w-full flex-wrap gap-1 rounded-lg bg-muted p-1 sm:w-auto"
    >
      {SUPPORT_STATUS_FILTERS.map((filter) => {
        const selected = filter.value === value;
        const count = counts ? countOf(filter.value, counts) : null;
        return (
          <button
            key={filter.value}
            type="button"
            aria-pressed={selected}
            onClick={() => onChange(filter.value)}
            className={cn(
              'flex flex-1 items-center justify-center gap-2 rounded-md px-3 py-2 text-sm font-medium transition-colors sm:flex-none',
              'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring',
              selected ? 'bg-card text-foreground shadow-sm' : 'text-muted-foreground hover:text-foreground',
            )}
          >
            {filter.label}
            {count === null ? null : (
              <span className="rounded-full bg-background px-2 text-xs tabular-nums">{count}</span>
            )}
          </button>
        );
      })}
    </div>
  );
}

function countOf(filter: SupportStatusFilter, counts: AdminSupportListResponse['counts']): number {
  return filter === 'all' ? counts.open + counts.answered + counts.closed : counts[filter];
}
