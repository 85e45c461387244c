import { Minus, Plus } from 'lucide-react';
import { useId, useState, type ChangeEvent } from 'react';
import { cn } from '../../lib/cn';

interface QuantityStepperProps {
  value: number;
  /** Called with a whole number between min and max. */
  onChange: (next: number) => void;
  min?: number;
  max: number;
  /** Something asked for more than `max` (typed, or + at the maximum); called after `onChange(max)`. */
  onExceedMax?: () => void;
  /** Accessible names, e.g. 'Cases of 4 oz Bottle', 'Remove one case of 4 oz Bottle'. */
  inputLabel: string;
  decrementLabel: string;
  incrementLabel: string;
  className?: string;
}

const WHOLE_NUMBER = /^\d+$/;

/**
 * Minus button, number input, plus button (docs/storefront.md#order-form). A typed value is taken whole or
 * not at all: a whole number sets the quantity (above `max` it sets `max` and says so under the field);
 * anything else (letters, a minus sign, decimals, an exponent) leaves the quantity as it was and says so. The
 * field is a text field with the spin-button role, so what the buyer typed stays visible beside the message
 * (a number field would hide a partial '-' and splice the next digit into the old value). A cleared field
 * shows empty while focused and returns to the quantity on leaving it. The buttons stay focusable at the
 * limits (a disabled button would drop keyboard focus mid-use); they just do nothing there. The field takes
 * the spin button's keys: ArrowUp and ArrowDown change by one, Home goes to the minimum.
 */
export function QuantityStepper({
  value,
  onChange,
  min = 0,
  max,
  onExceedMax,
  inputLabel,
  decrementLabel,
  incrementLabel,
  className,
}: QuantityStepperProps) {
  // What the field shows while the buyer is typing; null shows `value`.
  const [draft, setDraft] = useState<string | null>(null);
  // Why the last typed value was not taken as it was; cleared by the next accepted change.
  const [notice, setNotice] = useState<{ kind: 'refused' | 'capped'; text: string } | null>(null);
  const noticeId = useId();

  function set(next: number, typed = false) {
    if (next > max) {
      if (value !== max) onChange(max);
      if (typed) setNotice({ kind: 'capped', text: `Capped at ${max}, the most allowed.` });
      // After the change, so its message is the one left showing (one toast at a time).
      onExceedMax?.();
      return;
    }
    setNotice(null);
    const clamped = Math.max(min, next);
    if (clamped !== value) onChange(clamped);
  }

  function handleInput(event: ChangeEvent<HTMLInputElement>) {
    const raw = event.target.value;
    const trimmed = raw.trim();
    if (trimmed === '') {
      setDraft('');
      setNotice(null);
      return;
    }
    if (!WHOLE_NUMBER.test(trimmed)) {
      setDraft(raw);
      setNotice({
        kind: 'refused',
        text: `Enter a whole number from ${min} to ${max}. Still ${value}.`,
      });
      return;
    }
    setDraft(null);
    set(Number(trimmed), true);
  }

  const atMin = value <= min;
  const atMax = value >= max;
  const buttonClass = cn(
    'grid size-10 shrink-0 place-items-center rounded-md border border-border bg-card text-foreground',
    'transition-colors hover:bg-accent focus-visible:outline-2 focus-visible:outline-offset-2',
    'aria-disabled:cursor-not-allowed aria-disabled:opacity-50 aria-disabled:hover:bg-card',
  );

  return (
    <div className={cn('inline-flex flex-col items-center', className)}>
      <div className="inline-flex items-center gap-1.5">
        <button
          type="button"
          className={buttonClass}
          aria-label={decrementLabel}
          aria-disabled={atMin || undefined}
          onClick={() => {
            setDraft(null);
            setNotice(null);
            if (!atMin) set(value - 1);
          }}
        >
          <Minus aria-hidden="true" className="size-4" />
        </button>
        <input
          type="text"
          inputMode="numeric"
          role="spinbutton"
          autoComplete="off"
          aria-valuemin={min}
          aria-valuemax={max}
          aria-valuenow={value}
          // Invalid while the refused text is in the field; after leaving it the field shows the kept quantity.
          aria-invalid={(notice?.kind === 'refused' && draft !== null) || undefined}
          aria-describedby={notice ? noticeId : undefined}
          aria-label={inputLabel}
          value={draft ?? String(value)}
          onChange={handleInput}
          onBlur={() => setDraft(null)}
          onKeyDown={(event) => {
            // A spin button's keys: up and down by one, Home to the minimum.
            const next =
              event.key === 'ArrowUp'
                ? value + 1
                : event.key === 'ArrowDown'
                  ? value - 1
                  : event.key === 'Home'
                    ? min
                    : null;
            if (next === null) return;
            event.preventDefault();
            setDraft(null);
            setNotice(null);
            set(next);
          }}
          onFocus={(event) => event.target.select()}
          className={cn(
            'h-10 w-16 rounded-md border border-border bg-card px-2 text-center text-base tabular-nums',
            'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring',
            '[appearance:textfield] [&::-webkit-inner-spin-button]:appearance-none [&::-webkit-outer-spin-button]:appearance-none',
          )}
        />
        <button
          type="button"
          className={buttonClass}
          aria-label={incrementLabel}
          aria-disabled={(atMax && !onExceedMax) || undefined}
          onClick={() => {
            setDraft(null);
            setNotice(null);
            set(value + 1);
          }}
        >
          <Plus aria-hidden="true" className="size-4" />
        </button>
      </div>
      <p
        id={noticeId}
        aria-live="polite"
        className={cn(
          // Kept in the page while empty (a live region must exist before its text changes).
          'mt-1 max-w-44 text-center text-xs empty:mt-0',
          notice?.kind === 'refused' ? 'text-destructive' : 'text-muted-foreground',
        )}
      >
        {notice?.text}
      </p>
    </div>
  );
}
