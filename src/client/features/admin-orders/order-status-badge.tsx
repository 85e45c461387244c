import type { OrderStatus } from '../../../shared/schemas/orders';
import { Badge } from '../../components/ui/badge';
import { ORDER_STATUS_LABELS } from '../../lib/order-status';
import { ORDER_STATUS_BADGES } from './admin-order-status';

export function AdminOrderStatusBadge({ status }: { status: OrderStatus }) {
  return <Badge variant={ORDER_STATUS_BADGES[status]}>{ORDER_STATUS_LABELS[status]}</Badge>;
}
