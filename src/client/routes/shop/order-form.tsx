import { useQuery } from '@tanstack/react-query';
import { Truck } from 'lucide-react';
import { lazy, Suspense, useDeferredValue, useMemo, type ReactNode } from 'react';
import { NotSignedInBanner } from '../../components/not-signed-in-banner';
import { PageTitle } from '../../components/page-title';
import { useCart } from '../../lib/cart/cart-store';
import { pricingCatalogQueryOptions } from '../../features/catalog/pricing-catalog-query';
import { productsQueryOptions } from '../../features/catalog/products-query';
import { useLooksSignedOut } from '../../lib/session';
import { OrderFormLoading, ProductsSection } from './order-form-layout';

/**
 * The form with the catalogue (pricing engine, product list, summary) is a chunk of its own, asked for when
 * this page first renders, so it arrives alongside the catalogue it waits for (ADR 0015); other pages never
 * load it. The deferred catalogue below keeps the loading state on screen until it has. 'Failed to fetch
 * products' likewise: it must be at hand when the network is not.
 */
const importCatalogueForm = () => import('./catalogue-order-form');
const importProductListError = () => import('../../features/catalog/product-list-error');
let chunks:
  | {
      catalogueForm: ReturnType<typeof importCatalogueForm>;
      productListError: ReturnType<typeof importProductListError>;
    }
  | undefined;
function loadPageChunks() {
  chunks ??= { catalogueForm: importCatalogueForm(), productListError: importProductListError() };
  return chunks;
}
const OrderForm = lazy(async () => ({ default: (await loadPageChunks().catalogueForm).OrderForm }));
const ProductListError = lazy(async () => ({
  default: (await loadPageChunks().productListError).ProductListError,
}));

/**
 * The storefront's home (docs/storefront.md#order-form). Bundled eagerly, as the page most visits start on:
 * its heading and loading state; the form itself arrives with the catalogue (catalogue-order-form.tsx).
 */
export function OrderFormPage() {
  // Not in the server's page shells, which draw the loading state only.
  if (typeof window !== 'undefined') void loadPageChunks();
  const looksSignedOut = useLooksSignedOut();
  // Read here, not in the form: the page is there from the first render, so the cart is followed before the
  // form (drawn later, as a transition) appears, and a quantity changed at once is never missed.
  const cart = useCart();
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
  if (shown) {
    content = (
      <Suspense fallback={<OrderFormLoading />}>
        <OrderForm
          cart={cart}
          products={shown.products}
          pricing={shown.pricing}
          onRetryPricing={() => void pricing.refetch()}
        />
      </Suspense>
    );
  } else if (products.error && !products.data) {
    // A failed background refresh keeps the list already shown; the error block is for a first load only.
    content = (
      <ProductsSection>
        <Suspense fallback={null}>
          <ProductListError error={products.error} onRetry={() => void products.refetch()} />
        </Suspense>
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
      {content}
    </div>
  );
}
