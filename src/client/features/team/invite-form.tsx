import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { COMPANY_ROLE_DESCRIPTIONS, COMPANY_ROLES, type CompanyRole } from '../../../shared/company-roles';
import type { Location } from '../../../shared/schemas/locations';
import { inviteRequestSchema, type InviteRequest } from '../../../shared/schemas/team';
import { Button } from '../../components/ui/button';
import { Field, FormAlert } from '../../components/ui/field';
import { SelectField } from '../../components/ui/select-field';
import { serverMessage } from '../../lib/api';
import {
  JUDGED_ON_SUBMIT,
  schemaResolver,
  showServerFieldProblems,
  submitUnlessPending,
} from '../../lib/form';
import { LocationChoices } from './location-choices';
import { ROLE_OPTIONS } from './roles';
import { useInvite } from './team-api';

type InviteFields = { email: string; role: string };
const EMPTY: InviteFields = { email: '', role: 'buyer' };

/**
 * 'Invite someone' (docs/companies.md#invitations): an address and a role. A refusal (the address has an
 * account, is invited already, the hourly limit) shows above the button and keeps what was typed.
 */
export function InviteForm({ locations }: { locations: readonly Location[] }) {
  const {
    register,
    handleSubmit,
    reset,
    setError,
    control,
    formState: { errors },
  } = useForm<InviteFields, unknown, InviteRequest>({
    resolver: schemaResolver(inviteRequestSchema),
    defaultValues: EMPTY,
    ...JUDGED_ON_SUBMIT,
  });
  const invite = useInvite();
  const role = useWatch({ control, name: 'role' }) as CompanyRole;
  // A buyer orders for the locations chosen here: the default one unless the owner picks others.
  const defaultIds = locations.filter((location) => location.isDefault).map((location) => location.id);
  // Until the owner picks, the default location (known once the locations have loaded).
  const [picked, setPicked] = useState<number[] | null>(null);
  const locationIds = picked ?? defaultIds;
  const [locationProblem, setLocationProblem] = useState<string | null>(null);
  const choosesLocations = role === 'buyer' && locations.length > 1;
  const onSubmit = submitUnlessPending(
    invite.isPending,
    handleSubmit((values) => {
      if (choosesLocations && locationIds.length === 0) {
        setLocationProblem('Choose at least one location');
        return;
      }
      setLocationProblem(null);
      invite.mutate(choosesLocations ? { ...values, locationIds } : values, {
        onSuccess: () => {
          reset(EMPTY);
          setPicked(null);
        },
        onError: (error) => void showServerFieldProblems(error, setError, ['email', 'role']),
      });
    }),
  );
  const refusal = invite.isError ? serverMessage(invite.error, 'Failed to send the invitation') : null;

  return (
    <form onSubmit={onSubmit} noValidate className="mt-4 flex flex-col gap-4">
      <div className="grid gap-4 sm:grid-cols-[2fr_1fr]">
        <Field
          label="E-mail"
          type="email"
          autoComplete="off"
          required
          {...register('email')}
          error={errors.email?.message ?? null}
        />
        <SelectField
          label="Role"
          required
          aria-describedby="invite-role-description"
          {...register('role')}
          options={ROLE_OPTIONS}
          error={errors.role?.message ?? null}
        />
      </div>
      <p id="invite-role-description" className="text-sm text-muted-foreground">
        {COMPANY_ROLES.includes(role) ? COMPANY_ROLE_DESCRIPTIONS[role] : null}
      </p>
      {choosesLocations ? (
        <LocationChoices
          locations={locations}
          chosen={locationIds}
          onChange={setPicked}
          error={locationProblem}
        />
      ) : null}
      {refusal && !errors.email ? <FormAlert>{refusal}</FormAlert> : null}
      <div>
        <Button type="submit" disabled={invite.isPending} aria-busy={invite.isPending}>
          {invite.isPending ? 'Sending...' : 'Send invitation'}
        </Button>
      </div>
    </form>
  );
}
