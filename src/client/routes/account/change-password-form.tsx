import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { toast } from '../../lib/toast';
import { z } from 'zod';
import { PASSWORDS_DONT_MATCH } from '../../../shared/schemas/auth';
import { checkPasswordRules, PASSWORD_TOO_SHORT } from '../../../shared/passwords';
import { Button } from '../../components/ui/button';
import { Field } from '../../components/ui/field';
import { requestJson, serverMessage } from '../../lib/api';
import { CURRENT_USER_QUERY_KEY } from '../../lib/session';
import type { CurrentUser } from '../../../shared/schemas/current-user';
import {
  firstErrorMessage,
  JUDGED_ON_SUBMIT,
  submitUnlessPending,
  verdictResolver,
  type FormVerdict,
} from '../../lib/form';

/**
 * The client-side problem with a new password as 'Title: description', or null
 * (docs/accounts-and-roles.md#passwords).
 */
export function changePasswordProblem(newPassword: string, confirmPassword: string): string | null {
  if (newPassword !== confirmPassword) return PASSWORDS_DONT_MATCH;
  const rule = checkPasswordRules(newPassword);
  if (!rule) return null;
  return rule === PASSWORD_TOO_SHORT ? `Password Too Short: ${rule}` : `Password Too Weak: ${rule}`;
}

function splitTitle(problem: string): [string, string] {
  const index = problem.indexOf(': ');
  return [problem.slice(0, index), problem.slice(index + 2)];
}

const EMPTY = { currentPassword: '', newPassword: '', confirmPassword: '' };
type PasswordFields = typeof EMPTY;

/** The problem shows under the field it is about: a mismatch under the confirmation, a rule under the new one. */
function judgePasswords(values: PasswordFields): FormVerdict<PasswordFields> {
  const problem = changePasswordProblem(values.newPassword, values.confirmPassword);
  if (!problem) return { ok: true, values };
  const field = problem === PASSWORDS_DONT_MATCH ? 'confirmPassword' : 'newPassword';
  return { ok: false, problems: { [field]: problem } };
}

/**
 * Change Password form (docs/accounts-and-roles.md#my-account, docs/accounts-and-roles.md#change-password):
 * POST /api/change-password.
 */
export function ChangePasswordForm({ hasPassword }: { hasPassword: boolean }) {
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<PasswordFields>({
    resolver: verdictResolver(judgePasswords),
    defaultValues: EMPTY,
    ...JUDGED_ON_SUBMIT,
  });
  const queryClient = useQueryClient();
  const change = useMutation({
    mutationFn: (body: typeof EMPTY) =>
      requestJson('/api/change-password', z.unknown(), {
        method: 'POST',
        body: body.currentPassword
          ? body
          : { newPassword: body.newPassword, confirmPassword: body.confirmPassword },
      }),
    onSuccess: () => {
      reset(EMPTY);
      // The account has a password now: the form asks for the current one from here on, without a reload.
      queryClient.setQueryData<CurrentUser | null>(CURRENT_USER_QUERY_KEY, (user) =>
        user ? { ...user, hasPassword: true } : user,
      );
      toast.success('Password Changed', { description: 'Your password has been changed successfully.' });
      void queryClient.invalidateQueries({ queryKey: CURRENT_USER_QUERY_KEY });
    },
    onError: (error) => {
      toast.error('Password Change Failed', {
        description: serverMessage(error, 'Failed to change password'),
      });
    },
  });

  const onSubmit = submitUnlessPending(
    change.isPending,
    handleSubmit(
      (values) => change.mutate(values),
      // The problem is shown under its field and toasted as 'Title' with its description.
      (found) => {
        const message = firstErrorMessage(found);
        if (!message) return;
        const [title, description] = splitTitle(message);
        toast.error(title, { description });
      },
    ),
  );

  const field = (name: keyof PasswordFields, label: string, autoComplete: string, hint?: ReactNode) => (
    <Field
      label={label}
      type="password"
      autoComplete={autoComplete}
      {...register(name)}
      hint={hint}
      error={errors[name]?.message}
    />
  );

  return (
    <section
      aria-labelledby="change-password-heading"
      className="rounded-2xl border border-border bg-card p-6 shadow-sm sm:p-8"
    >
      <h2 id="change-password-heading" className="text-xl font-semibold">
        Change Password
      </h2>
      <p className="mt-2 text-sm text-muted-foreground">
        Optional: signing in to the shop uses the e-mailed link and never asks for a password.
      </p>
      <form onSubmit={onSubmit} noValidate className="mt-6 flex max-w-md flex-col gap-4">
        {field(
          'currentPassword',
          'Current Password',
          'current-password',
          hasPassword ? (
            <Link to="/auth/forgot-password" className="text-primary underline underline-offset-4">
              Forgot your current password?
            </Link>
          ) : (
            'You have not set a password yet; leave this empty.'
          ),
        )}
        {field(
          'newPassword',
          'New Password',
          'new-password',
          '8 to 100 characters, with an uppercase letter, a lowercase letter and a number.',
        )}
        {field('confirmPassword', 'Confirm New Password', 'new-password')}
        <Button type="submit" className="self-start" disabled={change.isPending}>
          {change.isPending ? 'Changing Password...' : 'Change Password'}
        </Button>
      </form>
    </section>
  );
}
