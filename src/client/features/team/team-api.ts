// Before any schema is built: zod must not probe for eval under the CSP (see the file).
import '../../lib/zod-config';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { CompanyRole } from '../../../shared/company-roles';
import { messageResponseSchema } from '../../../shared/schemas/auth';
import { invitationSchema, teamResponseSchema, type InviteRequest } from '../../../shared/schemas/team';
import { requestJson } from '../../lib/api';
import { CURRENT_USER_QUERY_KEY } from '../../lib/session';
import { showError } from '../../lib/show-error';
import { toast } from '../../lib/toast';

/** The Team page's reads and changes (docs/companies.md#invitations). */

export const TEAM_QUERY_KEY = ['company', 'team'] as const;

/** GET /api/company/team: the people of the company, and for an owner its open invitations. */
export const teamQueryOptions = queryOptions({
  queryKey: TEAM_QUERY_KEY,
  queryFn: ({ signal }) => requestJson('/api/company/team', teamResponseSchema, { signal }),
});

/** A change of the team: a toast with `done` (or the server's refusal), then the page reads the team again. */
function useTeamChange<Input>(
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
        queryClient.invalidateQueries({ queryKey: TEAM_QUERY_KEY }),
        queryClient.invalidateQueries({ queryKey: CURRENT_USER_QUERY_KEY }),
      ]),
  });
}

/** Invite: the form shows the refusal itself (under the field or above the button). */
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
  );

export const useRemoveMember = () =>
  useTeamChange(
    ({ id }: { id: number; name: string }) =>
      requestJson(`/api/company/members/${id}`, messageResponseSchema, { method: 'DELETE' }),
    ({ name }) => `${name} removed from the team`,
    'Failed to remove the person',
  );
