import { useId } from 'react';
import { cn } from '../../lib/cn';
import { MAX_NOTES_LENGTH } from './order-request';

interface OrderNotesProps {
  value: string;
  onChange: (value: string) => void;
  disabled?: boolean;
}

/** Optional notes sent with the order (docs/orders.md#submission), at most 2000 characters. */
export function OrderNotes({ value, onChange, disabled }: OrderNotesProps) {
  const id = useId();
  const countId = `${id}-count`;
  return (
    <section className="rounded-2xl border border-border bg-card p-4 shadow-sm sm:p-6">
      <label htmlFor={id} className="text-lg font-semibold">
        Order Notes <span className="text-sm font-normal text-muted-foreground">(optional)</span>
      </label>
      <textarea
        id={id}
        value={value}
        onChange={(event) => onChange(event.target.value.slice(0, MAX_NOTES_LENGTH))}
        maxLength={MAX_NOTES_LENGTH}
        rows={4}
        disabled={disabled}
        aria-describedby={countId}
        placeholder="Delivery instructions or anything our team should know"
        className={cn(
          'mt-3 block w-full resize-y rounded-md border border-border bg-card px-3 py-2 text-sm shadow-sm',
          'placeholder:text-muted-foreground focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-ring',
          'disabled:cursor-not-allowed disabled:opacity-60',
        )}
      />
      <p id={countId} className="mt-1 text-right text-xs text-muted-foreground tabular-nums">
        {value.length}/{MAX_NOTES_LENGTH} characters
      </p>
    </section>
  );
}
