import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn';

type TableProps = ComponentProps<'table'> & {
  /**
   * For a table with nothing focusable in it: its scrolling box takes the keyboard's focus (named as the
   * table), so a keyboard can scroll it when it is wider than the screen (WCAG 2.1.1, axe's
   * scrollable-region-focusable). A table with links or buttons is scrolled by tabbing to them.
   */
  keyboardScroll?: boolean;
};

export function Table({ className, keyboardScroll = false, ...props }: TableProps) {
  return (
    <div
      className={cn(
        'w-full overflow-x-auto',
        keyboardScroll &&
          'rounded-md focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring',
      )}
      {...(keyboardScroll ? { tabIndex: 0, role: 'group', 'aria-label': props['aria-label'] } : {})}
    >
      <table className={cn('w-full caption-bottom text-sm', className)} {...props} />
    </div>
  );
}

export function TableHeader({ className, ...props }: ComponentProps<'thead'>) {
  return <thead className={cn('[&_tr]:border-b [&_tr]:border-border', className)} {...props} />;
}

export function TableBody({ className, ...props }: ComponentProps<'tbody'>) {
  return <tbody className={cn('[&_tr:last-child]:border-0', className)} {...props} />;
}

export function TableRow({ className, ...props }: ComponentProps<'tr'>) {
  return <tr className={cn('border-b border-border', className)} {...props} />;
}

export function TableHead({ className, ...props }: ComponentProps<'th'>) {
  return (
    <th
      className={cn(
        'h-11 align-middle font-semibold weak:px-4 weak:text-left weak:text-muted-foreground',
        className,
      )}
      {...props}
    />
  );
}

export function TableCell({ className, ...props }: ComponentProps<'td'>) {
  return <td className={cn('align-middle weak:px-4 weak:py-3', className)} {...props} />;
}

export function TableCaption({ className, ...props }: ComponentProps<'caption'>) {
  return <caption className={cn('mt-4 text-sm text-muted-foreground', className)} {...props} />;
}
