import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { LinkIcon, LogIn } from 'lucide-react';
import { Link, useNavigate } from 'react-router';
import {
  LINK_INVALID_MESSAGE,
  linkInfoResponseSchema,
  verifyResponseSchema,
} from '../../../shared/schemas/auth';
import { safeReturnPath } from '../../../shared/return-path';
import { PageSpinner } from '../../components/page-spinner';
import { PageTitle } from '../../components/page-title';
import { Button } from '../../components/ui/button';
import { requestJson } from '../../lib/api';
import { CURRENT_USER_QUERY_KEY } from '../../lib/session';
import { useUrlToken } from '../../lib/url-token';

/** The confirmation step's query; kept out of the refresh after sign-in (the link is spent by then). */
const LINK_INFO_KEY = 'magic-link-info';

/**
 * /auth/verify (docs/accounts-and-roles.md#magic-links): the e-mailed magic link lands here. The token has
 * already left the address bar (lib/url-token.ts). The page asks whose link it is and shows 'Sign
 * in as d…@example.com?'; only pressing 'Sign in' spends the link (one POST), so a mail scanner that opens
 * the link, even one that runs JavaScript, uses nothing up (docs/security.md#link-tokens). After sign-in it
 * goes to the link's `next` (the page the visitor was going to, e.g. /confirm), else to the shop.
 */
export function VerifySignInPage() {
  const { token, next } = useUrlToken();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const linkInfo = useQuery({
    queryKey: [LINK_INFO_KEY, token],
    queryFn: () =>
      requestJson('/api/auth/link-info', linkInfoResponseSchema, { method: 'POST', body: { token } }),
    enabled: Boolean(token),
    retry: false,
    staleTime: Infinity,
  });
  const verify = useMutation({
    mutationFn: (body: { token: string; next?: string }) =>
      requestJson('/api/auth/verify', verifyResponseSchema, { method: 'POST', body }),
    onSuccess: async ({ user, redirectTo }) => {
      queryClient.setQueryData(CURRENT_USER_QUERY_KEY, user);
      // Everything cached for the visitor (e.g. prices without this customer's own) is out of date now.
      await queryClient.invalidateQueries({
        predicate: (query) => query.queryKey[0] !== 'config' && query.queryKey[0] !== LINK_INFO_KEY,
      });
      // The server answers only a same-origin path; checked again, as anything from outside the page is.
      await navigate(safeReturnPath(redirectTo), { replace: true });
    },
  });

  if (!token || linkInfo.isError || verify.isError) return <LinkInvalid />;
  if (!linkInfo.data || verify.isSuccess) {
    return (
      <>
        <PageTitle>Sign In</PageTitle>
        <h1 className="sr-only">Sign In</h1>
        <PageSpinner label={verify.isSuccess ? 'Signing you in…' : 'Checking your link…'} />
      </>
    );
  }
  const signIn = () => verify.mutate(next ? { token, next } : { token });
  return (
    <section className="mx-auto my-10 max-w-xl rounded-2xl border border-border bg-card px-6 py-12 text-center shadow-sm sm:px-10">
      <PageTitle>Sign In</PageTitle>
      <span className="mx-auto grid size-12 place-items-center rounded-full bg-primary/10 text-primary">
        <LogIn aria-hidden="true" className="size-6" />
      </span>
      <h1 className="mt-5 text-3xl font-semibold tracking-tight">Sign in as {linkInfo.data.maskedEmail}?</h1>
      <p className="mt-3 text-muted-foreground">
        Press Sign In to continue to your wholesale account. The link works once.
      </p>
      <Button className="mt-8" onClick={signIn} disabled={verify.isPending} aria-busy={verify.isPending}>
        {verify.isPending ? 'Signing you in…' : 'Sign In'}
      </Button>
      <p className="mt-6 text-sm text-muted-foreground">
        Not you?{' '}
        <Link to="/auth" className="font-medium text-primary underline-offset-4 hover:underline">
          Request your own sign-in link
        </Link>
      </p>
    </section>
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
