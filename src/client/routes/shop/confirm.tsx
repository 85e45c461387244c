import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { Navigate } from 'react-router';
import { PageTitle } from '../../components/page-title';
import { clearCart, useCart, type Cart } from '../../lib/cart/cart-store';
import { useOrderEdit, type OrderEdit } from '../../lib/cart/order-edit';
import { readOrderNotes, writeOrderNotes } from '../../lib/cart/order-notes-store';
import { readPoNumber, writePoNumber } from '../../lib/cart/po-number-store';
import { pricingCatalogQueryOptions } from '../../features/catalog/pricing-catalog-query';
import { ProductListError } from '../../features/catalog/product-list-error';
import { productsQueryOptions } from '../../features/catalog/products-query';
import { CustomerDetails } from '../../features/checkout/customer-details';
import { idempotencyKeyFor } from '../../features/checkout/idempotency-key';
import { OrderNotes } from '../../features/checkout/order-notes';
import {
  buildDraftOrderRequest,
  buildOrderCustomer,
  findCustomerProblems,
  findPoNumberProblem,
} from '../../features/checkout/order-request';
import { PoNumberField } from '../../features/checkout/po-number-field';
import { ReviewActions } from '../../features/checkout/review-actions';
import { ReviewSummary } from '../../features/checkout/review-summary';
import { useSubmitOrder } from '../../features/checkout/use-submit-order';
import { CreditNote, useAccountCredit } from '../../features/orders/account-credit';
import { useCurrentUser } from '../../lib/session';
import { ConfirmOrderEdit } from './confirm-order-edit';
import { BasePricesNotice, reviewCart, SUMMARY_UNAVAILABLE, SummaryLoading } from './review-parts';

/**
 * /confirm (docs/storefront.md#review-page): the new order built from the browser cart, or, while the buyer
 * edits a pending order, the changes to it with 'Save changes' (docs/storefront.md#editing-a-pending-order).
 */
export function ConfirmPage() {
  const liveEdit = useOrderEdit();
  // The edit being saved, held while the request runs: saving ends the edit (the kept cart comes back),
  // which must not turn this page into a new order's review before the order's page opens.
  const [savingEdit, setSavingEdit] = useState<OrderEdit | null>(null);
  const edit = savingEdit ?? liveEdit;
  if (edit) return <ConfirmOrderEdit key={edit.orderId} edit={edit} onSaving={setSavingEdit} />;
  return <ConfirmNewOrder />;
}

/**
 * The new order: the customer's contact and address from the profile, an optional PO number and notes, and
 * 'Submit Order for Approval'.
 */
function ConfirmNewOrder() {
  const liveCart = useCart();
  // The cart being submitted, held while the request runs: a success clears the cart, which must neither
  // empty the page nor send the buyer to / before the success page opens.
  const [submittedCart, setSubmittedCart] = useState<Cart | null>(null);
  const cart = submittedCart ?? liveCart;
  const { data: user } = useCurrentUser();
  const products = useQuery(productsQueryOptions);
  const pricing = useQuery(pricingCatalogQueryOptions);
  // 'Credit available' under the payment terms; the summary waits for it, so it never pushes the page down.
  const credit = useAccountCredit(Boolean(user?.company));
  // Kept with the cart, so 'Go Back' and a reload keep what was typed (docs/storefront.md#review-page).
  const [notes, setNotes] = useState(readOrderNotes);
  const [poNumber, setPoNumber] = useState(readPoNumber);
  const poNumberRef = useRef<HTMLInputElement>(null);
  const poNumberProblem = findPoNumberProblem(poNumber);
  const [attempted, setAttempted] = useState(false);
  const { submit, status, failure } = useSubmitOrder({ onSubmitted: clearCart });

  // The idempotency key is made as the page opens (docs/orders.md#idempotency), and again for a cart changed
  // meanwhile.
  const hasOrder = cart.items.length > 0 || cart.testerAdded;
  useEffect(() => {
    if (hasOrder) idempotencyKeyFor(cart);
  }, [cart, hasOrder]);

  const review = useMemo(
    () => (products.data && !pricing.isPending ? reviewCart(cart, products.data, pricing.data) : null),
    [cart, products.data, pricing.isPending, pricing.data],
  );
  // The ship-to location: the one chosen, else the first the person orders for (the default first).
  const [chosenLocation, setChosenLocation] = useState<number | null>(null);
  const location =
    user?.locations.find((candidate) => candidate.id === chosenLocation) ?? user?.locations[0] ?? null;
  const customer = useMemo(() => (user ? buildOrderCustomer(user, location) : null), [user, location]);
  const customerProblems = useMemo(() => (customer ? findCustomerProblems(customer) : []), [customer]);

  if (!hasOrder) return <Navigate to="/" replace />;

  const loading = !review && !products.error;
  const blockers = attempted && !review ? [SUMMARY_UNAVAILABLE] : (review?.ruleMessages ?? []);

  async function handleSubmit() {
    setAttempted(true);
    if (!review || !customer) return;
    if (review.ruleMessages.length > 0 || customerProblems.length > 0) return;
    if (poNumberProblem) {
      poNumberRef.current?.focus();
      return;
    }
    const request = buildDraftOrderRequest({
      customer,
      orderItems: review.orderItems,
      notes,
      poNumber,
      locationId: location?.id ?? null,
    });
    setSubmittedCart(cart);
    const result = await submit({ request, cart, testerOnly: review.testerOnly });
    if (result === 'failed') setSubmittedCart(null);
  }

  let summary: ReactNode;
  if (review && credit.settled) {
    const paymentTerms = review.testerOnly ? undefined : user?.paymentTerms;
    summary = (
      <>
        <ReviewSummary
          cart={review.priced}
          notice={pricing.data ? null : <BasePricesNotice />}
          paymentTerms={paymentTerms}
        />
        {/* Nothing to pay on an order of only the free tester: no credit line either. */}
        {paymentTerms ? (
          <CreditNote
            credit={credit.credit}
            orderTotal={review.priced.orderTotal}
            paymentTerms={paymentTerms}
          />
        ) : null}
      </>
    );
  } else if (products.error) {
    summary = <ProductListError error={products.error} onRetry={() => void products.refetch()} />;
  } else {
    summary = <SummaryLoading />;
  }

  return (
    <div className="space-y-6">
      <PageTitle>Review Your Order</PageTitle>
      <header className="space-y-2">
        <h1 className="text-3xl font-semibold tracking-tight sm:text-4xl">Review Your Order</h1>
        <p className="text-muted-foreground">
          Check your order and your details, then submit the order for approval.
        </p>
      </header>
      <div className="grid gap-6 md:grid-cols-[minmax(0,1fr)_20rem] md:items-start lg:grid-cols-[minmax(0,1fr)_24rem]">
        <div className="min-w-0 space-y-4">{summary}</div>
        <div className="min-w-0 space-y-6">
          {user && customer ? (
            <CustomerDetails
              customer={customer}
              user={user}
              problems={attempted ? customerProblems : []}
              location={location}
              onLocationChange={setChosenLocation}
              disabled={status !== 'idle'}
            />
          ) : null}
          <PoNumberField
            value={poNumber}
            onChange={(next) => {
              setPoNumber(next);
              writePoNumber(next);
            }}
            error={poNumberProblem}
            disabled={status !== 'idle'}
            inputRef={poNumberRef}
          />
          <OrderNotes
            value={notes}
            onChange={(next) => {
              setNotes(next);
              writeOrderNotes(next);
            }}
            disabled={status !== 'idle'}
          />
          <ReviewActions
            onSubmit={() => void handleSubmit()}
            submitting={status !== 'idle'}
            disabled={loading}
            messages={blockers}
            failure={failure}
            paymentTerms={review?.testerOnly ? undefined : user?.paymentTerms}
          />
        </div>
      </div>
    </div>
  );
}
