import type { OrderStatus } from '../../../shared/schemas/orders';
import { Badge } from '../../components/ui/badge';
import { STAFF_ORDER_STATUS_LABELS } from '../../../shared/orders';
import { ORDER_STATUS_BADGES } from './admin-order-status';

/** The status in staff's words: an order prepared for a buyer reads "Awaiting buyer's confirmation". */
export function AdminOrderStatusBadge({ status }: { status: OrderStatus }) {
  return <Badge variant={ORDER_STATUS_BADGES[status]}>{STAFF_ORDER_STATUS_LABELS[status]}</Badge>;
}
