import { Check, CircleX, Pause } from 'lucide-react';
import { cn } from '../../lib/cn';
import { ORDER_STATUS_LABELS } from '../../lib/order-status';
import { orderProgress, PROGRESS_STEPS } from './order-status';

/**
 * step / 4 as classes: the CSP (ADR 0006) is why no inline style is used. Step 0 (an order staff prepared,
 * not yet confirmed) fills nothing: without a width the bar's block would fill it all.
 */
const FILL_WIDTH: Record<number, string> = { 0: 'w-0', 1: 'w-1/4', 2: 'w-2/4', 3: 'w-3/4', 4: 'w-full' };

/**
 * The four-step progress of docs/orders.md#order-timeline with its message; the bar fills step / 4. A
 * cancelled order shows a cancelled state instead of a bar that would suggest it is on its way. An order on
 * hold stays on the first step, named 'On hold' and marked with a pause (amber) instead of a tick.
 */
export function OrderProgressBar({ status }: { status: string }) {
  const progress = orderProgress(status);

  if (progress.cancelled) {
    return (
      <div
        role="status"
        className="flex items-start gap-3 rounded-xl border border-destructive/30 bg-destructive-muted p-4"
      >
        <CircleX aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-destructive" />
        <div>
          <p className="font-semibold text-destructive">Order Cancelled</p>
          <p className="text-sm text-muted-foreground">{progress.message}</p>
        </div>
      </div>
    );
  }

  const steps: readonly string[] = progress.onHold
    ? [ORDER_STATUS_LABELS.on_hold, ...PROGRESS_STEPS.slice(1)]
    : PROGRESS_STEPS;
  const current = steps[progress.step - 1] ?? 'not yet placed';
  return (
    <div className="space-y-4">
      <div
        role="progressbar"
        aria-label="Order progress"
        aria-valuemin={0}
        aria-valuemax={steps.length}
        aria-valuenow={progress.step}
        aria-valuetext={`Step ${progress.step} of ${steps.length}: ${current}`}
        className="h-2 overflow-hidden rounded-full bg-muted"
      >
        <div className={cn('h-full rounded-full bg-primary', FILL_WIDTH[progress.step])} />
      </div>
      <ol className="grid grid-cols-4 gap-2 text-center text-xs sm:text-sm">
        {steps.map((label, index) => {
          const reached = index < progress.step;
          const held = progress.onHold && index === progress.step - 1;
          return (
            <li
              key={label}
              aria-current={index === progress.step - 1 ? 'step' : undefined}
              className={cn(
                'flex flex-col items-center gap-1',
                reached ? 'font-medium text-foreground' : 'text-muted-foreground',
              )}
            >
              <span
                aria-hidden="true"
                className={cn(
                  'grid size-6 place-items-center rounded-full border text-xs',
                  held
                    ? 'border-amber-300 bg-amber-50 text-amber-900'
                    : reached
                      ? 'border-primary bg-primary text-primary-foreground'
                      : 'border-border bg-card',
                )}
              >
                {held ? <Pause className="size-3.5" /> : reached ? <Check className="size-3.5" /> : index + 1}
              </span>
              {label}
            </li>
          );
        })}
      </ol>
      <p className="text-sm text-muted-foreground">{progress.message}</p>
    </div>
  );
}
