import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { MailX, Users } from 'lucide-react';
import type { ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { z } from 'zod';
import { COMPANY_ROLE_LABELS, roleDescriptionInSentence } from '../../../shared/company-roles';
import { currentUserSchema } from '../../../shared/schemas/current-user';
import {
  acceptInvitationRequestSchema,
  INVITATION_ACCEPTED_MESSAGE,
  INVITATION_EXPIRED_MESSAGE,
  INVITATION_INVALID_MESSAGE,
  INVITATION_REVOKED_MESSAGE,
  invitationInfoResponseSchema,
  signedInAsSomeoneElseMessage,
  type InvitationInfo,
} from '../../../shared/schemas/team';
import { LoadError } from '../../components/load-error';
import { PageSpinner } from '../../components/page-spinner';
import { PageTitle } from '../../components/page-title';
import { Button } from '../../components/ui/button';
import { Field, FormAlert } from '../../components/ui/field';
import { ApiError, requestJson, serverMessage } from '../../lib/api';
import { JUDGED_ON_SUBMIT, schemaResolver, submitUnlessPending } from '../../lib/form';
import { CURRENT_USER_QUERY_KEY } from '../../lib/session';
import { useSignOut } from '../../lib/sign-out';
import { useUrlToken } from '../../lib/url-token';

/**
 * A refusal of the link itself (unknown, replaced, malformed: a 4xx other than the rate limit), as opposed to
 * the server being out of reach, which Retry may get past.
 */
const isBadLink = (error: unknown) =>
  error instanceof ApiError && error.status >= 400 && error.status < 500 && error.status !== 429;

/** The page's question to the server; kept out of the refresh after accepting (the link is spent then). */
const INVITATION_INFO_KEY = 'invitation-info';

const nameFields = acceptInvitationRequestSchema.pick({ firstName: true, lastName: true });
type NameFields = z.infer<typeof nameFields>;

const CLOSED = {
  accepted: { title: 'Invitation Already Accepted', message: INVITATION_ACCEPTED_MESSAGE },
  expired: { title: 'Invitation Expired', message: INVITATION_EXPIRED_MESSAGE },
  revoked: { title: 'Invitation Withdrawn', message: INVITATION_REVOKED_MESSAGE },
} as const;

/**
 * /invitation (docs/companies.md#invitations): the e-mailed invitation lands here. The token has already left
 * the address bar (lib/url-token.ts). The page shows the company, the role and who invited, and asks for the
 * person's name; only pressing Accept spends the link, so a mail scanner that opens it uses nothing up. A
 * used, expired or withdrawn link, or one opened while someone else is signed in, gets its own page.
 */
export function InvitationPage() {
  const { token } = useUrlToken();
  const info = useQuery({
    queryKey: [INVITATION_INFO_KEY, token],
    queryFn: () =>
      requestJson('/api/invitations/info', invitationInfoResponseSchema, { method: 'POST', body: { token } }),
    enabled: Boolean(token),
    retry: false,
    staleTime: Infinity,
  });

  if (info.isError && !isBadLink(info.error)) {
    // The server could not be asked (down, or the connection dropped): not the link's fault.
    return (
      <Card title="Invitation" icon="open">
        <LoadError className="mt-6" onRetry={() => void info.refetch()} retrying={info.isFetching}>
          <p>Your invitation could not be checked. Please try again.</p>
        </LoadError>
      </Card>
    );
  }
  if (!token || info.isError) {
    return (
      <Notice title="Invitation Link Invalid" icon="closed" signInLink>
        {INVITATION_INVALID_MESSAGE}
      </Notice>
    );
  }
  if (!info.data) return <PageSpinner label="Checking your invitation…" />;
  const invitation = info.data;
  if (invitation.state !== 'open') {
    const closed = CLOSED[invitation.state];
    return (
      <Notice title={closed.title} icon="closed" signInLink={invitation.state === 'accepted'}>
        {closed.message}
      </Notice>
    );
  }
  if (invitation.signedInAs) {
    return <SignedInAsSomeoneElse invitation={invitation} onSignedOut={() => void info.refetch()} />;
  }
  return <AcceptInvitation token={token} invitation={invitation} />;
}

function AcceptInvitation({ token, invitation }: { token: string; invitation: InvitationInfo }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<NameFields>({
    resolver: schemaResolver(nameFields),
    defaultValues: { firstName: '', lastName: '' },
    ...JUDGED_ON_SUBMIT,
  });
  const accept = useMutation({
    mutationFn: (names: NameFields) =>
      requestJson('/api/invitations/accept', z.object({ user: currentUserSchema }), {
        method: 'POST',
        body: { token, ...names },
      }),
    onSuccess: async ({ user }) => {
      queryClient.setQueryData(CURRENT_USER_QUERY_KEY, user);
      await queryClient.invalidateQueries({
        predicate: (query) => query.queryKey[0] !== 'config' && query.queryKey[0] !== INVITATION_INFO_KEY,
      });
      await navigate('/', { replace: true });
    },
  });
  const onSubmit = submitUnlessPending(
    accept.isPending,
    handleSubmit((names) => accept.mutate(names)),
  );
  const role = COMPANY_ROLE_LABELS[invitation.role];

  return (
    <Card title={`Join ${invitation.companyName}`} icon="open">
      <p className="mt-3 text-muted-foreground">
        {invitation.invitedBy ?? 'An owner'} invited {invitation.email} to order with {invitation.companyName}{' '}
        as <strong className="text-foreground">{role}</strong>: {roleDescriptionInSentence(invitation.role)}.
      </p>
      <form onSubmit={onSubmit} noValidate className="mt-6 flex flex-col gap-4 text-left">
        <div className="grid gap-4 sm:grid-cols-2">
          <Field
            label="First name"
            autoComplete="given-name"
            required
            {...register('firstName')}
            error={errors.firstName?.message ?? null}
          />
          <Field
            label="Last name"
            autoComplete="family-name"
            required
            {...register('lastName')}
            error={errors.lastName?.message ?? null}
          />
        </div>
        {accept.isError ? (
          <FormAlert>
            {serverMessage(accept.error, 'The invitation could not be accepted. Please try again.')}
          </FormAlert>
        ) : null}
        <Button type="submit" disabled={accept.isPending} aria-busy={accept.isPending}>
          {accept.isPending ? 'Joining...' : 'Accept'}
        </Button>
      </form>
      <p className="mt-6 text-sm text-muted-foreground">
        Not for you? Close this page: nothing changes until someone presses Accept.
      </p>
    </Card>
  );
}

function SignedInAsSomeoneElse({
  invitation,
  onSignedOut,
}: {
  invitation: InvitationInfo;
  onSignedOut: () => void;
}) {
  // Signed out here, the page asks again and offers Accept: the link is not lost on the way.
  const signOut = useSignOut({ stayOnPage: true });
  return (
    <Notice title={`Join ${invitation.companyName}`} icon="open">
      {signedInAsSomeoneElseMessage(invitation.signedInAs ?? '', invitation.email)}
      <span className="mt-6 block">
        <Button
          disabled={signOut.isPending}
          onClick={() => signOut.mutate(undefined, { onSuccess: onSignedOut })}
        >
          {signOut.isPending ? 'Signing out...' : 'Sign Out'}
        </Button>
      </span>
    </Notice>
  );
}

function Notice({
  title,
  icon,
  signInLink = false,
  children,
}: {
  title: string;
  icon: 'open' | 'closed';
  /** For someone who has an account (the invitation was accepted, or the link is old): where to sign in. */
  signInLink?: boolean;
  children: ReactNode;
}) {
  return (
    <Card title={title} icon={icon}>
      <p className="mt-3 text-muted-foreground">{children}</p>
      {signInLink ? (
        <Button asChild variant="outline" className="mt-8">
          <Link to="/auth">Go to sign in</Link>
        </Button>
      ) : null}
    </Card>
  );
}

function Card({ title, icon, children }: { title: string; icon: 'open' | 'closed'; children: ReactNode }) {
  const Icon = icon === 'open' ? Users : MailX;
  return (
    <section className="mx-auto my-10 max-w-xl rounded-2xl border border-border bg-card px-6 py-12 text-center shadow-sm sm:px-10">
      <PageTitle>{title}</PageTitle>
      <span
        className={
          icon === 'open'
            ? 'mx-auto grid size-12 place-items-center rounded-full bg-primary/10 text-primary'
            : 'mx-auto grid size-12 place-items-center rounded-full bg-destructive-muted text-destructive'
        }
      >
        <Icon aria-hidden="true" className="size-6" />
      </span>
      <h1 className="mt-5 text-3xl font-semibold tracking-tight">{title}</h1>
      {children}
    </section>
  );
}
