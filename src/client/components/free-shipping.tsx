import { formatCents } from '../../shared/money';
import { LIST_SHIPPING_FEE_CENTS } from '../../shared/pricing';

/**
 * Shipping is free, with the list fee crossed out (docs/catalogue-and-pricing.md#shipping). The value cell of
 * a Shipping row.
 */
export function FreeShippingValue() {
  return (
    <dd className="flex items-baseline justify-end gap-2">
      <span className="sr-only">list price</span>
      <s className="text-muted-foreground tabular-nums">{formatCents(LIST_SHIPPING_FEE_CENTS)}</s>
      <span className="font-semibold text-primary">Free</span>
    </dd>
  );
}
