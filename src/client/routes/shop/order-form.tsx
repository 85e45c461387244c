import { useQuery } from '@tanstack/react-query';
import { Truck } from 'lucide-react';
import { lazy, Suspense, useDeferredValue, useMemo, type ReactNode } from 'react';
import { NotSignedInBanner } from '../../components/not-signed-in-banner';
import { PageTitle } from '../../components/page-title';
import { useCart } from '../../lib/cart/cart-store';
import { useOrderEdit } from '../../lib/cart/order-edit-record';
import { pricingCatalogQueryOptions } from '../../features/catalog/pricing-catalog-query';
import { ProductListError } from '../../features/catalog/product-list-error';
import { productsQueryOptions } from '../../features/catalog/products-query';
import { useCurrentUser, useLooksSignedOut, useMayPlaceOrders } from '../../lib/session';
import { VIEWERS_CANNOT_ORDER_MESSAGE } from '../../../shared/company-roles';
import { Link } from 'react-router';
import { Button } from '../../components/ui/button';
import { OrderForm } from './catalogue-order-form';
import { OrderFormLoading, ProductsSection } from './order-form-layout';

/** Only while a pending order is being edited: left out of the first page's JavaScript (ADR 0015). */
const OrderEditBanner = lazy(() =>
  import('../../features/orders/order-edit-banner').then((module) => ({ default: module.OrderEditBanner })),
);

/**
 * The storefront's home (docs/storefront.md#order-form), in the app's first chunk with the form and its
 * catalogue (catalogue-order-form.tsx), as the page most visits start on (ADR 0035): the heading and loading
 * state first, the form once the catalogue has arrived.
 */
export function OrderFormPage() {
  const looksSignedOut = useLooksSignedOut();
  // A viewer of a company sees its orders but cannot order (docs/companies.md#people-and-roles).
  const company = useCurrentUser().data?.company;
  const viewerOf = !useMayPlaceOrders() && company ? company.name : null;
  // Read here, not in the form: the page is there from the first render, so the cart is followed before the
  // form (drawn later, as a transition) appears, and a quantity changed at once is never missed.
  const cart = useCart();
  const editing = useOrderEdit() !== null;
  const products = useQuery(productsQueryOptions);
  const pricing = useQuery(pricingCatalogQueryOptions);
  // Wait for the tiers too, so a restored cart does not flash base prices first; a failure ends the wait.
  const catalogue = useMemo(
    () => (products.data && !pricing.isPending ? { products: products.data, pricing: pricing.data } : null),
    [products.data, pricing.isPending, pricing.data],
  );
  // The form with every price is the page's biggest render: deferred, React draws it as a transition, in
  // slices, so the answers' arrival never holds the main thread for long (the loading state stays until then).
  const shown = useDeferredValue(catalogue);

  let content: ReactNode;
  if (viewerOf) {
    content = <ViewerNotice companyName={viewerOf} />;
  } else if (shown) {
    content = (
      <OrderForm
        cart={cart}
        products={shown.products}
        pricing={shown.pricing}
        onRetryPricing={() => void pricing.refetch()}
      />
    );
  } else if (products.error && !products.data) {
    // A failed background refresh keeps the list already shown; the error block is for a first load only.
    content = (
      <ProductsSection>
        <ProductListError error={products.error} onRetry={() => void products.refetch()} />
      </ProductsSection>
    );
  } else {
    content = <OrderFormLoading />;
  }

  return (
    <div className="space-y-6">
      <PageTitle>Wholesale Order Form</PageTitle>
      <header className="space-y-3">
        <h1 className="text-3xl font-semibold tracking-tight sm:text-4xl">Wholesale Order Form</h1>
        <p className="flex items-start gap-2 text-muted-foreground">
          <Truck aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-primary" />
          <span>All products come in cases of 12 bottles, with free shipping on every order.</span>
        </p>
      </header>
      {looksSignedOut ? <NotSignedInBanner /> : null}
      {/* While a pending order is being edited: which one, and 'Discard changes'. */}
      {editing && !viewerOf ? (
        <Suspense fallback={null}>
          <OrderEditBanner />
        </Suspense>
      ) : null}
      {content}
    </div>
  );
}

/** What a viewer sees instead of the form: why, and the way to the company's orders. */
function ViewerNotice({ companyName }: { companyName: string }) {
  return (
    <section
      aria-labelledby="viewer-notice-heading"
      className="space-y-3 rounded-2xl border border-border bg-card p-6 shadow-sm"
    >
      <h2 id="viewer-notice-heading" className="text-xl font-semibold">
        You can view {companyName}&apos;s orders
      </h2>
      <p className="text-muted-foreground">{VIEWERS_CANNOT_ORDER_MESSAGE}</p>
      <Button asChild>
        <Link to="/orders">View Orders</Link>
      </Button>
    </section>
  );
}
