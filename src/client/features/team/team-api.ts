// Before any schema is built: zod must not probe for eval under the CSP (see the file).
import '../../lib/zod-config';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { CompanyRole } from '../../../shared/company-roles';
import { messageResponseSchema } from '../../../shared/schemas/auth';
import { locationsResponseSchema } from '../../../shared/schemas/locations';
import { invitationSchema, teamResponseSchema, type InviteRequest } from '../../../shared/schemas/team';
import { requestJson } from '../../lib/api';
import { CURRENT_USER_QUERY_KEY } from '../../lib/session';
import { showError } from '../../lib/show-error';
import { toast } from '../../lib/toast';

/** The Team page's reads and changes (docs/companies.md#invitations). */

export const TEAM_QUERY_KEY = ['company', 'team'] as const;
export const LOCATIONS_QUERY_KEY = ['company', 'locations'] as const;

/** GET /api/company/team: the people of the company, and for an owner its open invitations. */
export const teamQueryOptions = queryOptions({
  queryKey: TEAM_QUERY_KEY,
  queryFn: ({ signal }) => requestJson('/api/company/team', teamResponseSchema, { signal }),
});

/** GET /api/company/locations: the locations the person orders for; owners manage them. */
export const locationsQueryOptions = queryOptions({
  queryKey: LOCATIONS_QUERY_KEY,
  queryFn: ({ signal }) => requestJson('/api/company/locations', locationsResponseSchema, { signal }),
});

/**
 * A change of the team or its locations: a toast with `done` (or the server's refusal), then the page reads
 * the company (['company', …]) again.
 */
export function useTeamChange<Input>(
  request: (input: Input) => Promise<unknown>,
  done: (input: Input) => string,
  fallback: string,
  options: { showErrors?: boolean } = {},
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: request,
    onSuccess: (_answer, input) => toast.success(done(input)),
    onError: (error) => {
      if (options.showErrors !== false) showError(error, fallback);
    },
    // The reader's own role may be what changed (or they left the team): the session is read again too.
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['company'] }),
        queryClient.invalidateQueries({ queryKey: CURRENT_USER_QUERY_KEY }),
      ]),
  });
}

/** Invite, and the member dialog's changes: the form shows the refusal itself. */
export const useInvite = () =>
  useTeamChange(
    (body: InviteRequest) =>
      requestJson('/api/company/invitations', invitationSchema, { method: 'POST', body }),
    ({ email }) => `Invitation sent to ${email}`,
    'Failed to send the invitation',
    { showErrors: false },
  );

export const useResendInvitation = () =>
  useTeamChange(
    ({ id }: { id: number; email: string }) =>
      requestJson(`/api/company/invitations/${id}/resend`, messageResponseSchema, { method: 'POST' }),
    ({ email }) => `Invitation sent again to ${email}`,
    'Failed to send the invitation again',
  );

export const useRevokeInvitation = () =>
  useTeamChange(
    ({ id }: { id: number; email: string }) =>
      requestJson(`/api/company/invitations/${id}`, messageResponseSchema, { method: 'DELETE' }),
    ({ email }) => `Invitation to ${email} withdrawn`,
    'Failed to withdraw the invitation',
  );

export const useChangeMemberRole = () =>
  useTeamChange(
    ({ id, role }: { id: number; name: string; role: CompanyRole }) =>
      requestJson(`/api/company/members/${id}`, messageResponseSchema, { method: 'PATCH', body: { role } }),
    ({ name }) => `${name}'s role changed`,
    'Failed to change the role',
    { showErrors: false },
  );

export const useRemoveMember = () =>
  useTeamChange(
    ({ id }: { id: number; name: string }) =>
      requestJson(`/api/company/members/${id}`, messageResponseSchema, { method: 'DELETE' }),
    ({ name }) => `${name} removed from the team`,
    'Failed to remove the person',
  );

export const useSetMemberLocations = () =>
  useTeamChange(
    ({ id, locationIds }: { id: number; name: string; locationIds: number[] }) =>
      requestJson(`/api/company/members/${id}/locations`, messageResponseSchema, {
        method: 'PUT',
        body: { locationIds },
      }),
    ({ name }) => `${name}'s locations saved`,
    'Failed to save the locations',
    { showErrors: false },
  );
