import { useState } from 'react';
import { COMPANY_ROLE_DESCRIPTIONS, COMPANY_ROLES, type CompanyRole } from '../../../shared/company-roles';
import type { Location } from '../../../shared/schemas/locations';
import type { TeamMember } from '../../../shared/schemas/team';
import { Dialog } from '../../components/ui/dialog';
import { FormAlert } from '../../components/ui/field';
import { FormActions } from '../../components/ui/form-actions';
import { SelectField } from '../../components/ui/select-field';
import { serverMessage } from '../../lib/api';
import { LocationChoices } from './location-choices';
import { ROLE_OPTIONS } from './roles';
import { useChangeMemberRole, useSetMemberLocations } from './team-api';

/**
 * An owner changes a person's role and, for a buyer, the locations they order for
 * (docs/companies.md#buyers-and-locations). Saved on 'Save', not as the select moves.
 */
export function MemberDialog({
  member,
  locations,
  onClose,
}: {
  member: TeamMember | null;
  locations: readonly Location[];
  onClose: () => void;
}) {
  return member ? (
    <MemberForm key={member.id} member={member} locations={locations} onClose={onClose} />
  ) : null;
}

function MemberForm({
  member,
  locations,
  onClose,
}: {
  member: TeamMember;
  locations: readonly Location[];
  onClose: () => void;
}) {
  const [role, setRole] = useState<CompanyRole>(member.role);
  // A new buyer starts with every location, as the server gives them; an existing one with theirs.
  const [chosen, setChosen] = useState<number[]>(
    member.role === 'buyer' ? member.locationIds : locations.map((location) => location.id),
  );
  const [problem, setProblem] = useState<string | null>(null);
  const changeRole = useChangeMemberRole();
  const setLocations = useSetMemberLocations();
  const pending = changeRole.isPending || setLocations.isPending;
  const choosesLocations = role === 'buyer' && locations.length > 1;

  async function save() {
    if (choosesLocations && chosen.length === 0) {
      setProblem('Choose at least one location');
      return;
    }
    try {
      if (role !== member.role) await changeRole.mutateAsync({ id: member.id, name: member.name, role });
      if (choosesLocations) {
        await setLocations.mutateAsync({ id: member.id, name: member.name, locationIds: chosen });
      }
      onClose();
    } catch (error) {
      setProblem(serverMessage(error, 'The changes could not be saved'));
    }
  }

  return (
    <Dialog open onClose={onClose} title={`Edit ${member.name}`} description={member.email}>
      <form
        noValidate
        className="flex flex-col gap-4"
        onSubmit={(event) => {
          event.preventDefault();
          if (!pending) void save();
        }}
      >
        <SelectField
          label="Role"
          value={role}
          options={ROLE_OPTIONS}
          aria-describedby="member-role-description"
          onChange={(event) => {
            const next = event.target.value as CompanyRole;
            if (COMPANY_ROLES.includes(next)) setRole(next);
          }}
        />
        <p id="member-role-description" className="-mt-2 text-sm text-muted-foreground">
          {COMPANY_ROLE_DESCRIPTIONS[role]}
        </p>
        {choosesLocations ? (
          <LocationChoices locations={locations} chosen={chosen} onChange={setChosen} error={null} />
        ) : null}
        {problem ? <FormAlert>{problem}</FormAlert> : null}
        <FormActions onCancel={onClose} pending={pending} label="Save" pendingLabel="Saving..." />
      </form>
    </Dialog>
  );
}
