import { Pencil } from 'lucide-react';
import type { Ref } from 'react';
import type { AdminOrder } from '../../../shared/schemas/admin-orders';
import { Button } from '../../components/ui/button';
import { lineEditRefusal } from './order-editable';

interface EditLinesOfferProps {
  order: AdminOrder;
  /** The lines are being loaded again: the button stays (and keeps the focus) but waits. */
  waiting: boolean;
  onEdit: () => void;
  buttonRef: Ref<HTMLButtonElement>;
}

/**
 * Under the items dialog's lines: 'Edit lines' on a pending or awaiting order nothing was invoiced for, else
 * why it cannot be changed (an invoiced or approved order is cancelled and created anew).
 */
export function EditLinesOffer({ order, waiting, onEdit, buttonRef }: EditLinesOfferProps) {
  const refusal = lineEditRefusal(order);
  if (refusal) return <p className="text-sm text-muted-foreground">{refusal}</p>;
  return (
    <Button
      ref={buttonRef}
      variant="outline"
      size="sm"
      className="self-start aria-disabled:opacity-50"
      aria-disabled={waiting || undefined}
      aria-label={`Edit lines of order ${order.orderNumber}`}
      onClick={() => {
        if (!waiting) onEdit();
      }}
    >
      <Pencil aria-hidden="true" />
      Edit lines
    </Button>
  );
}
