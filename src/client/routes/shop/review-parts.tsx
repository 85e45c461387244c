import { Info } from 'lucide-react';
import { checkCartRules } from '../../../shared/cart-rules';
import { catalogFromApi } from '../../../shared/pricing-catalog';
import { priceCart } from '../../../shared/pricing';
import type { PricingCatalogDto } from '../../../shared/schemas/pricing';
import type { Product } from '../../../shared/schemas/products';
import { Skeleton } from '../../components/ui/skeleton';
import type { Cart } from '../../lib/cart/cart-store';
import { buildOrderItems, isTesterOnly } from '../../features/checkout/order-request';
import { buildCartLines, buildRuleLines, findTester } from './order-lines';

/*
 * What the review page shows of the cart, for a new order (confirm.tsx) and for the edit of a pending one
 * (confirm-order-edit.tsx, docs/storefront.md#editing-a-pending-order).
 */

/** Word for word from docs/storefront.md#review-page. */
export const SUMMARY_UNAVAILABLE = 'Cannot submit order: order summary not available';

/** No tiers, custom prices or components: every price at base (the fallback when they cannot be loaded). */
const BASE_PRICING: PricingCatalogDto = { tiers: [], customPrices: [], components: [] };

/** The cart priced with the shared engine, as the order form shows it, plus the cart rules' verdict. */
export function reviewCart(cart: Cart, products: readonly Product[], pricing: PricingCatalogDto | undefined) {
  const catalog = catalogFromApi(products, pricing ?? BASE_PRICING);
  const lines = buildCartLines(cart, catalog, findTester(products));
  const priced = priceCart(catalog, lines);
  return {
    priced,
    orderItems: buildOrderItems(priced, products),
    ruleMessages: checkCartRules(buildRuleLines(lines, catalog)),
    testerOnly: isTesterOnly(priced),
  };
}

/** Prices at base because the tiers could not be loaded; the server applies the discount all the same. */
export function BasePricesNotice({ when = 'submitted' }: { when?: 'submitted' | 'saved' }) {
  return (
    <p className="flex items-start gap-2 rounded-lg bg-muted px-3 py-2 text-xs text-muted-foreground">
      <Info aria-hidden="true" className="mt-0.5 size-3.5 shrink-0" />
      <span>
        Volume discounts could not be loaded, so prices are shown at the standard wholesale rate. Your volume
        discount is applied when the order is {when}.
      </span>
    </p>
  );
}

export function SummaryLoading() {
  return (
    <div role="status" className="space-y-4 rounded-2xl border border-border bg-card p-4 shadow-sm sm:p-6">
      <span className="sr-only">Loading your order…</span>
      <Skeleton className="h-6 w-40" />
      {[0, 1, 2].map((index) => (
        <div key={index} className="flex justify-between gap-4">
          <div className="flex-1 space-y-2">
            <Skeleton className="h-4 w-1/2" />
            <Skeleton className="h-3 w-1/3" />
          </div>
          <Skeleton className="h-4 w-16" />
        </div>
      ))}
      <Skeleton className="h-16 w-full" />
      <Skeleton className="h-24 w-full" />
    </div>
  );
}
