import { useEffect } from 'react';
import { CodeField } from '../../components/admin/code-field';
import { useCodeForm } from '../../components/admin/use-code-form';
import { Button } from '../../components/ui/button';
import { Spinner } from '../../components/ui/spinner';
import { submitUnlessPending } from '../../lib/form';
import { useAdminCodeStep } from './admin-session';

/**
 * The second step of /admin/login (docs/admin.md#admin-access): 'Two-factor authentication', a code from the
 * authenticator app (or, after 'Use a recovery code', one of the recovery codes) and 'Verify'. A wrong code
 * clears the field; an expired pending sign-in (5 minutes, or 5 wrong codes) goes back to the password.
 */
export function AdminCodeStep({ returnTo, onRestart }: { returnTo: string; onRestart: () => void }) {
  const { kind, form, refuse, switchKind } = useCodeForm();
  const {
    register,
    handleSubmit,
    setFocus,
    clearErrors,
    formState: { errors },
  } = form;
  const step = useAdminCodeStep({
    returnTo,
    onExpired: onRestart,
    onRefused: refuse,
  });
  const onSubmit = submitUnlessPending(
    step.isPending,
    handleSubmit(({ code }) => step.mutate(code)),
  );
  // The page changed under the administrator: the field takes the focus, ready for the code.
  useEffect(() => setFocus('code'), [setFocus, kind]);

  return (
    <div className="mt-6 flex flex-col gap-4">
      <div className="space-y-1 text-center">
        <h2 className="text-lg font-semibold">Two-factor authentication</h2>
        <p className="text-sm text-muted-foreground">
          {kind === 'totp'
            ? 'Enter the 6-digit code from your authenticator app.'
            : 'Enter one of the recovery codes you saved when you set up two-factor authentication.'}
        </p>
      </div>
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
        <CodeField
          kind={kind}
          onKindChange={switchKind}
          {...register('code', { onChange: () => clearErrors('code') })}
          error={errors.code?.message}
        />
        <Button type="submit" disabled={step.isPending} aria-busy={step.isPending || undefined}>
          {step.isPending ? <Spinner className="size-4 text-primary-foreground" /> : null}
          Verify
        </Button>
      </form>
      <Button variant="link" size="sm" className="self-center" onClick={onRestart}>
        Back to sign in
      </Button>
    </div>
  );
}
