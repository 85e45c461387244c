import { Badge } from '../../components/ui/badge';
import { statusBadge } from './order-status';

export function OrderStatusBadge({ status }: { status: string | null | undefined }) {
  const { label, variant } = statusBadge(status);
  return <Badge variant={variant}>{label}</Badge>;
}
