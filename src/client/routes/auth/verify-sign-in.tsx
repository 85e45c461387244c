import { useMutation, useQueryClient } from '@tanstack/react-query';
import { LinkIcon } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Link, useLoaderData, useNavigate } from 'react-router';
import { LINK_INVALID_MESSAGE, verifyResponseSchema } from '../../../shared/schemas/auth';
import { PageSpinner } from '../../components/page-spinner';
import { PageTitle } from '../../components/page-title';
import { Button } from '../../components/ui/button';
import { requestJson } from '../../lib/api';
import { CURRENT_USER_QUERY_KEY } from '../../lib/session';
import type { UrlToken } from '../../lib/url-token';

/** Only a same-origin path is followed; anything else goes to the shop. */
function safeRedirect(target: string): string {
  return target.startsWith('/') && !target.startsWith('//') && !target.startsWith('/\\') ? target : '/';
}

/**
 * /auth/verify (docs/accounts-and-roles.md#magic-links): the e-mailed magic link lands here. The route's
 * loader has already taken the token out of the address bar; the page consumes it with ONE POST (mail
 * scanners that only fetch the link do not use it up), then goes to the server's redirect target.
 */
export function VerifySignInPage() {
  const { token, next } = useLoaderData<UrlToken>();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const started = useRef(false);
  const verify = useMutation({
    mutationFn: (body: { token: string; next?: string }) =>
      requestJson('/api/auth/verify', verifyResponseSchema, { method: 'POST', body }),
    onSuccess: async ({ user, redirectTo }) => {
      queryClient.setQueryData(CURRENT_USER_QUERY_KEY, user);
      // Everything cached for the visitor (e.g. prices without this customer's own) is out of date now.
      await queryClient.invalidateQueries({ predicate: (query) => query.queryKey[0] !== 'config' });
      await navigate(safeRedirect(redirectTo), { replace: true });
    },
  });
  const { mutate } = verify;

  useEffect(() => {
    // StrictMode runs effects twice; the token is single-use, so it is posted once.
    if (!token || started.current) return;
    started.current = true;
    mutate(next ? { token, next } : { token });
  }, [token, next, mutate]);

  if (!token || verify.isError) return <LinkInvalid />;
  return (
    <>
      <PageTitle>Signing In</PageTitle>
      <h1 className="sr-only">Signing In</h1>
      <PageSpinner label="Signing you in…" />
    </>
  );
}

function LinkInvalid() {
  return (
    <section className="mx-auto my-10 max-w-xl rounded-2xl border border-border bg-card px-6 py-12 text-center shadow-sm sm:px-10">
      <PageTitle>Link Invalid or Expired</PageTitle>
      <span className="mx-auto grid size-12 place-items-center rounded-full bg-destructive-muted text-destructive">
        <LinkIcon aria-hidden="true" className="size-6" />
      </span>
      <h1 className="mt-5 text-3xl font-semibold tracking-tight">Link Invalid or Expired</h1>
      <p className="mt-3 text-muted-foreground">{LINK_INVALID_MESSAGE}</p>
      <p className="mt-1 text-sm text-muted-foreground">
        Sign-in links work once and for 15 minutes. Request a new one to sign in.
      </p>
      <Button asChild className="mt-8">
        <Link to="/auth">Request a new login link</Link>
      </Button>
    </section>
  );
}
