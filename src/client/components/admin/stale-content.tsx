import type { ReactNode } from 'react';

/**
 * A list still showing the previous answer while the next one loads (a new search, filter or page): a thin
 * moving bar above it says so. The rows keep their full colour, so their text keeps its contrast (faded
 * rows fell below WCAG's 4.5:1); the list's `aria-busy` tells assistive technology.
 */
export function StaleContent({ stale, children }: { stale: boolean; children: ReactNode }) {
  return (
    <div className="relative space-y-4">
      {stale ? (
        <div
          aria-hidden="true"
          data-testid="list-updating"
          className="absolute inset-x-0 -top-2 h-0.5 animate-pulse rounded-full bg-primary"
        />
      ) : null}
      {children}
    </div>
  );
}
