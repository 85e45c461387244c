import { LockKeyhole } from 'lucide-react';
import { useRef, useState, type FormEvent } from 'react';
import { Link, Navigate, useLocation } from 'react-router';
import { adminLoginRequestSchema } from '../../../shared/schemas/admin-session';
import { adminReturnPath } from '../../components/admin/admin-links';
import { AdminMain } from '../../components/admin-layout';
import { PageSpinner } from '../../components/page-spinner';
import { PageTitle } from '../../components/page-title';
import { Button } from '../../components/ui/button';
import { Field } from '../../components/ui/field';
import { Spinner } from '../../components/ui/spinner';
import { useAdminLogin, useAdminSession } from '../../features/admin-session/admin-session';

type FieldName = 'username' | 'password';
type FieldErrors = Partial<Record<FieldName, string>>;

/**
 * /admin/login (spec 001 §2 'Admin login page'): signing in (or an administrator already signed in) goes to
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
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const usernameRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);
  const login = useAdminLogin({
    returnTo,
    onFailure: () => {
      // The password is not kept after a refusal; the username stays for the next try.
      setPassword('');
      passwordRef.current?.focus();
    },
  });

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (login.isPending) return;
    const parsed = adminLoginRequestSchema.safeParse({ username, password });
    if (!parsed.success) {
      const found: FieldErrors = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0];
        if ((field === 'username' || field === 'password') && !found[field]) found[field] = issue.message;
      }
      setErrors(found);
      (found.username ? usernameRef : passwordRef).current?.focus();
      return;
    }
    setErrors({});
    login.mutate(parsed.data);
  }

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
            ref={usernameRef}
            label="Username"
            name="username"
            autoComplete="username"
            autoCapitalize="none"
            spellCheck={false}
            required
            value={username}
            error={errors.username}
            onChange={(event) => {
              setUsername(event.target.value);
              if (errors.username) setErrors((current) => ({ ...current, username: undefined }));
            }}
          />
          <Field
            ref={passwordRef}
            label="Password"
            type="password"
            name="password"
            autoComplete="current-password"
            required
            value={password}
            error={errors.password}
            onChange={(event) => {
              setPassword(event.target.value);
              if (errors.password) setErrors((current) => ({ ...current, password: undefined }));
            }}
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
