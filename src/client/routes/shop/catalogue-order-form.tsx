import { Info } from 'lucide-react';
import { useMemo } from 'react';
import { catalogFromApi } from '../../../shared/pricing-catalog';
import { priceCart, savingsAtNextTier } from '../../../shared/pricing';
import type { PricingCatalogDto } from '../../../shared/schemas/pricing';
import type { Product } from '../../../shared/schemas/products';
import { QuantityStepper } from '../../components/ui/quantity-stepper';
import { setCartItemQuantity, type Cart } from '../../lib/cart/cart-store';
import { useOrderEdit } from '../../lib/cart/order-edit-record';
import { useCartValidation } from '../../features/cart/cart-validation';
import { CartValidationStatus } from '../../features/cart/cart-validation-status';
import { OrderSummary } from '../../features/cart/order-summary';
import { PhoneTotalBar } from '../../features/cart/phone-total-bar';
import { TesterCard } from '../../features/cart/tester-card';
import { ProductList } from '../../features/catalog/product-list';
import type { ProductRowModel } from '../../features/catalog/product-row-model';
import { buildProductRows } from '../../features/catalog/product-row-model';
import { useReorderNotice } from '../../features/orders/reorder-notice';
import { useIsMobile } from '../../lib/use-media-query';
import { buildCartLines, buildRuleLines, buildValidationItems, findTester } from './order-lines';
import { OrderFormLayout, ProductsSection } from './order-form-layout';
import { ReviewOrderButton } from './review-order-button';

/*
 * The order form once the catalogue is known (docs/storefront.md#order-form): the pricing engine, the
 * product list and the summary. In the app's first file with order-form.tsx, which draws it once the
 * catalogue has arrived (docs/decisions/0035-react-router-declarative-mode.md); the page shell is painted
 * before any script runs.
 */

/** No tiers, custom prices or components: every price at base (the fallback when they cannot be loaded). */
const BASE_PRICING: PricingCatalogDto = { tiers: [], customPrices: [], components: [] };

/** Upper bound of the Cases input; far above any real order, well inside the API's quantity limit. */
const MAX_CASES = 999;

export interface OrderFormProps {
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
export function OrderForm({ cart, products, pricing, onRetryPricing }: OrderFormProps) {
  // From when the form (with the reordered cart) is on screen, not from when the page started loading.
  useReorderNotice();
  // Editing a pending order (docs/storefront.md#editing-a-pending-order): the cart is that order's lines.
  const editing = useOrderEdit() !== null;
  const isMobile = useIsMobile();
  const catalog = useMemo(() => catalogFromApi(products, pricing ?? BASE_PRICING), [products, pricing]);
  const tester = useMemo(() => findTester(products), [products]);
  const lines = useMemo(() => buildCartLines(cart, catalog, tester), [cart, catalog, tester]);
  const priced = useMemo(() => priceCart(catalog, lines), [catalog, lines]);
  const rows = useMemo(() => buildProductRows(products, catalog, priced), [products, catalog, priced]);
  const validationItems = useMemo(() => buildValidationItems(priced), [priced]);
  const validation = useCartValidation(validationItems);
  const nextTierSavings = savingsAtNextTier(catalog, priced);

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
    <>
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
            nextTierSavings={nextTierSavings}
            collapsible={isMobile}
            notice={pricingNotice}
            actions={
              <div className="space-y-3">
                <CartValidationStatus state={validation} />
                <ReviewOrderButton
                  ruleLines={buildRuleLines(lines, catalog)}
                  cartVersion={cart.version}
                  editing={editing}
                />
              </div>
            }
          />
        }
      />
      {isMobile ? <PhoneTotalBar cart={priced} nextTierSavings={nextTierSavings} /> : null}
    </>
  );
}
