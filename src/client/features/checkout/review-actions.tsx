import { ArrowLeft, Send } from 'lucide-react';
import { ErrorList } from '../../components/ui/error-list';
import { Link } from 'react-router';
import { Button } from '../../components/ui/button';
import { Spinner } from '../../components/ui/spinner';
import type { SubmitFailure } from './submit-order';
import type { PaymentTerms } from '../../../shared/payment-terms';
import { afterApprovalText } from '../../components/payment-terms';

interface ReviewActionsProps {
  onSubmit: () => void;
  /** True while the order is being sent (and after, until the success page opens). */
  submitting: boolean;
  /** True while the summary loads: there is nothing to submit yet. */
  disabled?: boolean;
  /** Messages that stop the submission (cart rules, no summary), shown above the buttons. */
  messages: readonly string[];
  failure: SubmitFailure | null;
  /** The buyer's terms, to say what follows approval; none for an order of only the free tester. */
  paymentTerms?: PaymentTerms | undefined;
}

/**
 * 'Submit Order for Approval' and 'Go Back' (docs/storefront.md#review-page), with what stands in the way.
 */
export function ReviewActions({
  onSubmit,
  submitting,
  disabled,
  messages,
  failure,
  paymentTerms,
}: ReviewActionsProps) {
  return (
    <div className="space-y-3">
      <ErrorList messages={messages} />
      {failure && failure.kind !== 'failed' ? <FailureNotice failure={failure} /> : null}
      <Button
        size="lg"
        className="w-full"
        onClick={onSubmit}
        disabled={submitting || disabled}
        aria-busy={submitting || undefined}
      >
        {submitting ? (
          <>
            <Spinner className="text-primary-foreground" />
            Submitting...
          </>
        ) : (
          <>
            <Send aria-hidden="true" />
            Submit Order for Approval
          </>
        )}
      </Button>
      <Button asChild variant="outline" size="lg" className="w-full">
        <Link to="/">
          <ArrowLeft aria-hidden="true" />
          Go Back
        </Link>
      </Button>
      <p className="text-center text-xs text-muted-foreground">
        No payment is taken now. Once our team approves your order, {afterApprovalText(paymentTerms)}.
      </p>
    </div>
  );
}

/**
 * A first attempt still running, or this cart already submitted with other details
 * (docs/orders.md#idempotency).
 */
function FailureNotice({ failure }: { failure: SubmitFailure }) {
  return (
    <div
      role="status"
      className="rounded-lg border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-950"
    >
      <p>{failure.message}</p>
      {failure.kind === 'already-submitted' ? (
        <p className="mt-1">
          <Link to="/orders" className="font-medium underline underline-offset-2">
            Go to Order History
          </Link>
        </p>
      ) : null}
    </div>
  );
}
