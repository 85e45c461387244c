import { MessageSquare } from 'lucide-react';
import { Link } from 'react-router';
import type { AdminOrder } from '../../../shared/schemas/admin-orders';
import { supportMessagesHref } from '../../components/admin/admin-links';
import { Button } from '../../components/ui/button';

/**
 * 'Messages (2)': the order's support messages in the Support section (issue 7). Nothing when the customer
 * has not written about the order.
 */
export function SupportMessagesLink({ order }: { order: AdminOrder }) {
  const count = order.supportMessageCount;
  if (count <= 0) return null;
  return (
    <Button asChild variant="outline" size="sm">
      <Link
        to={supportMessagesHref(order.id)}
        aria-label={`Messages (${count}) about order ${order.orderNumber}`}
      >
        <MessageSquare aria-hidden="true" />
        Messages ({count})
      </Link>
    </Button>
  );
}
