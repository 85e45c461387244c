import { RotateCw, TriangleAlert } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '../lib/cn';
import { Button } from './ui/button';

interface LoadErrorProps {
  /** What could not be loaded, e.g. <p>Your orders could not be loaded. Please try again.</p>. */
  children: ReactNode;
  onRetry: () => void;
  /** Retry is disabled while the list loads again. */
  retrying?: boolean;
  /** A small block beside a form rather than one standing for the whole content. */
  compact?: boolean;
  className?: string;
}

/**
 * A load that failed, said plainly with Retry (docs/storefront.md#messages): the rest of the page keeps
 * working.
 */
export function LoadError({
  children,
  onRetry,
  retrying = false,
  compact = false,
  className,
}: LoadErrorProps) {
  return (
    <div
      role="alert"
      className={cn(
        'flex flex-col items-center gap-3 rounded-xl border border-destructive/30 bg-destructive-muted text-center',
        compact ? 'px-4 py-5 text-sm' : 'px-6 py-10',
        className,
      )}
    >
      <TriangleAlert aria-hidden="true" className={cn('text-destructive', compact ? 'size-6' : 'size-8')} />
      {children}
      <Button variant="outline" size={compact ? 'sm' : 'default'} onClick={onRetry} disabled={retrying}>
        <RotateCw aria-hidden="true" />
        Retry
      </Button>
    </div>
  );
}
