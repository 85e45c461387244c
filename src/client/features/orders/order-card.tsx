import { useId, type ReactNode } from 'react';
import { cn } from '../../lib/cn';

interface OrderCardProps {
  title: string;
  /** Beside the title, e.g. a count or buttons. */
  aside?: ReactNode;
  className?: string;
  children: ReactNode;
}

/** A titled card; the title names the region for assistive technology. */
export function OrderCard({ title, aside, className, children }: OrderCardProps) {
  const titleId = useId();
  return (
    <section
      aria-labelledby={titleId}
      className={cn('min-w-0 rounded-2xl border border-border bg-card p-4 shadow-sm sm:p-6', className)}
    >
      <div className="mb-4 flex flex-wrap items-center justify-between gap-2">
        <h2 id={titleId} className="text-xl font-semibold">
          {title}
        </h2>
        {aside}
      </div>
      {children}
    </section>
  );
}
