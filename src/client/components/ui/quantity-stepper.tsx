import { Minus, Plus } from 'lucide-react';
import { useState, type ChangeEvent } from 'react';
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
 * Minus button, number input, plus button (docs/storefront.md#order-form). The input takes whole numbers
 * only: anything else (letters, a minus sign, decimals, an exponent) is ignored and the quantity stays. A
 * cleared field shows empty while focused and returns to the quantity on leaving it. The buttons stay
 * focusable at the limits (a disabled button would drop keyboard focus mid-use); they just do nothing there.
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

  function set(next: number) {
    if (next > max) {
      if (value !== max) onChange(max);
      // After the change, so its message is the one left showing (one toast at a time).
      onExceedMax?.();
      return;
    }
    const clamped = Math.max(min, next);
    if (clamped !== value) onChange(clamped);
  }

  function handleInput(event: ChangeEvent<HTMLInputElement>) {
    const raw = event.target.value.trim();
    if (raw === '') {
      // Cleared, or (in a real browser) a partial entry such as '-' or '1e' the number field cannot hold.
      if (!event.target.validity.badInput) setDraft('');
      return;
    }
    if (!WHOLE_NUMBER.test(raw)) return;
    setDraft(null);
    set(Number(raw));
  }

  const atMin = value <= min;
  const atMax = value >= max;
  const buttonClass = cn(
    'grid size-10 shrink-0 place-items-center rounded-md border border-border bg-card text-foreground',
    'transition-colors hover:bg-accent focus-visible:outline-2 focus-visible:outline-offset-2',
    'aria-disabled:cursor-not-allowed aria-disabled:opacity-50 aria-disabled:hover:bg-card',
  );

  return (
    <div className={cn('inline-flex items-center gap-1.5', className)}>
      <button
        type="button"
        className={buttonClass}
        aria-label={decrementLabel}
        aria-disabled={atMin || undefined}
        onClick={() => {
          setDraft(null);
          if (!atMin) set(value - 1);
        }}
      >
        <Minus aria-hidden="true" className="size-4" />
      </button>
      <input
        type="number"
        inputMode="numeric"
        min={min}
        max={max}
        step={1}
        aria-label={inputLabel}
        value={draft ?? String(value)}
        onChange={handleInput}
        onBlur={() => setDraft(null)}
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
          set(value + 1);
        }}
      >
        <Plus aria-hidden="true" className="size-4" />
      </button>
    </div>
  );
}
