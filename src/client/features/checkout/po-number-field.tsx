import { useId, type Ref } from 'react';
import { MAX_PO_NUMBER_LENGTH } from '../../../shared/limits';
import { inputClassName } from '../../components/ui/field';
import { cn } from '../../lib/cn';

interface PoNumberFieldProps {
  value: string;
  onChange: (value: string) => void;
  /** What is wrong with the value by the server's rule (findPoNumberProblem), or null. */
  error: string | null;
  disabled?: boolean;
  inputRef?: Ref<HTMLInputElement>;
}

/**
 * The buyer's own purchase-order number (issue 20, docs/storefront.md#review-page): optional, one line, at
 * most 60 characters (more is kept as typed and marked, 'PO number must be at most 60 characters'), sent
 * with the order and shown with it from then on.
 */
export function PoNumberField({ value, onChange, error, disabled, inputRef }: PoNumberFieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const countId = `${id}-count`;
  const errorId = `${id}-error`;
  return (
    <section className="rounded-2xl border border-border bg-card p-4 shadow-sm sm:p-6">
      <label htmlFor={id} className="text-lg font-semibold">
        PO number <span className="text-sm font-normal text-muted-foreground">(optional)</span>
      </label>
      <p id={hintId} className="mt-1 text-sm text-muted-foreground">
        Your own purchase order reference. It is shown with the order and in its e-mails.
      </p>
      <input
        id={id}
        ref={inputRef}
        type="text"
        value={value}
        // No maxLength: a longer paste stays as pasted and is shown as too long (the count and the error),
        // never cut silently (issue 31, finding 8).
        onChange={(event) => onChange(event.target.value)}
        disabled={disabled}
        autoComplete="off"
        spellCheck={false}
        aria-invalid={error ? true : undefined}
        aria-describedby={[hintId, error ? errorId : null, countId].filter(Boolean).join(' ')}
        className={cn(inputClassName, 'mt-3')}
      />
      <div className="mt-1 flex items-start justify-between gap-3">
        {error ? (
          <p id={errorId} className="text-sm text-destructive">
            {error}
          </p>
        ) : (
          <span />
        )}
        <p id={countId} className="shrink-0 text-xs text-muted-foreground tabular-nums">
          {value.length}/{MAX_PO_NUMBER_LENGTH} characters
        </p>
      </div>
    </section>
  );
}
