import { useState } from 'react';
import { COMPANY_ROLE_LABELS } from '../../../shared/company-roles';
import type { Location } from '../../../shared/schemas/locations';
import type { TeamMember } from '../../../shared/schemas/team';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { DATE_FORMAT, formatDate } from '../../lib/format-date';
import { MemberDialog } from './member-dialog';
import { useRemoveMember } from './team-api';

/**
 * The people of the company (docs/companies.md#invitations), each with their role and, for a buyer of a
 * company with several locations, the ones they order for. An owner edits a person (role, locations) in a
 * dialog and removes them after a confirmation; everyone else reads the list.
 */
export function TeamMembers({
  members,
  locations,
  mayManage,
}: {
  members: TeamMember[];
  locations: readonly Location[];
  mayManage: boolean;
}) {
  const remove = useRemoveMember();
  const [editing, setEditing] = useState<TeamMember | null>(null);
  const [removing, setRemoving] = useState<TeamMember | null>(null);
  const nameOf = (id: number) => locations.find((location) => location.id === id)?.name;

  return (
    <>
      <ul className="mt-4 divide-y divide-border">
        {members.map((member) => (
          <li key={member.id} className="flex flex-col gap-3 py-4 sm:flex-row sm:items-center">
            <div className="min-w-0 sm:mr-auto">
              <p className="flex flex-wrap items-center gap-2 font-medium">
                <span>
                  {member.name}
                  {member.isYou ? <span className="text-muted-foreground"> (you)</span> : null}
                </span>
                <Badge variant="secondary">{COMPANY_ROLE_LABELS[member.role]}</Badge>
              </p>
              <p className="truncate text-sm text-muted-foreground">{member.email}</p>
              {/* An owner reads every location; anyone else only theirs, so only an owner sees this line. */}
              {mayManage && member.role === 'buyer' && locations.length > 1 ? (
                <p className="text-xs text-muted-foreground">
                  Orders for {member.locationIds.map(nameOf).filter(Boolean).join(', ') || 'no location yet'}
                </p>
              ) : null}
              <p className="text-xs text-muted-foreground">
                {member.lastLoginAt
                  ? `Last signed in ${formatDate(member.lastLoginAt, DATE_FORMAT)}`
                  : 'Not signed in yet'}
              </p>
            </div>
            {mayManage ? (
              <div className="flex gap-2">
                <Button
                  variant="outline"
                  aria-label={`Edit ${member.name}`}
                  onClick={() => setEditing(member)}
                >
                  Edit
                </Button>
                <Button
                  variant="outline"
                  aria-label={`Remove ${member.name}`}
                  onClick={() => setRemoving(member)}
                >
                  Remove
                </Button>
              </div>
            ) : null}
          </li>
        ))}
      </ul>
      <MemberDialog member={editing} locations={locations} onClose={() => setEditing(null)} />
      <ConfirmDialog
        open={removing !== null}
        title={`Remove ${removing?.name ?? ''}?`}
        description={
          removing?.isYou
            ? 'You will be signed out and can no longer sign in. The orders you placed stay with the company.'
            : `${removing?.name ?? ''} is signed out at once and can no longer sign in. The orders they placed stay with the company.`
        }
        confirmLabel="Remove"
        pending={remove.isPending}
        onCancel={() => setRemoving(null)}
        onConfirm={() => {
          if (removing) {
            remove.mutate({ id: removing.id, name: removing.name }, { onSettled: () => setRemoving(null) });
          }
        }}
      />
    </>
  );
}
