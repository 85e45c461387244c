import { LockKeyhole } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { Link, Navigate, useLocation } from 'react-router';
import { adminLoginRequestSchema, type AdminLoginRequest } from '../../../shared/schemas/admin-session';
import { adminReturnPath } from '../../components/admin/admin-links';
import { AdminMain } from '../../components/admin-layout';
import { PageSpinner } from '../../components/page-spinner';
import { PageTitle } from '../../components/page-title';
import { Button } from '../../components/ui/button';
import { Field } from '../../components/ui/field';
import { Spinner } from '../../components/ui/spinner';
import { useAdminLogin, useAdminSession } from '../../features/admin-session/admin-session';
import { schemaResolver, submitUnlessPending } from '../../lib/form';

/**
 * /admin/login (docs/admin.md#admin-access): signing in (or an administrator already signed in) goes to
 * the dashboard address that sent the administrator here, or to /admin.
 */
export function AdminLoginPage() {
  const session = useAdminSession();
  const returnTo = adminReturnPath(useLocation().state);
  if (session.isPending) {
    return (
      <AdminMain>
        <PageSpinner label="Loading…" />
      </AdminMain>
    );
  }
  if (session.data) return <Navigate to={returnTo} replace />;
  // A failed session check still lets the administrator sign in.
  return <AdminLoginForm returnTo={returnTo} />;
}

function AdminLoginForm({ returnTo }: { returnTo: string }) {
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
    <AdminMain className="flex min-h-dvh flex-col items-center justify-center gap-6">
      <PageTitle>Admin Portal</PageTitle>
      <section className="w-full max-w-sm rounded-2xl border border-border bg-card p-6 shadow-sm sm:p-8">
        <div className="flex flex-col items-center gap-3 text-center">
          <span className="grid size-12 place-items-center rounded-full bg-accent text-primary">
            <LockKeyhole aria-hidden="true" className="size-6" />
          </span>
          <h1 className="text-3xl font-semibold tracking-tight">Admin Portal</h1>
          <p className="text-sm text-muted-foreground">Sign in with your administrator account.</p>
        </div>
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
