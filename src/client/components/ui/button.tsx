import { cva, type VariantProps } from 'class-variance-authority';
import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn';
import { Slot } from './slot';

const buttonVariants = cva(
  [
    'inline-flex shrink-0 items-center justify-center gap-2 whitespace-nowrap rounded-md font-medium',
    'transition-colors disabled:pointer-events-none disabled:opacity-50 [&_svg]:size-4 [&_svg]:shrink-0',
    'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring',
  ],
  {
    variants: {
      variant: {
        default: 'bg-primary weak:text-primary-foreground shadow-sm hover:bg-primary-hover',
        outline: 'border border-border bg-card weak:text-foreground shadow-sm hover:bg-accent',
        ghost: 'weak:text-foreground hover:bg-accent',
        link: 'weak:text-primary underline-offset-4 hover:underline',
        destructive: 'bg-destructive weak:text-white shadow-sm hover:bg-destructive/90',
      },
      size: {
        default: 'weak:h-10 weak:px-4 text-sm',
        sm: 'weak:h-9 weak:px-3 text-sm',
        lg: 'weak:h-11 weak:px-6 text-base',
        icon: 'weak:size-10 text-sm',
      },
    },
    defaultVariants: { variant: 'default', size: 'default' },
  },
);

type ButtonProps = ComponentProps<'button'> &
  VariantProps<typeof buttonVariants> & {
    /** Renders the child element (e.g. a router Link) with the button's look. */
    asChild?: boolean;
  };

export function Button({ className, variant, size, asChild = false, type, ...props }: ButtonProps) {
  const Component = asChild ? Slot : 'button';
  return (
    <Component
      // A bare <button> inside a form submits it; make that opt-in.
      type={asChild ? type : (type ?? 'button')}
      className={cn(buttonVariants({ variant, size }), className)}
      {...props}
    />
  );
}
