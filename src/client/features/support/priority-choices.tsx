import { useId, type Ref } from 'react';
import { SUPPORT_PRIORITY_OPTIONS, type SupportPriority } from '../../../shared/schemas/support';
import { cn } from '../../lib/cn';

interface PriorityChoicesProps {
  value: SupportPriority | '';
  onChange: (value: SupportPriority) => void;
  error?: string;
  disabled?: boolean;
  /** The group, so a failed submit can put the focus on its first choice. */
  ref?: Ref<HTMLFieldSetElement>;
}

/**
 * The three priorities with their descriptions (docs/support-and-faq.md#priorities) as radio cards: native
 * radios, so arrow keys move between them and a screen reader announces 'High, Urgent issue affecting
 * business, 3 of 3'.
 */
export function PriorityChoices({ value, onChange, error, disabled, ref }: PriorityChoicesProps) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <fieldset ref={ref} aria-describedby={error ? errorId : undefined} className="flex flex-col gap-1.5">
      <legend className="mb-1.5 text-sm font-medium">Priority</legend>
      <div className="grid gap-2 sm:grid-cols-3">
        {SUPPORT_PRIORITY_OPTIONS.map((option) => {
          const labelId = `${id}-${option.value}`;
          const descriptionId = `${labelId}-description`;
          return (
            <label
              key={option.value}
              className={cn(
                'flex cursor-pointer items-start gap-3 rounded-lg border bg-card p-3 shadow-sm',
                'hover:bg-accent has-checked:border-primary has-checked:bg-accent',
                'has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-ring',
                error ? 'border-destructive/60' : 'border-border',
              )}
            >
              <input
                type="radio"
                name={id}
                value={option.value}
                checked={value === option.value}
                onChange={() => onChange(option.value)}
                disabled={disabled}
                aria-labelledby={labelId}
                aria-describedby={descriptionId}
                aria-invalid={error ? true : undefined}
                className="mt-1 size-4 shrink-0 accent-primary focus-visible:outline-none"
              />
              <span className="flex flex-col">
                <span id={labelId} className="text-sm font-medium">
                  {option.label}
                </span>
                <span id={descriptionId} className="text-xs text-muted-foreground">
                  {option.description}
                </span>
              </span>
            </label>
          );
        })}
      </div>
      {error ? (
        <p id={errorId} className="text-sm text-destructive">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
