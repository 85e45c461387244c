import { useQuery } from '@tanstack/react-query';
import { useRef } from 'react';
import { AdminSectionHeader, ADMIN_SECTION_HEADING_ID } from '../../../components/admin/admin-section-header';
import { Badge } from '../../../components/ui/badge';
import { PendingUsersList } from '../../../features/admin-users/pending-users-list';
import { pendingUsersQueryOptions } from '../../../features/admin-users/users-api';

/**
 * The 'Pending User Approvals' section of the admin dashboard (docs/admin.md#pending-users). Rendered by the
 * dashboard shell. The count is a badge even at 0 (muted then); the heading takes the focus when the last
 * registration is decided, and reads out the count.
 */
export function PendingUsersSection() {
  const pending = useQuery(pendingUsersQueryOptions);
  const count = pending.data?.length;
  const headingRef = useRef<HTMLHeadingElement>(null);

  return (
    <section aria-labelledby={ADMIN_SECTION_HEADING_ID} className="space-y-6">
      <AdminSectionHeader
        id="pending-users"
        headingRef={headingRef}
        headingExtra={
          count === undefined ? null : (
            <Badge
              variant={count > 0 ? 'warning' : 'secondary'}
              className="font-sans"
              data-testid="pending-count"
            >
              {count}
              <span className="sr-only"> pending</span>
            </Badge>
          )
        }
      />
      <PendingUsersList headingRef={headingRef} />
    </section>
  );
}
