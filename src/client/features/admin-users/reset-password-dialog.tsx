import { useForm } from 'react-hook-form';
import {
  PASSWORD_RULES_HINT,
  resetUserPasswordRequestSchema,
  type AdminUser,
  type ResetUserPasswordRequest,
} from '../../../shared/schemas/admin-users';
import { Dialog } from '../../components/ui/dialog';
import { Field } from '../../components/ui/field';
import { FormActions } from '../../components/ui/form-actions';
import { firstErrorMessage, JUDGED_ON_SUBMIT, schemaResolver, submitUnlessPending } from '../../lib/form';
import { fullName } from '../../../shared/user-name';
import { useResetUserPassword } from './users-api';

/**
 * 'Reset Password' for any user (docs/admin.md#users): the password rules apply;
 * the user is signed out everywhere and told by e-mail.
 */
export function ResetPasswordDialog({ user, onClose }: { user: AdminUser | null; onClose: () => void }) {
  return user ? <ResetPasswordDialogContent key={user.id} user={user} onClose={onClose} /> : null;
}

function ResetPasswordDialogContent({ user, onClose }: { user: AdminUser; onClose: () => void }) {
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<{ password: string }, unknown, ResetUserPasswordRequest>({
    resolver: schemaResolver(resetUserPasswordRequestSchema),
    defaultValues: { password: '' },
    ...JUDGED_ON_SUBMIT,
  });
  const reset = useResetUserPassword({ onDone: onClose });
  const onSubmit = submitUnlessPending(
    reset.isPending,
    handleSubmit((parsed) => reset.mutate({ userId: user.id, password: parsed.password })),
  );

  return (
    <Dialog
      open
      onClose={onClose}
      title="Reset Password"
      description={`Set a new password for ${fullName(user)} (${user.email}). They are signed out everywhere and told by e-mail.`}
    >
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
        <Field
          label="New Password"
          type="password"
          autoComplete="new-password"
          required
          maxLength={100}
          {...register('password')}
          hint={PASSWORD_RULES_HINT}
          error={firstErrorMessage(errors)}
        />
        <FormActions
          onCancel={onClose}
          pending={reset.isPending}
          label="Reset Password"
          pendingLabel="Saving..."
        />
      </form>
    </Dialog>
  );
}
