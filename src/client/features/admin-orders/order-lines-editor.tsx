import { Trash2 } from 'lucide-react';
import { MAX_QUANTITY } from '../../../shared/limits';
import { formatCents } from '../../../shared/money';
import {
  unitPrice,
  type PricedCart,
  type PricingCatalog,
  type PricingProduct,
} from '../../../shared/pricing';
import { Button } from '../../components/ui/button';
import { inputClassName, useFieldDescription } from '../../components/ui/field';
import { cn } from '../../lib/cn';
import { pluralize } from '../../lib/format';
import { readQuantity, unitOf, type DraftLine } from './order-draft';

interface OrderLinesEditorProps {
  /** The list's accessible name, e.g. 'Products of the new order'. */
  label: string;
  catalog: PricingCatalog;
  draft: readonly DraftLine[];
  /** The draft priced (judgeDraft): each line's price at the tier the whole order reaches. */
  priced: PricedCart;
  onQuantity: (productId: number, quantity: string) => void;
  /** Offers 'Remove' on each line (the edit of an order; a new order lists every product instead). */
  onRemove?: (productId: number) => void;
  /** Names a line whose product the catalogue no longer has. */
  nameOf: (productId: number) => string;
}

/**
 * The lines of an order being written (docs/admin.md#orders): per product its quantity in its selling unit
 * (bottles of a case-packed product, with the cases they make; bundles; the tester as a checkbox, one at
 * most), its price at the order's tier and its line total, as the buyer's order form prices them. A list,
 * stacked on a phone.
 */
export function OrderLinesEditor({ label, draft, ...row }: OrderLinesEditorProps) {
  return (
    <ul aria-label={label} className="divide-y divide-border rounded-lg border border-border">
      {draft.map((line) => (
        <OrderLineRow key={line.productId} line={line} {...row} />
      ))}
    </ul>
  );
}

type OrderLineRowProps = Omit<OrderLinesEditorProps, 'label' | 'draft'> & { line: DraftLine };

function OrderLineRow({ line, catalog, priced, onQuantity, onRemove, nameOf }: OrderLineRowProps) {
  const product = catalog.products.get(line.productId);
  const name = product?.name ?? nameOf(line.productId);
  const pricedLine = priced.lines.find((candidate) => candidate.productId === line.productId);
  return (
    <li className="grid gap-3 p-3 text-sm sm:grid-cols-[minmax(0,1fr)_auto_6rem_auto] sm:items-center">
      <div className="min-w-0">
        <p className="font-medium break-words">{name}</p>
        {product ? (
          <p className="text-xs text-muted-foreground">
            SKU: {product.sku} · {priceText(catalog, product, pricedLine?.unitPrice)}
          </p>
        ) : (
          <p className="text-xs text-destructive">No longer for sale</p>
        )}
      </div>
      {product ? (
        <QuantityControl product={product} line={line} onQuantity={onQuantity} />
      ) : (
        <span className="tabular-nums">{line.quantity}</span>
      )}
      <p className="font-medium tabular-nums sm:text-right">
        <span className="sr-only">Line total of {name}: </span>
        {pricedLine ? (pricedLine.kind === 'tester' ? 'Free' : formatCents(pricedLine.lineTotal)) : '—'}
      </p>
      {onRemove ? (
        <Button
          variant="ghost"
          size="sm"
          className="justify-self-start"
          aria-label={`Remove ${name}`}
          onClick={() => onRemove(line.productId)}
        >
          <Trash2 aria-hidden="true" />
          Remove
        </Button>
      ) : null}
    </li>
  );
}

/** '$9.90 per bottle' at the order's tier once the line is ordered, the base price before (as the order form). */
function priceText(catalog: PricingCatalog, product: PricingProduct, ordered: number | undefined): string {
  const unit = unitOf(product);
  if (unit === 'tester') return 'Free, one per order';
  return `${formatCents(ordered ?? unitPrice(catalog, product, null))} per ${unit}`;
}

function QuantityControl({
  product,
  line,
  onQuantity,
}: {
  product: PricingProduct;
  line: DraftLine;
  onQuantity: (productId: number, quantity: string) => void;
}) {
  const unit = unitOf(product);
  const quantity = readQuantity(line.quantity);
  const hint = unit === 'bottle' ? caseHint(quantity, product.caseSize) : null;
  const { id, hintId, controlProps } = useFieldDescription(hint !== null, null);
  if (unit === 'tester') {
    return (
      <label className="flex items-center gap-2">
        <input
          type="checkbox"
          className="size-4"
          checked={quantity !== null && quantity > 0}
          onChange={(event) => onQuantity(product.id, event.target.checked ? '1' : '0')}
        />
        Include<span className="sr-only"> the {product.name}</span>
      </label>
    );
  }
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-xs font-medium">
        {unit === 'bottle' ? 'Bottles' : 'Bundles'}
        <span className="sr-only"> of {product.name}</span>
      </label>
      <input
        type="number"
        inputMode="numeric"
        min={0}
        max={MAX_QUANTITY}
        // The arrows move a case at a time.
        step={unit === 'bottle' ? Math.max(product.caseSize, 1) : 1}
        className={cn(inputClassName, 'w-28 tabular-nums')}
        value={line.quantity}
        onChange={(event) => onQuantity(product.id, event.target.value)}
        {...controlProps}
        aria-invalid={quantity === null || undefined}
      />
      {hint ? (
        <p id={hintId} className="text-xs text-muted-foreground">
          {hint}
        </p>
      ) : null}
    </div>
  );
}

/** '2 cases', '1 case + 3 bottles', or how many bottles make a case. */
function caseHint(quantity: number | null, caseSize: number): string {
  const size = Math.max(caseSize, 1);
  if (!quantity) return `${size} bottles a case`;
  const cases = Math.floor(quantity / size);
  const rest = quantity % size;
  const whole = pluralize(cases, 'case', 'cases', { grouped: true });
  return rest === 0 ? whole : `${whole} + ${pluralize(rest, 'bottle')}`;
}
