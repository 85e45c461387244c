import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn';

/** A placeholder block; hidden from assistive tech, so pair it with a status text. */
export function Skeleton({ className, ...props }: ComponentProps<'div'>) {
  return (
    <div
      aria-hidden="true"
      className={cn('animate-pulse bg-foreground/8 weak:rounded-md', className)}
      {...props}
    />
  );
}
