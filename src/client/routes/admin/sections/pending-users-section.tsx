import { useQuery } from '@tanstack/react-query';
import { Badge } from '../../../components/ui/badge';
import { PendingUsersList } from '../../../features/admin-users/pending-users-list';
import { pendingUsersQueryOptions } from '../../../features/admin-users/users-api';

/**
 * The 'Pending User Approvals' section of the admin dashboard (docs/admin.md#pending-users). Rendered by the
 * dashboard shell.
 */
export function PendingUsersSection() {
  const pending = useQuery(pendingUsersQueryOptions);
  const count = pending.data?.length;

  return (
    <div className="space-y-6">
      <header className="space-y-1">
        <h2 className="flex flex-wrap items-center gap-2 text-2xl font-semibold tracking-tight">
          Pending User Approvals
          {count === undefined ? null : (
            <Badge variant={count > 0 ? 'warning' : 'secondary'} data-testid="pending-count">
              {count}
              <span className="sr-only"> pending</span>
            </Badge>
          )}
        </h2>
        <p className="text-muted-foreground">Review and approve new wholesale account registrations.</p>
      </header>
      <PendingUsersList />
    </div>
  );
}
