import { useMutation } from '@tanstack/react-query';
import { MailCheck } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { z } from 'zod';
import { emailRequestSchema } from '../../../shared/schemas/auth';
import { PageTitle } from '../../components/page-title';
import { Button } from '../../components/ui/button';
import { Field, FormAlert } from '../../components/ui/field';
import { requestJson } from '../../lib/api';
import { JUDGED_ON_SUBMIT, schemaResolver, submitUnlessPending } from '../../lib/form';

export const RESET_REQUESTED_TEXT =
  'If your email address is registered with us, you will receive password reset instructions shortly.';
export const RESET_REQUEST_FAILED = 'There was a problem sending the reset email. Please try again.';

/**
 * /auth/forgot-password (docs/accounts-and-roles.md#password-reset): asks for a reset link; the answer never
 * reveals an account. A customer who came here to sign in is pointed at the e-mailed sign-in link.
 */
export function ForgotPasswordPage() {
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<{ email: string }, unknown, z.output<typeof emailRequestSchema>>({
    // Every rule of the address has the one message 'Please enter a valid email address'.
    resolver: schemaResolver(emailRequestSchema),
    defaultValues: { email: '' },
    ...JUDGED_ON_SUBMIT,
  });
  const request = useMutation({
    mutationFn: (address: string) =>
      requestJson('/api/request-password-reset', z.unknown(), { method: 'POST', body: { email: address } }),
  });
  const onSubmit = submitUnlessPending(
    request.isPending,
    handleSubmit(({ email }) => request.mutate(email)),
  );

  return (
    <section className="mx-auto my-6 max-w-md rounded-2xl border border-border bg-card p-6 shadow-sm sm:p-8">
      <PageTitle>Forgot Password</PageTitle>
      <h1 className="text-3xl font-semibold tracking-tight">Forgot Password</h1>
      {request.isSuccess ? (
        <div role="status" className="mt-6 flex flex-col gap-3">
          <MailCheck aria-hidden="true" className="size-10 text-primary" />
          <p>{RESET_REQUESTED_TEXT}</p>
          <p className="text-sm text-muted-foreground">
            Don't see the e-mail within a few minutes? Check your spam or junk folder.
          </p>
        </div>
      ) : (
        <form onSubmit={onSubmit} noValidate className="mt-6 flex flex-col gap-4">
          <p className="text-muted-foreground">
            Enter the e-mail address of your account and we'll send you a link to reset your password.
          </p>
          <p className="text-sm text-muted-foreground">
            Shop customers need no password to sign in:{' '}
            <Link to="/auth" className="text-primary underline underline-offset-4">
              ask for a sign-in link
            </Link>{' '}
            instead.
          </p>
          <Field
            label="Email"
            type="email"
            autoComplete="email"
            required
            {...register('email')}
            error={errors.email?.message}
          />
          {request.isError ? <FormAlert>{RESET_REQUEST_FAILED}</FormAlert> : null}
          <Button type="submit" disabled={request.isPending}>
            {request.isPending ? 'Sending...' : 'Send Reset Link'}
          </Button>
        </form>
      )}
      <p className="mt-6 text-sm">
        <Link to="/auth" className="text-primary underline underline-offset-4">
          Back to login
        </Link>
      </p>
    </section>
  );
}
