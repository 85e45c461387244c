import { useMutation, useQueryClient } from '@tanstack/react-query';
import { LinkIcon, RotateCcw } from 'lucide-react';
import { Link, useNavigate } from 'react-router';
import { safeReturnPath } from '../../../shared/return-path';
import {
  REORDER_REMINDER_MESSAGES,
  reorderLinkRequestSchema,
  reorderLinkResponseSchema,
} from '../../../shared/schemas/reorder-reminders';
import { PageSpinner } from '../../components/page-spinner';
import { PageTitle } from '../../components/page-title';
import type { SignInState } from '../../components/require-sign-in';
import { Button } from '../../components/ui/button';
import { requestJson, serverMessage } from '../../lib/api';
import { CURRENT_USER_QUERY_KEY, currentUserQueryOptions } from '../../lib/session';
import { useUrlToken } from '../../lib/url-token';

/** The reorder page a reminder's link leads to: the server names it, the browser checks it before going. */
const REORDER_PAGE = /^\/orders\/\d{1,10}\/reorder$/;

/**
 * Where to go once signed in: the reorder page the server names (which safeReturnPath, made for sign-in
 * links, never allows: it replaces the cart), else any page a sign-in may return to, else the shop.
 */
export function reorderLinkDestination(redirectTo: string): string {
  return REORDER_PAGE.test(redirectTo) ? redirectTo : safeReturnPath(redirectTo);
}

/**
 * /reorder-link?token= (docs/storefront.md#reorder-link, docs/reorder-reminders.md): the reminder e-mail's
 * one-click link. The token leaves the address bar at once (lib/url-token.ts); opening the page spends
 * nothing, so a mail scanner that follows the link (even one that runs JavaScript) uses nothing up. Only
 * 'Continue to your order' posts the token: the server signs the person in, and the page refreshes the
 * session (as /auth/verify does) and opens the order form with the last order's lines
 * (/orders/{id}/reorder). A used, expired or unknown link shows the server's words and 'Sign in'.
 */
export function ReorderLinkPage() {
  const { token } = useUrlToken();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const open = useMutation({
    mutationFn: (body: { token: string }) =>
      requestJson('/api/reorder-link', reorderLinkResponseSchema, { method: 'POST', body }),
    onSuccess: async ({ redirectTo }) => {
      // Signed in now: the session is read again before the customer area is opened, so it does not send
      // the person to /auth on the strength of the signed-out answer it had.
      await queryClient.fetchQuery({ ...currentUserQueryOptions, staleTime: 0 });
      // Everything else cached for the visitor (or for someone else) is out of date too.
      await queryClient.invalidateQueries({
        predicate: (query) =>
          query.queryKey[0] !== 'config' && query.queryKey[0] !== CURRENT_USER_QUERY_KEY[0],
      });
      await navigate(reorderLinkDestination(redirectTo), { replace: true });
    },
  });

  const wellFormed = token !== null && reorderLinkRequestSchema.safeParse({ token }).success;
  if (!token || !wellFormed) return <ReorderLinkInvalid message={REORDER_REMINDER_MESSAGES.linkInvalid} />;
  if (open.isError) {
    return <ReorderLinkInvalid message={serverMessage(open.error, REORDER_REMINDER_MESSAGES.linkInvalid)} />;
  }
  if (open.isSuccess) {
    return (
      <>
        <PageTitle>Your Reorder</PageTitle>
        <h1 className="sr-only">Your Reorder</h1>
        <PageSpinner label="Opening your order…" />
      </>
    );
  }
  return (
    <section className="mx-auto my-10 max-w-xl rounded-2xl border border-border bg-card px-6 py-12 text-center shadow-sm sm:px-10">
      <PageTitle>Time to Reorder</PageTitle>
      <span className="mx-auto grid size-12 place-items-center rounded-full bg-primary/10 text-primary">
        <RotateCcw aria-hidden="true" className="size-6" />
      </span>
      <h1 className="mt-5 text-3xl font-semibold tracking-tight">Time to reorder?</h1>
      <p className="mt-3 text-muted-foreground">
        Continue to sign in and open the order form with the items of your last order at today's prices. You
        can change anything before you submit it.
      </p>
      <Button
        className="mt-8"
        onClick={() => open.mutate({ token })}
        disabled={open.isPending}
        aria-busy={open.isPending}
      >
        {open.isPending ? 'Opening your order…' : 'Continue to your order'}
      </Button>
    </section>
  );
}

/** A used, expired or unknown link: the server's words and a way to sign in (to the order history). */
function ReorderLinkInvalid({ message }: { message: string }) {
  const signIn: SignInState = { next: '/orders' };
  return (
    <section className="mx-auto my-10 max-w-xl rounded-2xl border border-border bg-card px-6 py-12 text-center shadow-sm sm:px-10">
      <PageTitle>Reorder Link Not Valid</PageTitle>
      <span className="mx-auto grid size-12 place-items-center rounded-full bg-destructive-muted text-destructive">
        <LinkIcon aria-hidden="true" className="size-6" />
      </span>
      <h1 className="mt-5 text-3xl font-semibold tracking-tight">Reorder link not valid</h1>
      <p role="alert" className="mt-3 text-muted-foreground">
        {message}
      </p>
      <Button asChild className="mt-8">
        <Link to="/auth" state={signIn}>
          Sign in
        </Link>
      </Button>
    </section>
  );
}
