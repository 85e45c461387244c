import { useQuery } from '@tanstack/react-query';
import { ArrowLeft, Save } from 'lucide-react';
import { useMemo, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { ORDER_HANDS_MESSAGES } from '../../../shared/schemas/order-changes';
import { PageTitle } from '../../components/page-title';
import { Button } from '../../components/ui/button';
import { ErrorList } from '../../components/ui/error-list';
import { Spinner } from '../../components/ui/spinner';
import { useCart, type Cart } from '../../lib/cart/cart-store';
import type { OrderEdit } from '../../lib/cart/order-edit';
import { pricingCatalogQueryOptions } from '../../features/catalog/pricing-catalog-query';
import { ProductListError } from '../../features/catalog/product-list-error';
import { productsQueryOptions } from '../../features/catalog/products-query';
import { ReviewSummary } from '../../features/checkout/review-summary';
import { OrderEditBanner } from '../../features/orders/order-edit-banner';
import { useSaveOrderEdit } from '../../features/orders/save-order-edit';
import { BasePricesNotice, reviewCart, SUMMARY_UNAVAILABLE, SummaryLoading } from './review-parts';

interface ConfirmOrderEditProps {
  edit: OrderEdit;
  /** Told the edit being saved (held by the page while the request runs), and null again when it failed. */
  onSaving: (edit: OrderEdit | null) => void;
}

/**
 * /confirm while the buyer edits a pending order (docs/storefront.md#editing-a-pending-order): the order as
 * it will be saved, priced as the order form prices it, and 'Save changes', which replaces the order's lines
 * (its contact, address, notes and PO number stay as they are). An order needs a line: an empty cart is
 * refused here with the server's own sentence.
 */
export function ConfirmOrderEdit({ edit, onSaving }: ConfirmOrderEditProps) {
  const liveCart = useCart();
  // The cart being saved, held while the request runs: a success brings the kept cart back, which must not
  // show on this page before the order's page opens.
  const [savedCart, setSavedCart] = useState<Cart | null>(null);
  const cart = savedCart ?? liveCart;
  const products = useQuery(productsQueryOptions);
  const pricing = useQuery(pricingCatalogQueryOptions);
  const [attempted, setAttempted] = useState(false);
  const { save, saving, problems } = useSaveOrderEdit(edit);

  const review = useMemo(
    () => (products.data && !pricing.isPending ? reviewCart(cart, products.data, pricing.data) : null),
    [cart, products.data, pricing.isPending, pricing.data],
  );
  const empty = cart.items.length === 0 && !cart.testerAdded;

  let blockers: readonly string[];
  if (empty) blockers = [ORDER_HANDS_MESSAGES.noLines];
  else if (attempted && !review) blockers = [SUMMARY_UNAVAILABLE];
  else blockers = [...(review?.ruleMessages ?? []), ...problems];

  async function handleSave() {
    setAttempted(true);
    if (empty || !review || review.ruleMessages.length > 0) return;
    setSavedCart(cart);
    onSaving(edit);
    const items = review.orderItems.map(({ productId, quantity }) => ({ productId, quantity }));
    const result = await save(items);
    if (result === 'failed') {
      setSavedCart(null);
      onSaving(null);
    }
  }

  let summary: ReactNode;
  if (review) {
    summary = (
      <ReviewSummary cart={review.priced} notice={pricing.data ? null : <BasePricesNotice when="saved" />} />
    );
  } else if (products.error) {
    summary = <ProductListError error={products.error} onRetry={() => void products.refetch()} />;
  } else {
    summary = <SummaryLoading />;
  }

  const title = `Review changes to order ${edit.orderNumber}`;
  return (
    <div className="space-y-6">
      <PageTitle>{title}</PageTitle>
      <header className="space-y-2">
        <h1 className="text-3xl font-semibold tracking-tight sm:text-4xl">{title}</h1>
        <p className="text-muted-foreground">
          Check the order as it will be saved. Its delivery details, notes and PO number stay as they are.
        </p>
      </header>
      <OrderEditBanner />
      <div className="grid gap-6 md:grid-cols-[minmax(0,1fr)_20rem] md:items-start lg:grid-cols-[minmax(0,1fr)_24rem]">
        <div className="min-w-0">{summary}</div>
        <div className="min-w-0 space-y-3">
          <ErrorList messages={blockers} />
          {empty || problems.length > 0 ? (
            <p className="text-sm">
              <Link
                to={`/orders/${edit.orderId}`}
                className="font-medium text-primary underline underline-offset-2"
              >
                View order {edit.orderNumber}
              </Link>
            </p>
          ) : null}
          <Button
            size="lg"
            className="w-full"
            onClick={() => void handleSave()}
            disabled={saving || (!review && !products.error) || empty}
            aria-busy={saving || undefined}
          >
            {saving ? (
              <>
                <Spinner className="text-primary-foreground" />
                Saving...
              </>
            ) : (
              <>
                <Save aria-hidden="true" />
                Save changes
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
            The order stays pending until our team approves it; they see what you changed.
          </p>
        </div>
      </div>
    </div>
  );
}
