import type { ComponentProps, ReactNode } from 'react';
import { useId } from 'react';
import { cn } from '../../lib/cn';

export const inputClassName = cn(
  'w-full rounded-md border border-border bg-card px-3 text-sm shadow-sm weak:h-10',
  'placeholder:text-muted-foreground focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-ring',
  'disabled:cursor-not-allowed disabled:opacity-60 read-only:bg-muted/40',
);

/**
 * What ties a form control to its hint and its problem, in one place for every field of the portal (issue 31
 * finding 8): the control's id for its label, `aria-invalid` while it has a problem, and `aria-describedby`
 * naming the hint and then the problem, each shown under the control.
 */
export function useFieldDescription(hasHint: boolean, error: string | null | undefined) {
  const id = useId();
  const hintId = hasHint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  return {
    id,
    hintId,
    errorId,
    controlProps: {
      id,
      'aria-invalid': error ? true : undefined,
      'aria-describedby': [hintId, errorId].filter(Boolean).join(' ') || undefined,
    },
  };
}

/** A field's problem, right under it; `id` is what the control's aria-describedby names. */
export function FieldProblem({ id, children }: { id: string | undefined; children: ReactNode }) {
  return (
    <p id={id} className="text-sm text-destructive">
      {children}
    </p>
  );
}

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
  const { id, hintId, errorId, controlProps } = useFieldDescription(Boolean(hint), error);
  return (
    <div className={cn('flex flex-col gap-1.5', className)}>
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      <input className={inputClassName} {...controlProps} {...inputProps} />
      {hint ? (
        <p id={hintId} className="text-xs text-muted-foreground">
          {hint}
        </p>
      ) : null}
      {error ? <FieldProblem id={errorId}>{error}</FieldProblem> : null}
    </div>
  );
}

type TextAreaFieldProps = Omit<ComponentProps<'textarea'>, 'id'> & {
  label: string;
  /** Under the text area and linked to it, e.g. a character counter. */
  hint?: ReactNode;
  error?: string | null;
  className?: string;
  textAreaClassName?: string;
};

/** A labelled multi-line input with an optional hint (a counter, say) and error, like Field. */
export function TextAreaField({
  label,
  hint,
  error,
  className,
  textAreaClassName,
  ...textAreaProps
}: TextAreaFieldProps) {
  const { id, hintId, errorId, controlProps } = useFieldDescription(Boolean(hint), error);
  return (
    <div className={cn('flex flex-col gap-1.5', className)}>
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      <textarea
        className={cn(inputClassName, 'block h-auto py-2', textAreaClassName)}
        {...controlProps}
        {...textAreaProps}
      />
      {hint ? (
        <div id={hintId} className="text-xs text-muted-foreground">
          {hint}
        </div>
      ) : null}
      {error ? <FieldProblem id={errorId}>{error}</FieldProblem> : null}
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
