/**
 * How a discount and a volume tier read wherever the portal shows them: the storefront, the admin portal and
 * the order PDF. No dependencies: the order form on the storefront's first page uses formatDiscount
 * (docs/decisions/0015-storefront-first-page.md).
 */

/**
 * A discount in percent as read: 7 → '7%', 7.5 → '7.5%', 7.25 → '7.25%' (at most two decimals, the
 * hundredths of a percent the server keeps). The pricing engine's tiers hold hundredths: divide by 100.
 */
export function formatDiscount(percent: number): string {
  return `${Number(percent.toFixed(2))}%`;
}

/**
 * The tier a cart or an order was priced at (docs/catalogue-and-pricing.md#volume-tiers): 'Starter (5% off)';
 * 'None' without one. `name` is null when the tier is no longer known (staff deleted it after the order), and
 * the discount alone is shown: '5% off'. `discountPercent` is in percent (hundredths ÷ 100).
 */
export function describeTier(tier: { name: string | null; discountPercent: number } | null): string {
  if (!tier) return 'None';
  const off = `${formatDiscount(tier.discountPercent)} off`;
  return tier.name ? `${tier.name} (${off})` : off;
}
