import { LockKeyhole } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { Link, Navigate, useLocation } from 'react-router';
import {
  adminLoginRequestSchema,
  type AdminLoginRequest,
  type AdminSecondStep,
} from '../../../shared/schemas/admin-session';
import { adminReturnPath } from '../../components/admin/admin-links';
import { AdminMain } from '../../components/admin-layout';
import { PageSpinner } from '../../components/page-spinner';
import { PageTitle } from '../../components/page-title';
import { Button } from '../../components/ui/button';
import { Field } from '../../components/ui/field';
import { Spinner } from '../../components/ui/spinner';
import {
  useAdminLogin,
  useAdminSession,
  useFinishAdminSignIn,
} from '../../features/admin-session/admin-session';
import { AdminCodeStep } from '../../features/admin-session/code-step';
import { RecoveryCodesNotice } from '../../features/admin-security/recovery-codes';
import type { ConfirmedSetup } from '../../features/admin-security/security-api';
import { TotpEnrolment } from '../../features/admin-security/totp-enrolment';
import { schemaResolver, submitUnlessPending } from '../../lib/form';

/**
 * /admin/login (docs/admin.md#admin-access): signing in (or an administrator already signed in) goes to
 * the dashboard address that sent the administrator here, or to /admin. After the password, an administrator
 * with a second factor gives a code; one who must set one up (ADMIN_REQUIRE_TOTP) does so here first.
 */
export function AdminLoginPage() {
  const session = useAdminSession();
  const returnTo = adminReturnPath(useLocation().state);
  const [step, setStep] = useState<AdminSecondStep | null>(null);
  // Setting up the second factor at sign-in signs in before the recovery codes are shown: the page stays
  // until the administrator has saved them.
  if (step?.mustEnrol) {
    return <SignInEnrolment returnTo={returnTo} onRestart={() => setStep(null)} />;
  }
  if (session.isPending) {
    return (
      <AdminMain>
        <PageSpinner label="Loading…" />
      </AdminMain>
    );
  }
  if (session.data) return <Navigate to={returnTo} replace />;
  if (step) {
    return (
      <LoginCard>
        <AdminCodeStep returnTo={returnTo} onRestart={() => setStep(null)} />
      </LoginCard>
    );
  }
  // A failed session check still lets the administrator sign in.
  return <AdminLoginForm returnTo={returnTo} onSecondStep={setStep} />;
}

/** The page around each step: the title, the card with the lock, and the footer. */
function LoginCard({ children, wide = false }: { children: ReactNode; wide?: boolean }) {
  return (
    <AdminMain className="flex min-h-dvh flex-col items-center justify-center gap-6">
      <PageTitle>Admin Portal</PageTitle>
      <section
        className={`w-full ${wide ? 'max-w-lg' : 'max-w-sm'} rounded-2xl border border-border bg-card p-6 shadow-sm sm:p-8`}
      >
        <div className="flex flex-col items-center gap-3 text-center">
          <span className="grid size-12 place-items-center rounded-full bg-accent text-primary">
            <LockKeyhole aria-hidden="true" className="size-6" />
          </span>
          <h1 className="text-3xl font-semibold tracking-tight">Admin Portal</h1>
        </div>
        {children}
        <p className="mt-6 border-t border-border pt-4 text-center text-xs text-muted-foreground">
          Authorized access only
        </p>
      </section>
      <Link to="/" className="text-sm text-primary underline underline-offset-4">
        Back to the store
      </Link>
    </AdminMain>
  );
}

/**
 * ADMIN_REQUIRE_TOTP and no second factor yet: set one up to finish signing in (docs/admin.md#admin-access).
 * The recovery codes come once, then the dashboard opens.
 */
function SignInEnrolment({ returnTo, onRestart }: { returnTo: string; onRestart: () => void }) {
  const finish = useFinishAdminSignIn(returnTo);
  const [confirmed, setConfirmed] = useState<ConfirmedSetup | null>(null);
  if (confirmed?.user) {
    const { user } = confirmed;
    return (
      <LoginCard wide>
        <div className="mt-6">
          <RecoveryCodesNotice
            codes={confirmed.recoveryCodes}
            headingLevel={2}
            doneLabel="I have saved my recovery codes, continue"
            onDone={() => finish(user)}
          />
        </div>
      </LoginCard>
    );
  }
  return (
    <LoginCard wide>
      <div className="mt-6 flex flex-col gap-4">
        <TotpEnrolment
          place="sign-in"
          autoFocus
          onExpired={onRestart}
          onConfirmed={setConfirmed}
          intro={
            <div className="space-y-2">
              <h2 className="text-lg font-semibold">Set up two-factor authentication</h2>
              <p className="text-sm text-muted-foreground">
                This portal asks administrators for a code from an authenticator app at every sign-in. Set it
                up now to finish signing in.
              </p>
            </div>
          }
        />
        <Button variant="link" size="sm" className="self-center" onClick={onRestart}>
          Back to sign in
        </Button>
      </div>
    </LoginCard>
  );
}

function AdminLoginForm({
  returnTo,
  onSecondStep,
}: {
  returnTo: string;
  onSecondStep: (step: AdminSecondStep) => void;
}) {
  const {
    register,
    handleSubmit,
    setValue,
    setFocus,
    clearErrors,
    formState: { errors },
  } = useForm<AdminLoginRequest>({
    resolver: schemaResolver(adminLoginRequestSchema),
    defaultValues: { username: '', password: '' },
    // Judged at submit, the focus then on the first wrong field; typing in a field clears its message.
    reValidateMode: 'onSubmit',
  });
  const login = useAdminLogin({
    returnTo,
    onSecondStep,
    onFailure: () => {
      // The password is not kept after a refusal; the username stays for the next try.
      setValue('password', '');
      setFocus('password');
    },
  });
  const onSubmit = submitUnlessPending(
    login.isPending,
    handleSubmit((credentials) => login.mutate(credentials)),
  );

  return (
    <LoginCard>
      <p className="mt-3 text-center text-sm text-muted-foreground">
        Sign in with your administrator account.
      </p>
      <form onSubmit={onSubmit} noValidate className="mt-6 flex flex-col gap-4">
        <Field
          label="Username"
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          required
          {...register('username', { onChange: () => clearErrors('username') })}
          error={errors.username?.message}
        />
        <Field
          label="Password"
          type="password"
          autoComplete="current-password"
          required
          {...register('password', { onChange: () => clearErrors('password') })}
          error={errors.password?.message}
        />
        <Button type="submit" disabled={login.isPending} aria-busy={login.isPending || undefined}>
          {login.isPending ? <Spinner className="size-4 text-primary-foreground" /> : null}
          Log in
        </Button>
      </form>
    </LoginCard>
  );
}
