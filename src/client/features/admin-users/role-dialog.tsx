import { Controller, useForm, useWatch } from 'react-hook-form';
import {
  updateUserRoleRequestSchema,
  type AdminUser,
  type UpdateUserRoleRequest,
} from '../../../shared/schemas/admin-users';
import { Dialog } from '../../components/ui/dialog';
import { FormActions } from '../../components/ui/form-actions';
import { SelectField } from '../../components/ui/select-field';
import { firstErrorMessage, JUDGED_ON_SUBMIT, schemaResolver, submitUnlessPending } from '../../lib/form';
import { fullName } from '../../../shared/user-name';
import { ROLE_OPTIONS } from './format';
import { useUpdateUserRole } from './users-api';

/**
 * 'Change Role' for any other user (docs/admin.md#users): the user is signed out, so
 * the new role applies from their next sign-in.
 */
export function RoleDialog({ user, onClose }: { user: AdminUser | null; onClose: () => void }) {
  return user ? <RoleDialogContent key={user.id} user={user} onClose={onClose} /> : null;
}

function RoleDialogContent({ user, onClose }: { user: AdminUser; onClose: () => void }) {
  // Any string, as the select holds it; the schema judges it on submit.
  const {
    handleSubmit,
    control,
    formState: { errors },
  } = useForm<{ role: string }, unknown, UpdateUserRoleRequest>({
    resolver: schemaResolver(updateUserRoleRequestSchema),
    defaultValues: { role: user.role },
    ...JUDGED_ON_SUBMIT,
  });
  const update = useUpdateUserRole({ onDone: onClose });
  const role = useWatch({ control, name: 'role' });
  const onSubmit = submitUnlessPending(
    update.isPending,
    handleSubmit((parsed) => update.mutate({ userId: user.id, role: parsed.role })),
  );

  return (
    <Dialog
      open
      onClose={onClose}
      title="Change Role"
      description={`Choose the role of ${fullName(user)} (${user.email}). They are signed out and get the new role when they sign in again.`}
    >
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
        <Controller
          control={control}
          name="role"
          render={({ field }) => (
            <SelectField
              label="Role"
              required
              {...field}
              options={ROLE_OPTIONS}
              error={firstErrorMessage(errors)}
            />
          )}
        />
        {role === 'admin' && user.role !== 'admin' ? (
          <p className="text-sm text-muted-foreground">
            Administrators sign in at /admin/login with their username and a password: set one with Reset
            Password if this user has none.
          </p>
        ) : null}
        <FormActions
          onCancel={onClose}
          pending={update.isPending}
          label="Save Role"
          pendingLabel="Saving..."
        />
      </form>
    </Dialog>
  );
}
