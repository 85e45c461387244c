import { useQuery } from '@tanstack/react-query';
import { useRef } from 'react';
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
    <div className="space-y-6">
      <header className="space-y-1">
        <h2
          ref={headingRef}
          tabIndex={-1}
          className="flex w-fit flex-wrap items-center gap-2 rounded-sm text-2xl font-semibold tracking-tight"
        >
          Pending User Approvals
          {count === undefined ? null : (
            <Badge
              variant={count > 0 ? 'warning' : 'secondary'}
              className="font-sans"
              data-testid="pending-count"
            >
              {count}
              <span className="sr-only"> pending</span>
            </Badge>
          )}
        </h2>
        <p className="text-muted-foreground">Review and approve new wholesale account registrations.</p>
      </header>
      <PendingUsersList headingRef={headingRef} />
    </div>
  );
}
