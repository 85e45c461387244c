import { useState } from 'react';
import { COMPANY_ROLE_LABELS, COMPANY_ROLES, type CompanyRole } from '../../../shared/company-roles';
import type { TeamMember } from '../../../shared/schemas/team';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { SelectField } from '../../components/ui/select-field';
import { DATE_FORMAT, formatDate } from '../../lib/format-date';
import { ROLE_OPTIONS } from './roles';
import { useChangeMemberRole, useRemoveMember } from './team-api';

/**
 * The people of the company (docs/companies.md#invitations). An owner changes a role with the row's select
 * (saved at once) and removes a person after a confirmation; everyone else reads the list.
 */
export function TeamMembers({ members, mayManage }: { members: TeamMember[]; mayManage: boolean }) {
  const changeRole = useChangeMemberRole();
  const remove = useRemoveMember();
  const [removing, setRemoving] = useState<TeamMember | null>(null);

  return (
    <>
      <ul className="mt-4 divide-y divide-border">
        {members.map((member) => (
          <li key={member.id} className="flex flex-col gap-3 py-4 sm:flex-row sm:items-center">
            <div className="min-w-0 sm:mr-auto">
              <p className="font-medium">
                {member.name}
                {member.isYou ? <span className="text-muted-foreground"> (you)</span> : null}
              </p>
              <p className="truncate text-sm text-muted-foreground">{member.email}</p>
              <p className="text-xs text-muted-foreground">
                {member.lastLoginAt
                  ? `Last signed in ${formatDate(member.lastLoginAt, DATE_FORMAT)}`
                  : 'Not signed in yet'}
              </p>
            </div>
            {mayManage ? (
              <div className="flex items-end gap-2">
                <SelectField
                  label={`Role of ${member.name}`}
                  hideLabel
                  className="w-32"
                  value={member.role}
                  disabled={changeRole.isPending}
                  options={ROLE_OPTIONS}
                  onChange={(event) => {
                    const role = event.target.value as CompanyRole;
                    if (COMPANY_ROLES.includes(role))
                      changeRole.mutate({ id: member.id, name: member.name, role });
                  }}
                />
                <Button variant="outline" onClick={() => setRemoving(member)}>
                  Remove
                </Button>
              </div>
            ) : (
              <Badge variant="secondary">{COMPANY_ROLE_LABELS[member.role]}</Badge>
            )}
          </li>
        ))}
      </ul>
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
          if (removing)
            remove.mutate({ id: removing.id, name: removing.name }, { onSettled: () => setRemoving(null) });
        }}
      />
    </>
  );
}
