import { useState, type FormEvent } from 'react';
import { updateUserRoleRequestSchema, type AdminUser } from '../../../shared/schemas/admin-users';
import { Button } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import { SelectField } from '../../components/ui/select-field';
import { fullName, ROLE_OPTIONS } from './format';
import { useUpdateUserRole } from './users-api';

/**
 * 'Change Role' for any other user (spec 001 §2, §5 'Please select a role'): the user is signed out, so
 * the new role applies from their next sign-in.
 */
export function RoleDialog({ user, onClose }: { user: AdminUser | null; onClose: () => void }) {
  return user ? <RoleDialogContent key={user.id} user={user} onClose={onClose} /> : null;
}

function RoleDialogContent({ user, onClose }: { user: AdminUser; onClose: () => void }) {
  const [role, setRole] = useState<string>(user.role);
  const [problem, setProblem] = useState<string | null>(null);
  const update = useUpdateUserRole({ onDone: onClose });

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (update.isPending) return;
    const parsed = updateUserRoleRequestSchema.safeParse({ role });
    if (!parsed.success) {
      setProblem(parsed.error.issues[0]?.message ?? null);
      return;
    }
    setProblem(null);
    update.mutate({ userId: user.id, role: parsed.data.role });
  }

  return (
    <Dialog
      open
      onClose={onClose}
      title="Change Role"
      description={`Choose the role of ${fullName(user)} (@${user.username}). They are signed out and get the new role when they sign in again.`}
    >
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
        <SelectField
          label="Role"
          name="role"
          required
          value={role}
          onChange={(event) => setRole(event.target.value)}
          options={ROLE_OPTIONS}
          error={problem}
        />
        {role === 'admin' && user.role !== 'admin' ? (
          <p className="text-sm text-muted-foreground">
            Administrators sign in at /admin/login with their username and a password: set one with Reset
            Password if this user has none.
          </p>
        ) : null}
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" disabled={update.isPending}>
            {update.isPending ? 'Saving...' : 'Save Role'}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
