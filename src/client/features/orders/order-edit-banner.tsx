import { Pencil } from 'lucide-react';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Button } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { endOrderEdit, useOrderEdit } from '../../lib/cart/order-edit';
import { toast } from '../../lib/toast';

// Part of the order form's initial JavaScript (ADR 0015): no schema library, only React, the router and lib.

/** Why another edit (or a reorder) cannot start while one is under way: one kept cart at a time. */
export function editUnderWayMessage(orderNumber: string): string {
  return `You are editing order ${orderNumber}. Save or discard those changes first.`;
}

/**
 * 'You are editing order WO-1042' (docs/storefront.md#editing-a-pending-order) on the order form, the review
 * page and the order pages while an edit is under way, with 'Discard changes' (asked first): the order stays
 * as it was, the cart the buyer was building comes back, and the order's page opens. `continueLink` adds
 * 'Continue editing' (to the order form) where the form is not on screen.
 */
export function OrderEditBanner({ continueLink = false }: { continueLink?: boolean }) {
  const edit = useOrderEdit();
  const navigate = useNavigate();
  const [asking, setAsking] = useState(false);
  if (!edit) return null;

  const discard = () => {
    setAsking(false);
    endOrderEdit();
    toast.success(`Changes to order ${edit.orderNumber} discarded`, {
      description: 'The order is as it was, and your cart is back as you left it.',
    });
    void navigate(`/orders/${edit.orderId}`);
  };

  return (
    <section
      aria-label="Order being edited"
      className="flex flex-col gap-3 rounded-2xl border-2 border-primary bg-accent p-4 sm:flex-row sm:items-center"
    >
      <div className="flex flex-1 items-start gap-2">
        <Pencil aria-hidden="true" className="mt-1 size-4 shrink-0 text-primary" />
        <div className="space-y-0.5">
          <p className="font-semibold">You are editing order {edit.orderNumber}</p>
          <p className="text-sm text-muted-foreground">
            Change the quantities, review and save. The cart you were building is kept and comes back after.
          </p>
        </div>
      </div>
      <div className="flex flex-col gap-2 sm:flex-row">
        {continueLink ? (
          <Button asChild>
            <Link to="/">Continue editing</Link>
          </Button>
        ) : null}
        <Button variant="outline" onClick={() => setAsking(true)}>
          Discard changes
        </Button>
      </div>
      <ConfirmDialog
        open={asking}
        title={`Discard your changes to order ${edit.orderNumber}?`}
        description="The order stays as it was, and the cart you were building comes back."
        confirmLabel="Discard changes"
        cancelLabel="Keep editing"
        onConfirm={discard}
        onCancel={() => setAsking(false)}
      />
    </section>
  );
}
