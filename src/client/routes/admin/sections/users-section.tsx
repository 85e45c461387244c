import { Plus } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { useAdminSession } from '../../../features/admin-session/admin-session';
import { AddUserDialog } from '../../../features/admin-users/add-user-dialog';
import { UsersList } from '../../../features/admin-users/users-list';

/**
 * The 'User Management' section of the admin dashboard (docs/admin.md#users). Rendered by the dashboard
 * shell.
 */
export function UsersSection() {
  const [adding, setAdding] = useState(false);
  const admin = useAdminSession();

  return (
    <div className="space-y-6">
      <header className="flex flex-wrap items-start justify-between gap-3">
        <div className="space-y-1">
          <h2 className="text-2xl font-semibold tracking-tight">User Management</h2>
          <p className="text-muted-foreground">Manage wholesale customers and admin users.</p>
        </div>
        <Button onClick={() => setAdding(true)}>
          <Plus aria-hidden="true" />
          Add User
        </Button>
      </header>
      <UsersList currentAdminId={admin.data?.id ?? null} />
      <AddUserDialog open={adding} onClose={() => setAdding(false)} />
    </div>
  );
}
