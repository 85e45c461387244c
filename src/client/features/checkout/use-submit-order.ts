import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from '../../lib/toast';
import type { CreateDraftOrderRequest } from '../../../shared/schemas/orders';
import {
  forgetIdempotencyKey,
  idempotencyKeyFor,
  renewIdempotencyKey,
  type CartIdentity,
} from './idempotency-key';
import {
  describeSubmitFailure,
  sendDraftOrder,
  SUBMIT_ERROR_TITLE,
  successPath,
  type SubmitFailure,
} from './submit-order';
import { ORDERS_QUERY_KEY } from '../../lib/orders';

export type SubmitStatus = 'idle' | 'submitting' | 'submitted';
/** 'skipped': another submission is under way, nothing was sent. */
export type SubmitResult = 'submitted' | 'failed' | 'skipped';

export interface SubmitOrderInput {
  request: CreateDraftOrderRequest;
  cart: CartIdentity;
  testerOnly: boolean;
}

/**
 * Submits the order once (docs/storefront.md#review-page): a second press while one is under way sends
 * nothing. On success `onSubmitted` runs (the page clears the cart), order queries are refreshed, the success
 * toast shows and the app moves on to the success page. On failure a toast says why and the buyer may retry
 * with the same idempotency key.
 */
export function useSubmitOrder({ onSubmitted }: { onSubmitted: () => void }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const inFlight = useRef(false);
  const [status, setStatus] = useState<SubmitStatus>('idle');
  const [failure, setFailure] = useState<SubmitFailure | null>(null);

  async function submit({ request, cart, testerOnly }: SubmitOrderInput): Promise<SubmitResult> {
    if (inFlight.current) return 'skipped';
    inFlight.current = true;
    setStatus('submitting');
    setFailure(null);
    let orderPath: string;
    try {
      const response = await sendDraftOrder(request, idempotencyKeyFor(cart));
      orderPath = successPath(response, testerOnly);
    } catch (error) {
      const described = describeSubmitFailure(error);
      if (described.renewKey) renewIdempotencyKey(cart);
      toast.error(SUBMIT_ERROR_TITLE, { description: described.message });
      setFailure(described);
      setStatus('idle');
      inFlight.current = false;
      return 'failed';
    }
    // Stays in flight: the page is left right away, and nothing may be sent again meanwhile.
    forgetIdempotencyKey();
    setStatus('submitted');
    onSubmitted();
    void queryClient.invalidateQueries({ queryKey: ORDERS_QUERY_KEY });
    // No toast: the page it opens says that the order was submitted and what happens next, and a toast
    // over it covered 'What happens next' and 'Return to Home' on a phone (docs/storefront.md#toasts).
    void navigate(orderPath, { replace: true });
    return 'submitted';
  }

  return { submit, status, failure };
}
