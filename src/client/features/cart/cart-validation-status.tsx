import { CircleAlert, CircleCheck, TriangleAlert } from 'lucide-react';
import { Spinner } from '../../components/ui/spinner';
import type { ValidationState } from './cart-validation';

/**
 * The automatic cart-validation status line (docs/storefront.md#order-form): first error or warning, or that
 * all is well.
 */
export function CartValidationStatus({ state }: { state: ValidationState }) {
  return (
    <p role="status" aria-live="polite" className="flex min-h-6 items-start gap-2 text-sm">
      {renderState(state)}
    </p>
  );
}

function renderState(state: ValidationState) {
  if (state.status === 'idle') return null;
  if (state.status === 'checking') {
    return (
      <>
        <Spinner className="mt-0.5 size-4 shrink-0" />
        <span className="text-muted-foreground">Checking your cart…</span>
      </>
    );
  }
  const { outcome } = state;
  switch (outcome.kind) {
    case 'ok':
      return (
        <>
          <CircleCheck aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-primary" />
          <span>Cart looks good</span>
        </>
      );
    case 'warning':
      return (
        <>
          <TriangleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-amber-600" />
          <span>{outcome.message}</span>
        </>
      );
    case 'invalid':
    case 'error':
      return (
        <>
          <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-destructive" />
          <span className="text-destructive">{outcome.message}</span>
        </>
      );
  }
}
