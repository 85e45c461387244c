import { TriangleAlert } from 'lucide-react';
import type { SupportPriority } from '../../../shared/schemas/support';
import { Badge } from '../../components/ui/badge';
import { SUPPORT_PRIORITY_BADGES, supportPriorityLabel } from './support-status';

export function SupportPriorityBadge({ priority }: { priority: SupportPriority }) {
  return (
    <Badge variant={SUPPORT_PRIORITY_BADGES[priority]}>
      {priority === 'high' ? <TriangleAlert aria-hidden="true" /> : null}
      {supportPriorityLabel(priority)}
    </Badge>
  );
}
