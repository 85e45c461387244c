import { useQuery } from '@tanstack/react-query';
import { ArrowLeft } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { LoadError } from '../../components/load-error';
import { PageTitle } from '../../components/page-title';
import { Skeleton } from '../../components/ui/skeleton';
import { InviteForm } from '../../features/team/invite-form';
import { PendingInvitations } from '../../features/team/pending-invitations';
import { CompanyLocations } from '../../features/team/company-locations';
import { locationsQueryOptions, teamQueryOptions } from '../../features/team/team-api';
import { TeamMembers } from '../../features/team/team-members';

/**
 * /account/team (docs/companies.md#invitations): the people of the company, their roles and its locations.
 * An owner invites people, sees the invitations waiting, changes roles and a buyer's locations, removes
 * people and manages the locations; everyone else reads who is in it and the locations they order for.
 */
export function TeamPage() {
  const team = useQuery(teamQueryOptions);
  const locations = useQuery(locationsQueryOptions);
  const companyLocations = locations.data?.locations ?? [];
  return (
    <div className="flex flex-col gap-8">
      <PageTitle>Team</PageTitle>
      <div className="flex flex-col gap-2">
        <Link
          to="/account"
          className="inline-flex w-fit items-center gap-1 text-sm font-medium text-primary underline-offset-4 hover:underline"
        >
          <ArrowLeft aria-hidden="true" className="size-4" /> My Account
        </Link>
        <h1 className="text-3xl font-semibold tracking-tight">Team</h1>
        {team.data ? (
          <p className="text-muted-foreground">
            The people of {team.data.company.name} and what each may do.
          </p>
        ) : null}
      </div>
      {team.isError && !team.data ? (
        <LoadError onRetry={() => void team.refetch()} retrying={team.isFetching}>
          <p>Your team could not be loaded. Please try again.</p>
        </LoadError>
      ) : !team.data ? (
        <div role="status" aria-label="Loading your team" className="flex flex-col gap-3">
          <Skeleton className="h-24 w-full" />
          <Skeleton className="h-40 w-full" />
        </div>
      ) : (
        <>
          {team.data.mayManage ? (
            <Card id="invite" title="Invite someone">
              <p className="mt-1 text-sm text-muted-foreground">
                They get an e-mail with a link that works for 7 days; accepting it signs them in, no approval
                needed.
              </p>
              <InviteForm locations={companyLocations} />
            </Card>
          ) : null}
          <Card id="people" title="People">
            {team.data.mayManage ? null : (
              <p className="mt-1 text-sm text-muted-foreground">
                Only an owner of {team.data.company.name} can invite people or change roles.
              </p>
            )}
            <TeamMembers
              members={team.data.members}
              locations={companyLocations}
              mayManage={team.data.mayManage}
            />
          </Card>
          <Card id="locations" title="Locations">
            <p className="mt-1 text-sm text-muted-foreground">
              {team.data.mayManage
                ? 'Where your orders ship. The default is the address on My Account; buyers order for the locations you give them.'
                : 'The locations you order for.'}
            </p>
            {locations.isError && !locations.data ? (
              <LoadError
                compact
                className="mt-4"
                onRetry={() => void locations.refetch()}
                retrying={locations.isFetching}
              >
                <p>Your locations could not be loaded. Please try again.</p>
              </LoadError>
            ) : locations.data ? (
              <CompanyLocations locations={companyLocations} mayManage={locations.data.mayManage} />
            ) : (
              <Skeleton className="mt-4 h-16 w-full" />
            )}
          </Card>
          {team.data.mayManage ? (
            <Card id="invitations" title="Pending invitations">
              <PendingInvitations invitations={team.data.invitations} />
            </Card>
          ) : null}
        </>
      )}
    </div>
  );
}

function Card({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section
      aria-labelledby={`${id}-heading`}
      className="rounded-2xl border border-border bg-card p-6 shadow-sm sm:p-8"
    >
      <h2 id={`${id}-heading`} className="text-xl font-semibold">
        {title}
      </h2>
      {children}
    </section>
  );
}
