import { Pencil } from 'lucide-react';
import { useNavigate } from 'react-router';
import type { OrderDetail, OrderItemView } from '../../../shared/schemas/orders';
import { Button } from '../../components/ui/button';
import { startOrderEdit, useOrderEdit } from '../../lib/cart/order-edit';
import { useCurrentUser } from '../../lib/session';
import { toast } from '../../lib/toast';
import { editUnderWayMessage } from './order-edit-banner';
import { toCartContent } from './reorder-data';

/**
 * 'Edit order' on a pending order (docs/storefront.md#editing-a-pending-order): the cart being built is put
 * aside, the order form opens with the order's lines (the tester as the cart's tester, as a reorder does) and
 * the review page saves them into this order. Only one edit at a time: another order's edit under way is
 * named instead.
 */
export function EditOrderButton({ order, items }: { order: OrderDetail; items: readonly OrderItemView[] }) {
  const navigate = useNavigate();
  const edit = useOrderEdit();
  const userId = useCurrentUser().data?.id;

  // Under way: the banner above the order says so, with 'Continue editing' and 'Discard changes'.
  if (edit?.orderId === order.id) return null;

  const start = () => {
    // Offered only to a signed-in owner or buyer; the session is known by then.
    if (userId === undefined) return;
    if (edit) {
      toast.error(editUnderWayMessage(edit.orderNumber));
      return;
    }
    const testers = new Set(items.filter((item) => item.unit === 'tester').map((item) => item.productId));
    const content = toCartContent(
      items.map(({ productId, quantity, name, sku }) => ({ productId, quantity, name, sku })),
      testers,
    );
    const edited = { id: order.id, orderNumber: order.orderNumber, version: order.version };
    if (!startOrderEdit(edited, content, userId)) {
      toast.error(
        'Your browser could not store your cart, so the order cannot be edited here. Please try again.',
      );
      return;
    }
    void navigate('/');
  };

  return (
    <Button onClick={start}>
      <Pencil aria-hidden="true" />
      Edit order
    </Button>
  );
}
