import {
  PASSWORD_RULES_HINT,
  resetUserPasswordRequestSchema,
  type AdminUser,
} from '../../../shared/schemas/admin-users';
import { Dialog } from '../../components/ui/dialog';
import { Field } from '../../components/ui/field';
import { FormActions } from '../../components/ui/form-actions';
import { useSchemaForm } from '../../lib/use-schema-form';
import { fullName } from './format';
import { useResetUserPassword } from './users-api';

/**
 * 'Reset Password' for any user (spec 001 §2, §5 'Please enter a new password'): the password rules apply;
 * the user is signed out everywhere and told by e-mail.
 */
export function ResetPasswordDialog({ user, onClose }: { user: AdminUser | null; onClose: () => void }) {
  return user ? <ResetPasswordDialogContent key={user.id} user={user} onClose={onClose} /> : null;
}

function ResetPasswordDialogContent({ user, onClose }: { user: AdminUser; onClose: () => void }) {
  const { values, set, problem, handleSubmit } = useSchemaForm(resetUserPasswordRequestSchema, {
    password: '',
  });
  const reset = useResetUserPassword({ onDone: onClose });
  const onSubmit = handleSubmit(reset.isPending, (parsed) =>
    reset.mutate({ userId: user.id, password: parsed.password }),
  );

  return (
    <Dialog
      open
      onClose={onClose}
      title="Reset Password"
      description={`Set a new password for ${fullName(user)} (@${user.username}). They are signed out everywhere and told by e-mail.`}
    >
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
        <Field
          label="New Password"
          name="password"
          type="password"
          autoComplete="new-password"
          required
          maxLength={100}
          value={values.password}
          onChange={set('password')}
          hint={PASSWORD_RULES_HINT}
          error={problem}
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
