import { Plus } from 'lucide-react';
import { useState } from 'react';
import { AdminSectionHeader, ADMIN_SECTION_HEADING_ID } from '../../../components/admin/admin-section-header';
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
    <section aria-labelledby={ADMIN_SECTION_HEADING_ID} className="space-y-6">
      <AdminSectionHeader
        id="users"
        actions={
          <Button onClick={() => setAdding(true)}>
            <Plus aria-hidden="true" />
            Add User
          </Button>
        }
      />
      <UsersList currentAdminId={admin.data?.id ?? null} />
      <AddUserDialog open={adding} onClose={() => setAdding(false)} />
    </section>
  );
}
