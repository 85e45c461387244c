import { useMutation } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { toast } from '../../lib/toast';
import { emailRequestSchema, messageResponseSchema, type EmailRequest } from '../../../shared/schemas/auth';
import { Button } from '../../components/ui/button';
import { Field } from '../../components/ui/field';
import { requestJson, serverMessage } from '../../lib/api';
import {
  JUDGED_ON_SUBMIT,
  schemaResolver,
  showServerFieldProblems,
  submitUnlessPending,
} from '../../lib/form';

/**
 * Login tab (docs/storefront.md#sign-in-and-register): a magic link is e-mailed; the answer is the same for
 * every address. `next`, the page the visitor was going to, rides in the link
 * (docs/accounts-and-roles.md#magic-links). Customers have no password to type; passwords are for staff, who
 * sign in on /admin/login (docs/accounts-and-roles.md#passwords).
 */
export function LoginForm({ next = '/' }: { next?: string }) {
  // Judged by the API's own schema: a missing or wrong address says 'Please enter a valid email address'
  // under the field, which takes the focus.
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<EmailRequest>({
    resolver: schemaResolver(emailRequestSchema),
    defaultValues: { email: '' },
    ...JUDGED_ON_SUBMIT,
  });
  const sendLink = useMutation({
    mutationFn: (address: string) =>
      requestJson('/api/request-magic-link', messageResponseSchema, {
        method: 'POST',
        body: next === '/' ? { email: address } : { email: address, next },
      }),
    onSuccess: () => {
      toast.success('Login link sent', { description: 'Check your email for a secure login link.' });
    },
    onError: (error) => {
      showServerFieldProblems(error, setError, ['email']);
      toast.error('Failed to send login link', {
        description: serverMessage(error, 'Please try again or contact support'),
      });
    },
  });

  const onSubmit = submitUnlessPending(
    sendLink.isPending,
    handleSubmit(({ email }) => sendLink.mutate(email)),
  );

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
      <Field
        label="Email"
        type="email"
        autoComplete="email"
        required
        {...register('email')}
        hint="We'll e-mail you a secure link that signs you in; no password needed."
        error={errors.email?.message}
      />
      <Button type="submit" disabled={sendLink.isPending}>
        {sendLink.isPending ? 'Sending Login Link...' : 'Send Login Link'}
      </Button>
      {sendLink.isSuccess ? (
        <p role="status" className="text-sm text-muted-foreground">
          If an account exists for this address, a sign-in link is on its way. It is valid for 15 minutes.
        </p>
      ) : null}
      <p className="text-sm text-muted-foreground">
        Staff sign in with a password on the{' '}
        <Link to="/admin/login" className="text-primary underline underline-offset-4">
          staff sign-in page
        </Link>
        .{' '}
        <Link to="/auth/forgot-password" className="text-primary underline underline-offset-4">
          Forgot your password?
        </Link>
      </p>
    </form>
  );
}
