import { useQuery } from '@tanstack/react-query';
import { Info, Truck } from 'lucide-react';
import { useDeferredValue, useMemo, type ReactNode } from 'react';
import { catalogFromApi } from '../../../shared/pricing-catalog';
import { priceCart, savingsAtNextTier } from '../../../shared/pricing';
import type { PricingCatalogDto } from '../../../shared/schemas/pricing';
import type { Product } from '../../../shared/schemas/products';
import { NotSignedInBanner } from '../../components/not-signed-in-banner';
import { PageTitle } from '../../components/page-title';
import { QuantityStepper } from '../../components/ui/quantity-stepper';
import { setCartItemQuantity, useCart, type Cart } from '../../lib/cart/cart-store';
import { useCartValidation } from '../../features/cart/cart-validation';
import { CartValidationStatus } from '../../features/cart/cart-validation-status';
import { OrderSummary, OrderSummarySkeleton } from '../../features/cart/order-summary';
import { TesterCard } from '../../features/cart/tester-card';
import { pricingCatalogQueryOptions } from '../../features/catalog/pricing-catalog-query';
import { ProductList } from '../../features/catalog/product-list';
import { ProductListError, ProductListLoading } from '../../features/catalog/product-list-status';
import { buildProductRows, type ProductRowModel } from '../../features/catalog/product-row-model';
import { productsQueryOptions } from '../../features/catalog/products-query';
import { useReorderNotice } from '../../features/orders/reorder-notice';
import { useLooksSignedOut } from '../../lib/session';
import { useIsMobile } from '../../lib/use-media-query';
import { buildCartLines, buildRuleLines, buildValidationItems, findTester } from './order-lines';
import { ReviewOrderButton } from './review-order-button';

/** No tiers, custom prices or components: every price at base (the fallback when they cannot be loaded). */
const BASE_PRICING: PricingCatalogDto = { tiers: [], customPrices: [], components: [] };

/** Upper bound of the Cases input; far above any real order, well inside the API's quantity limit. */
const MAX_CASES = 999;

/**
 * The storefront's home (docs/storefront.md#order-form). Bundled eagerly: it is the page most visits start
 * on.
 */
export function OrderFormPage() {
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
      {content}
    </div>
  );
}

/** The products beside the summary on wide screens, above it on narrow ones. */
function OrderFormLayout({ products, summary }: { products: ReactNode; summary: ReactNode }) {
  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_23rem] lg:items-start">
      <div className="min-w-0 space-y-6">{products}</div>
      {/* Sticky beside the products on wide screens; the next step sits right under the totals. */}
      <div className="lg:sticky lg:top-6">{summary}</div>
    </div>
  );
}

/** The loading state in the final layout (four product rows and the summary column): nothing shifts after. */
function OrderFormLoading() {
  return (
    <OrderFormLayout
      products={
        <ProductsSection>
          <ProductListLoading />
        </ProductsSection>
      }
      summary={<OrderSummarySkeleton />}
    />
  );
}

function ProductsSection({ children }: { children: ReactNode }) {
  return (
    <section aria-label="Products" className="rounded-2xl border border-border bg-card p-4 shadow-sm sm:p-6">
      {children}
    </section>
  );
}

interface OrderFormProps {
  cart: Cart;
  products: Product[];
  /** Undefined when GET /api/pricing-catalog failed: prices at base, with a note. */
  pricing: PricingCatalogDto | undefined;
  onRetryPricing: () => void;
}

/**
 * The form once the catalogue is known. Every price is computed here with the shared engine on each change
 * (docs/catalogue-and-pricing.md#prices-in-the-browser-and-on-the-server), so typing a quantity costs no
 * request; the server re-checks the cart 1 s later.
 */
function OrderForm({ cart, products, pricing, onRetryPricing }: OrderFormProps) {
  // From when the form (with the reordered cart) is on screen, not from when the page started loading.
  useReorderNotice();
  const isMobile = useIsMobile();
  const catalog = useMemo(() => catalogFromApi(products, pricing ?? BASE_PRICING), [products, pricing]);
  const tester = useMemo(() => findTester(products), [products]);
  const lines = useMemo(() => buildCartLines(cart, catalog, tester), [cart, catalog, tester]);
  const priced = useMemo(() => priceCart(catalog, lines), [catalog, lines]);
  const rows = useMemo(() => buildProductRows(products, catalog, priced), [products, catalog, priced]);
  const validationItems = useMemo(() => buildValidationItems(priced), [priced]);
  const validation = useCartValidation(validationItems);

  if (rows.length === 0) {
    return (
      <ProductsSection>
        <ProductList rows={rows} renderQuantity={() => null} />
      </ProductsSection>
    );
  }

  const renderQuantity = (row: ProductRowModel) => (
    <QuantityStepper
      value={row.cases}
      min={0}
      max={MAX_CASES}
      onChange={(cases) => setCartItemQuantity(row.id, cases * row.unitsPerCase)}
      inputLabel={`Cases of ${row.name}`}
      decrementLabel={`Remove one case of ${row.name}`}
      incrementLabel={`Add one case of ${row.name}`}
    />
  );

  const pricingNotice = pricing ? undefined : (
    <p className="flex items-start gap-2 rounded-lg bg-muted px-3 py-2 text-xs text-muted-foreground">
      <Info aria-hidden="true" className="mt-0.5 size-3.5 shrink-0" />
      <span>
        Volume discounts could not be loaded, so prices are shown at the standard wholesale rate.{' '}
        <button
          type="button"
          onClick={onRetryPricing}
          className="rounded-sm font-medium text-primary underline underline-offset-2"
        >
          Try again
        </button>
      </span>
    </p>
  );

  return (
    <OrderFormLayout
      products={
        <>
          <ProductsSection>
            <ProductList rows={rows} renderQuantity={renderQuantity} />
          </ProductsSection>
          {tester ? <TesterCard name={tester.name} /> : null}
        </>
      }
      summary={
        <OrderSummary
          cart={priced}
          tiers={catalog.tiers}
          nextTierSavings={savingsAtNextTier(catalog, priced)}
          collapsible={isMobile}
          notice={pricingNotice}
          actions={
            <div className="space-y-3">
              <CartValidationStatus state={validation} />
              <ReviewOrderButton ruleLines={buildRuleLines(lines, catalog)} cartVersion={cart.version} />
            </div>
          }
        />
      }
    />
  );
}
