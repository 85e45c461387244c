import { useQuery } from '@tanstack/react-query';
import { CircleCheck, ClipboardList, House, Mail, ReceiptText, UserRoundCheck } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';
import { PAYMENT_TERMS_LABELS } from '../../../shared/payment-terms';
import { PageTitle } from '../../components/page-title';
import { afterApprovalText, paymentTermsExplanation } from '../../components/payment-terms';
import { Button } from '../../components/ui/button';
import { parseOrderId } from '../../lib/orders';
import { useCurrentUser } from '../../lib/session';
import { orderDetailQueryOptions } from '../../features/orders/orders-queries';

/**
 * /order-success?orderNumber=..&orderId=.. (docs/storefront.md#after-submission): the order reference, the
 * buyer's PO number and payment terms as the order stored them, and what happens next. Opened without
 * parameters (a bookmark, a shared link) it still confirms, just without a reference.
 */
export function OrderSuccessPage() {
  const [params] = useSearchParams();
  const orderNumber = params.get('orderNumber')?.trim().slice(0, 100) || null;
  const orderId = parseOrderId(params.get('orderId'));
  // Read from the order, not the address: the page shows what the portal stored (and warms the detail page).
  const order = useQuery({ ...orderDetailQueryOptions(orderId ?? 0), enabled: orderId !== null });
  const poNumber = order.data?.order.poNumber ?? null;
  const paymentTerms = order.data?.order.paymentTerms ?? null;
  // What follows approval: the order's own terms, the account's until the order has loaded.
  const { data: user } = useCurrentUser();
  const nextTerms = paymentTerms ?? user?.paymentTerms;

  return (
    <section className="mx-auto max-w-2xl space-y-8 rounded-2xl border border-border bg-card px-5 py-10 text-center shadow-sm sm:px-10">
      <PageTitle>Order Submitted Successfully!</PageTitle>
      <span className="mx-auto grid size-14 place-items-center rounded-full bg-accent text-primary">
        <CircleCheck aria-hidden="true" className="size-8" />
      </span>
      <div className="space-y-3">
        <h1 className="text-3xl font-semibold tracking-tight">Order Submitted Successfully!</h1>
        <p className="text-muted-foreground">
          Thank you. Your order has been submitted for approval; no payment has been taken.
        </p>
        {orderNumber ? (
          <p className="text-lg">
            Order reference: <strong className="font-semibold tabular-nums">{orderNumber}</strong>
          </p>
        ) : null}
        {poNumber ? (
          <p className="wrap-anywhere">
            PO number: <strong className="font-semibold">{poNumber}</strong>
          </p>
        ) : null}
        {paymentTerms ? (
          <p>
            Payment terms: <strong className="font-semibold">{PAYMENT_TERMS_LABELS[paymentTerms]}</strong>
            <span className="block text-sm text-muted-foreground">
              {paymentTermsExplanation(paymentTerms)}
            </span>
          </p>
        ) : null}
      </div>
      <div className="rounded-xl bg-muted/60 px-5 py-5 text-left">
        <h2 id="next-steps-title" className="mb-3 text-lg font-semibold">
          What happens next
        </h2>
        <ol aria-labelledby="next-steps-title" className="space-y-3 text-sm">
          <li className="flex items-start gap-3">
            <UserRoundCheck aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-primary" />
            <span>Our team reviews your order and approves it.</span>
          </li>
          <li className="flex items-start gap-3">
            <Mail aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-primary" />
            <span>Once it is approved, {afterApprovalText(nextTerms)}.</span>
          </li>
          <li className="flex items-start gap-3">
            <ReceiptText aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-primary" />
            <span>You can follow its status at any time in your order history.</span>
          </li>
        </ol>
      </div>
      <div className="flex flex-col justify-center gap-3 sm:flex-row">
        <Button asChild size="lg" variant="outline">
          <Link to="/">
            <House aria-hidden="true" />
            Return to Home
          </Link>
        </Button>
        <Button asChild size="lg">
          <Link to="/orders">
            <ClipboardList aria-hidden="true" />
            View Order History
          </Link>
        </Button>
      </div>
      {orderId ? (
        <p className="text-sm">
          <Link to={`/orders/${orderId}`} className="font-medium text-primary underline underline-offset-4">
            View this order's details
          </Link>
        </p>
      ) : null}
    </section>
  );
}
