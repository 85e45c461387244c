import { useMutation, useQuery } from '@tanstack/react-query';
import { CircleCheck, KeyRound } from 'lucide-react';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { z } from 'zod';
import { ERROR_CODES } from '../../../shared/error-codes';
import { validateResetTokenResponseSchema } from '../../../shared/schemas/auth';
import { checkPasswordRules } from '../../../shared/passwords';
import { PageSpinner } from '../../components/page-spinner';
import { PageTitle } from '../../components/page-title';
import { Button } from '../../components/ui/button';
import { Field, FormAlert } from '../../components/ui/field';
import { ApiError, requestJson } from '../../lib/api';
import { JUDGED_ON_SUBMIT, submitUnlessPending, verdictResolver, type FormVerdict } from '../../lib/form';
import { useUrlToken } from '../../lib/url-token';

/**
 * After a successful reset the page goes to /auth after 3 seconds
 * (docs/accounts-and-roles.md#password-reset).
 */
export const RESET_REDIRECT_DELAY_MS = 3000;
const RESET_FAILED = 'There was a problem resetting your password. Please try again.';

/**
 * A password the server refuses (e.g. one on its list of common and breached passwords, which the browser
 * does not have), in the server's words, or null for any other failure (RESET_FAILED).
 */
function passwordRefusal(error: unknown): string | null {
  return error instanceof ApiError && error.code === ERROR_CODES.VALIDATION_FAILED && error.detail.trim()
    ? error.detail
    : null;
}

/**
 * /reset-password?token= (docs/accounts-and-roles.md#password-reset): checks the e-mailed token, then sets a
 * new password.
 */
export function ResetPasswordPage() {
  const { token } = useUrlToken();
  const validation = useQuery({
    queryKey: ['reset-token', token],
    queryFn: ({ signal }) =>
      requestJson(
        `/api/validate-reset-token/${encodeURIComponent(token ?? '')}`,
        validateResetTokenResponseSchema,
        { signal },
      ),
    enabled: Boolean(token),
    retry: false,
    staleTime: Infinity,
  });

  let content;
  if (!token || validation.isError || validation.data?.valid === false) content = <InvalidToken />;
  else if (!validation.data) content = <PageSpinner label="Validating your token..." />;
  else content = <ResetPasswordForm token={token} />;
  return (
    <section className="mx-auto my-6 max-w-md rounded-2xl border border-border bg-card p-6 shadow-sm sm:p-8">
      {content}
    </section>
  );
}

function InvalidToken() {
  return (
    <div className="text-center">
      <PageTitle>Invalid or Expired Token</PageTitle>
      <KeyRound aria-hidden="true" className="mx-auto size-10 text-destructive" />
      <h1 className="mt-4 text-2xl font-semibold tracking-tight">Invalid or Expired Token</h1>
      <p className="mt-3 text-muted-foreground">
        This password reset link is invalid or has expired. Reset links work once and for one hour.
      </p>
      <Button asChild className="mt-6">
        <Link to="/auth/forgot-password">Request a new reset link</Link>
      </Button>
    </div>
  );
}

interface NewPasswordFields {
  password: string;
  confirmPassword: string;
}

/** The password rules first, then the confirmation (docs/accounts-and-roles.md#password-reset). */
function judgeNewPassword(values: NewPasswordFields): FormVerdict<NewPasswordFields> {
  const ruleProblem = checkPasswordRules(values.password);
  if (ruleProblem) return { ok: false, problems: { password: ruleProblem } };
  if (values.password !== values.confirmPassword) {
    return { ok: false, problems: { confirmPassword: "Passwords don't match" } };
  }
  return { ok: true, values };
}

function ResetPasswordForm({ token }: { token: string }) {
  const navigate = useNavigate();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<NewPasswordFields>({
    resolver: verdictResolver(judgeNewPassword),
    defaultValues: { password: '', confirmPassword: '' },
    ...JUDGED_ON_SUBMIT,
  });
  const reset = useMutation({
    mutationFn: (newPassword: string) =>
      requestJson('/api/reset-password', z.unknown(), {
        method: 'POST',
        body: { token, password: newPassword },
      }),
    onError: (error) => {
      // The server's refusal of the password shows under it, like the rules the browser checks.
      const refusal = passwordRefusal(error);
      if (refusal) setError('password', { type: 'server', message: refusal }, { shouldFocus: true });
    },
  });

  const succeeded = reset.isSuccess;
  useEffect(() => {
    if (!succeeded) return;
    const timer = window.setTimeout(() => void navigate('/auth', { replace: true }), RESET_REDIRECT_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [succeeded, navigate]);

  if (succeeded) {
    return (
      <div role="status" className="text-center">
        <PageTitle>Password Reset Successful</PageTitle>
        <CircleCheck aria-hidden="true" className="mx-auto size-10 text-primary" />
        <h1 className="mt-4 text-2xl font-semibold tracking-tight">Password Reset Successful</h1>
        <p className="mt-3 text-muted-foreground">
          Your password has been changed. Taking you to the sign-in page…
        </p>
        <p className="mt-4 text-sm">
          <Link to="/auth" className="text-primary underline underline-offset-4">
            Go to Sign In now
          </Link>
        </p>
      </div>
    );
  }

  const onSubmit = submitUnlessPending(
    reset.isPending,
    handleSubmit(({ password }) => reset.mutate(password)),
  );

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
      <PageTitle>Reset Password</PageTitle>
      <h1 className="text-3xl font-semibold tracking-tight">Reset Password</h1>
      <p className="text-muted-foreground">Choose a new password for your account.</p>
      <Field
        label="New Password"
        type="password"
        autoComplete="new-password"
        required
        {...register('password')}
        hint="8 to 100 characters, with an uppercase letter, a lowercase letter and a number."
        error={errors.password?.message}
      />
      <Field
        label="Confirm New Password"
        type="password"
        autoComplete="new-password"
        required
        {...register('confirmPassword')}
        error={errors.confirmPassword?.message}
      />
      {reset.isError && !passwordRefusal(reset.error) ? <FormAlert>{RESET_FAILED}</FormAlert> : null}
      <Button type="submit" disabled={reset.isPending}>
        {reset.isPending ? 'Resetting Password...' : 'Reset Password'}
      </Button>
    </form>
  );
}
