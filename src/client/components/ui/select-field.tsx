import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn';
import { FieldProblem, inputClassName, useFieldDescription } from './field';

type SelectFieldProps = Omit<ComponentProps<'select'>, 'id'> & {
  label: string;
  error?: string | null;
  /** Hides the label visually (it still names the select), e.g. in a table row. */
  hideLabel?: boolean;
  /** A `disabled` option shows but cannot be chosen (e.g. terms the store has not set up). */
  options: ReadonlyArray<{ value: string; label: string; disabled?: boolean }>;
};

/** A labelled native select: keyboard and screen-reader friendly everywhere, nothing to download. */
export function SelectField({ label, error, hideLabel, options, className, ...props }: SelectFieldProps) {
  const { id, errorId, controlProps } = useFieldDescription(false, error);
  return (
    <div className={cn('flex flex-col gap-1.5', className)}>
      <label htmlFor={id} className={cn('text-sm font-medium', hideLabel && 'sr-only')}>
        {label}
      </label>
      <select className={inputClassName} {...controlProps} {...props}>
        {options.map((option) => (
          <option key={option.value} value={option.value} disabled={option.disabled}>
            {option.label}
          </option>
        ))}
      </select>
      {error ? <FieldProblem id={errorId}>{error}</FieldProblem> : null}
    </div>
  );
}
