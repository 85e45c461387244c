import { orderLineCells } from '../../../shared/order-lines';
import type { OrderItemView } from '../../../shared/schemas/orders';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '../../components/ui/table';
import { cn } from '../../lib/cn';
import { useIsMobile } from '../../lib/use-media-query';
import { pluralize } from '../../lib/format';
import { formatMoney } from '../../lib/format-money';

const UNIT_LABEL: Record<OrderItemView['unit'], string> = {
  bottle: 'bottle',
  bundle: 'bundle',
  tester: 'tester',
};

interface OrderItemsTableProps {
  items: readonly OrderItemView[];
  /** A short name for the table (screen readers announce it). */
  label: string;
  className?: string;
}

/**
 * An order's lines: product, cases, bottles, price per unit and line total. The tester shows no cases
 * (docs/storefront.md#order-detail) and is free. Under 768 px a stacked list, as five columns do not fit a
 * phone.
 */
export function OrderItemsTable(props: OrderItemsTableProps) {
  return useIsMobile() ? <OrderItemsList {...props} /> : <OrderItemsGrid {...props} />;
}

function describeAmount(item: OrderItemView): string {
  if (item.unit === 'tester') return pluralize(item.quantity, 'tester', 'testers');
  const cases =
    item.unit === 'bundle'
      ? pluralize(item.quantity, 'bundle', 'bundles')
      : pluralize(item.caseCount ?? 0, 'case', 'cases');
  return `${cases} · ${pluralize(item.units, 'bottle', 'bottles')} · ${formatMoney(item.price)} / ${UNIT_LABEL[item.unit]}`;
}

function OrderItemsList({ items, label, className }: OrderItemsTableProps) {
  return (
    <div className={cn('overflow-auto', className)} tabIndex={0} role="region" aria-label={label}>
      <ul aria-label={label} className="divide-y divide-border">
        {items.map((item) => (
          <li key={item.id} className="flex justify-between gap-3 py-3 text-sm">
            <div className="min-w-0">
              <p className="font-medium">{item.name || item.productName}</p>
              {item.sku ? <p className="text-xs text-muted-foreground">SKU: {item.sku}</p> : null}
              <p className="text-muted-foreground">{describeAmount(item)}</p>
            </div>
            <p className="font-medium whitespace-nowrap tabular-nums">
              {item.unit === 'tester' ? 'Free' : formatMoney(item.lineTotal)}
            </p>
          </li>
        ))}
      </ul>
    </div>
  );
}

function OrderItemsGrid({ items, label, className }: OrderItemsTableProps) {
  return (
    // Focusable, so a keyboard can scroll it when it overflows (WCAG 2.1.1).
    <div className={cn('overflow-auto', className)} tabIndex={0} role="region" aria-label={label}>
      <Table aria-label={label}>
        <TableHeader>
          <TableRow>
            <TableHead>Product</TableHead>
            <TableHead className="text-right">Cases</TableHead>
            <TableHead className="text-right">Bottles</TableHead>
            <TableHead className="text-right">Price</TableHead>
            <TableHead className="text-right">Total</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {items.map((item) => {
            const cells = orderLineCells(item);
            return (
              <TableRow key={item.id}>
                <TableCell>
                  <span className="font-medium">{item.name || item.productName}</span>
                  {item.sku ? (
                    <span className="block text-xs text-muted-foreground">SKU: {item.sku}</span>
                  ) : null}
                </TableCell>
                <TableCell className="text-right tabular-nums">{cells.cases}</TableCell>
                <TableCell className="text-right tabular-nums">{cells.bottles}</TableCell>
                <TableCell className="text-right whitespace-nowrap tabular-nums">{cells.price}</TableCell>
                <TableCell className="text-right tabular-nums">{cells.total}</TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </div>
  );
}
