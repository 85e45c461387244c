import type { OrderItemView } from '../../../shared/schemas/orders';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '../../components/ui/table';
import { cn } from '../../lib/cn';
import { formatMoney } from './format';

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
 * (spec 000 §9) and is free.
 */
export function OrderItemsTable({ items, label, className }: OrderItemsTableProps) {
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
            const isTester = item.unit === 'tester';
            return (
              <TableRow key={item.id}>
                <TableCell>
                  <span className="font-medium">{item.name || item.productName}</span>
                  {item.sku ? (
                    <span className="block text-xs text-muted-foreground">SKU: {item.sku}</span>
                  ) : null}
                </TableCell>
                <TableCell className="text-right tabular-nums">{item.caseCount ?? '—'}</TableCell>
                <TableCell className="text-right tabular-nums">
                  {isTester ? item.quantity : item.units}
                </TableCell>
                <TableCell className="text-right whitespace-nowrap tabular-nums">
                  {isTester ? 'Free' : `${formatMoney(item.price)} / ${UNIT_LABEL[item.unit]}`}
                </TableCell>
                <TableCell className="text-right tabular-nums">{formatMoney(item.lineTotal)}</TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </div>
  );
}
