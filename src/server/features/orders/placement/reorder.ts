import { centsToDollars } from '../../../../shared/money';
import { lineKind, priceCart, type CartLine, type PricingCatalog } from '../../../../shared/pricing';
import type { ReorderResponse } from '../../../../shared/schemas/orders';

import type { OrderItemRow } from '../reads/orders.repository';
import type { ProductRow } from '../../../db/schema';

type ReorderLines = Pick<ReorderResponse, 'items' | 'unavailable'>;

/**
 * An old order's lines as a new cart at TODAY's prices (docs/orders.md#reorder). Lines whose product is
 * gone, inactive or hidden are reported in `unavailable`, never added. A case line that is not a whole
 * number of cases (legacy data) is rounded up to whole cases, the tester to exactly one. Nothing is stored.
 */
export function buildReorder(
  catalog: PricingCatalog,
  productsById: ReadonlyMap<number, ProductRow>,
  items: readonly OrderItemRow[],
): ReorderLines {
  const quantities = new Map<number, number>();
  const unavailable: ReorderLines['unavailable'] = [];
  for (const item of items) {
    const product = catalog.products.get(item.productId);
    if (!product) {
      unavailable.push({
        productId: item.productId,
        productName: item.name ?? item.product?.name ?? `Product ${item.productId}`,
        sku: item.sku ?? item.product?.sku ?? null,
      });
      continue;
    }
    quantities.set(product.id, (quantities.get(product.id) ?? 0) + item.quantity);
  }
  const lines: CartLine[] = [...quantities].flatMap(([productId, quantity]) => {
    const product = catalog.products.get(productId);
    if (!product || quantity <= 0) return [];
    const kind = lineKind(product);
    if (kind === 'tester') return [{ productId, quantity: 1 }];
    if (kind === 'bundle') return [{ productId, quantity }];
    const caseSize = Math.max(product.caseSize, 1);
    return [{ productId, quantity: Math.ceil(quantity / caseSize) * caseSize }];
  });
  const priced = priceCart(catalog, lines);
  return {
    items: priced.lines.map((line) => {
      const row = productsById.get(line.productId);
      return {
        productId: line.productId,
        quantity: line.quantity,
        price: centsToDollars(line.unitPrice),
        productName: line.name,
        sku: line.sku,
        imageUrl: row?.imageUrl ?? null,
        shopifyVariantId: row?.shopifyVariantId ?? null,
      };
    }),
    unavailable,
  };
}
