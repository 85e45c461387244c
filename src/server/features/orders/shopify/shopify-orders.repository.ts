import { and, asc, eq, inArray } from 'drizzle-orm';
import type { PricingTier } from '../../../../shared/pricing';
import {
  orderItems,
  productPricingTiers,
  products,
  virtualProductComponents,
  type OrderRow,
} from '../../../db/schema';
import type { DatabaseOrTransaction } from '../../../db/client';
import { toPricingProduct } from '../../pricing';

import type { DraftPricing, DraftProduct, DraftSourceItem } from './draft-order-input';

/*
 * What a draft is made of. An order's state is read and written through the orders feature
 * (features/orders/index.ts); a job's own row through jobs/held-jobs.ts.
 */

/**
 * The order's lines (as sold) and what pricing them needs: their products and, for a bundle, its component
 * products, with the custom prices of the order's tier. Products are read whatever their storefront state:
 * an order placed yesterday still goes to Shopify if a product was hidden since.
 */
export async function loadDraftSource(
  db: DatabaseOrTransaction,
  order: Pick<OrderRow, 'id' | 'tierId' | 'discountPercentage'>,
): Promise<{ items: DraftSourceItem[]; pricing: DraftPricing }> {
  const items = await db
    .select({
      productId: orderItems.productId,
      quantity: orderItems.quantity,
      price: orderItems.price,
      name: orderItems.name,
      sku: orderItems.sku,
    })
    .from(orderItems)
    .where(eq(orderItems.orderId, order.id))
    .orderBy(asc(orderItems.id));
  const lineProductIds = [...new Set(items.map((item) => item.productId))];
  const components =
    lineProductIds.length === 0
      ? []
      : await db
          .select()
          .from(virtualProductComponents)
          .where(inArray(virtualProductComponents.virtualProductId, lineProductIds))
          .orderBy(asc(virtualProductComponents.id));
  const productIds = [
    ...new Set([...lineProductIds, ...components.map((component) => component.componentProductId)]),
  ];
  const rows =
    productIds.length === 0 ? [] : await db.select().from(products).where(inArray(products.id, productIds));
  const customPrices =
    order.tierId === null || productIds.length === 0
      ? []
      : await db
          .select({
            productId: productPricingTiers.productId,
            tierId: productPricingTiers.tierId,
            price: productPricingTiers.price,
          })
          .from(productPricingTiers)
          .where(
            and(
              eq(productPricingTiers.tierId, order.tierId),
              inArray(productPricingTiers.productId, productIds),
            ),
          );

  const draftProducts = rows.map((row): DraftProduct => ({
    ...toPricingProduct(row, components),
    shopifyVariantId: row.shopifyVariantId,
  }));
  // The tier as the order was priced: its id (custom prices) and the discount stored on the order.
  const tier: PricingTier | null =
    order.tierId === null && order.discountPercentage === 0
      ? null
      : { id: order.tierId ?? -1, name: '', minimumCases: 0, discountPercentage: order.discountPercentage };
  return {
    items,
    pricing: {
      catalog: {
        products: new Map(draftProducts.map((product) => [product.id, product])),
        tiers: tier ? [tier] : [],
        customPrices,
      },
      tier,
    },
  };
}
