import { useState, type FormEvent } from 'react';
import {
  PASSWORD_RULES_HINT,
  resetUserPasswordRequestSchema,
  type AdminUser,
} from '../../../shared/schemas/admin-users';
import { Button } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import { Field } from '../../components/ui/field';
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
  const [password, setPassword] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const reset = useResetUserPassword({ onDone: onClose });

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (reset.isPending) return;
    const parsed = resetUserPasswordRequestSchema.safeParse({ password });
    if (!parsed.success) {
      setProblem(parsed.error.issues[0]?.message ?? null);
      return;
    }
    setProblem(null);
    reset.mutate({ userId: user.id, password: parsed.data.password });
  }

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
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          hint={PASSWORD_RULES_HINT}
          error={problem}
        />
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" disabled={reset.isPending}>
            {reset.isPending ? 'Saving...' : 'Reset Password'}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
