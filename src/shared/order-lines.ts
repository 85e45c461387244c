import { formatMoney } from './money';
import type { OrderItemView } from './schemas/orders';

/** An order line's cells as shown: cases, bottles, price per unit, line total. */
export interface OrderLineCells {
  cases: string;
  bottles: string;
  price: string;
  total: string;
}

/**
 * An order line in the order page's table and the order PDF (docs/storefront.md#order-detail,
 * docs/orders.md#order-pdf): the cases (none for the tester), the bottles (the tester's count for the
 * tester), the price per bottle or per bundle (the tester is free) and the line total. Units follow ADR 0008.
 */
export function orderLineCells(
  item: Pick<OrderItemView, 'unit' | 'caseCount' | 'quantity' | 'units' | 'price' | 'lineTotal'>,
): OrderLineCells {
  const isTester = item.unit === 'tester';
  return {
    cases: item.caseCount === null ? '—' : String(item.caseCount),
    bottles: String(isTester ? item.quantity : item.units),
    price: isTester ? 'Free' : `${formatMoney(item.price)} / ${item.unit}`,
    total: formatMoney(item.lineTotal),
  };
}
