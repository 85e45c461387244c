import type { ComponentProps, ReactNode } from 'react';
import { useId } from 'react';
import { cn } from '../../lib/cn';

export const inputClassName = cn(
  'w-full rounded-md border border-border bg-card px-3 text-sm shadow-sm weak:h-10',
  'placeholder:text-muted-foreground focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-ring',
  'disabled:cursor-not-allowed disabled:opacity-60 read-only:bg-muted/40',
);

type FieldProps = Omit<ComponentProps<'input'>, 'id'> & {
  label: string;
  /** Shown under the input and linked to it with aria-describedby. */
  hint?: ReactNode;
  /** An error shown under the input; marks it aria-invalid. */
  error?: string | null;
  className?: string;
};

/** A labelled text input with an optional hint and error. */
export function Field({ label, hint, error, className, ...inputProps }: FieldProps) {
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;
  return (
    <div className={cn('flex flex-col gap-1.5', className)}>
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      <input
        id={id}
        className={inputClassName}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        {...inputProps}
      />
      {hint ? (
        <p id={hintId} className="text-xs text-muted-foreground">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="text-sm text-destructive">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** A form-level message announced to screen readers. */
export function FormAlert({ children }: { children: ReactNode }) {
  return (
    <p
      role="alert"
      className="rounded-md border border-destructive/40 bg-destructive-muted px-3 py-2 text-sm"
    >
      {children}
    </p>
  );
}
