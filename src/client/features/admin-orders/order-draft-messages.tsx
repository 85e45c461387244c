import { Info, RotateCw } from 'lucide-react';
import { Button } from '../../components/ui/button';
import { ErrorList } from '../../components/ui/error-list';
import { Spinner } from '../../components/ui/spinner';
import { ApiError, serverMessage } from '../../lib/api';

/*
 * What the order forms of admin Orders ('New order', 'Edit lines') say besides their fields: the catalogue
 * loading, the lines' problems before anything is sent, and the server's refusal after.
 */

/** The catalogue is on its way, or could not be loaded (with Retry). */
export function OrderProductsLoading({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  if (error) {
    return (
      <div
        role="alert"
        className="flex flex-col gap-2 rounded-lg border border-destructive/30 bg-destructive-muted px-3 py-2 text-sm"
      >
        <p>Could not load the products: {serverMessage(error, 'please try again.')}</p>
        <Button variant="outline" size="sm" className="self-start" onClick={onRetry}>
          <RotateCw aria-hidden="true" />
          Retry
        </Button>
      </div>
    );
  }
  return (
    <p role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
      <Spinner className="size-4" />
      Loading the products...
    </p>
  );
}

/** The lines' problems (the cart rules' own words), and a note when prices are shown without discounts. */
export function OrderDraftProblems({
  problems,
  discountsMissing,
}: {
  problems: readonly string[];
  discountsMissing: boolean;
}) {
  return (
    <>
      {discountsMissing ? (
        <p className="flex items-start gap-2 rounded-lg bg-muted px-3 py-2 text-xs text-muted-foreground">
          <Info aria-hidden="true" className="mt-0.5 size-3.5 shrink-0" />
          Volume discounts could not be loaded, so prices are shown at the standard wholesale rate. The server
          prices the order with them when it is saved.
        </p>
      ) : null}
      <ErrorList messages={problems} />
    </>
  );
}

/** The cart rules a refused order broke (422 CART_INVALID's `details.errors`), else none. */
function ruleMessagesOf(error: ApiError): string[] {
  const errors = (error.details as { errors?: unknown } | undefined)?.errors;
  return Array.isArray(errors) ? errors.filter((item): item is string => typeof item === 'string') : [];
}

/** The server's refusal of the last attempt, in the dialog (the page behind it is inert while it is open). */
export function ServerRefusal({ error, fallback }: { error: unknown; fallback: string }) {
  if (!error) return null;
  const rules = error instanceof ApiError ? ruleMessagesOf(error) : [];
  return <ErrorList messages={rules.length > 0 ? rules : [serverMessage(error, fallback)]} />;
}
