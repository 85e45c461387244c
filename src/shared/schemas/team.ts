import { z } from 'zod';
import { COMPANY_ROLES, ROLE_NOT_IN_LIST_MESSAGE } from '../company-roles';
import { emailSchema } from './auth';
import { locationIdsSchema } from './locations';
import { oneLineText } from './text';

/** The Team page and invitations (docs/companies.md#invitations): requests and answers, shared with the browser. */

export const companyRoleSchema = z.enum(COMPANY_ROLES, { message: ROLE_NOT_IN_LIST_MESSAGE });

/** An invitation: the address, the role, and for a buyer their locations (none: the default location). */
export const inviteRequestSchema = z.object({
  email: emailSchema,
  role: companyRoleSchema,
  locationIds: locationIdsSchema.optional(),
});
export type InviteRequest = z.infer<typeof inviteRequestSchema>;

export const memberRoleRequestSchema = z.object({ role: companyRoleSchema });

const MAX_PERSON_NAME = 100;
const personName = (label: string) =>
  oneLineText(MAX_PERSON_NAME, { tooLong: `${label} is at most ${MAX_PERSON_NAME} characters` }).pipe(
    z.string().min(1, `${label} is required`),
  );

export const acceptInvitationRequestSchema = z.object({
  token: z.string().min(1).max(200),
  firstName: personName('First name'),
  lastName: personName('Last name'),
});
export type AcceptInvitationRequest = z.infer<typeof acceptInvitationRequestSchema>;

export const teamMemberSchema = z.object({
  id: z.number(),
  name: z.string(),
  email: z.string(),
  role: companyRoleSchema,
  /** A buyer's locations (ids); empty for owners and viewers, who have every location. */
  locationIds: z.array(z.number()),
  lastLoginAt: z.string().nullable(),
  /** The signed-in person's own row. */
  isYou: z.boolean(),
});
export type TeamMember = z.infer<typeof teamMemberSchema>;

export const invitationSchema = z.object({
  id: z.number(),
  email: z.string(),
  role: companyRoleSchema,
  locationIds: z.array(z.number()),
  invitedBy: z.string().nullable(),
  /** When the last e-mail was written (or, before that, when the invitation was made). */
  sentAt: z.string(),
  expiresAt: z.string(),
  expired: z.boolean(),
});
export type Invitation = z.infer<typeof invitationSchema>;

export const teamResponseSchema = z.object({
  company: z.object({ id: z.number(), name: z.string() }),
  /** Whether the reader is an owner, who invites, changes roles and removes people. */
  mayManage: z.boolean(),
  members: z.array(teamMemberSchema),
  /** The open invitations; owners only (empty for everyone else). */
  invitations: z.array(invitationSchema),
});
export type TeamResponse = z.infer<typeof teamResponseSchema>;

/** What an invitation link's page shows before anyone presses Accept (it spends nothing). */
export const INVITATION_STATES = ['open', 'accepted', 'expired', 'revoked'] as const;
export const invitationInfoResponseSchema = z.object({
  state: z.enum(INVITATION_STATES),
  companyName: z.string(),
  email: z.string(),
  role: companyRoleSchema,
  invitedBy: z.string().nullable(),
  /** Set when someone else is signed in in this browser: their e-mail (accepting is refused then). */
  signedInAs: z.string().nullable(),
});
export type InvitationInfo = z.infer<typeof invitationInfoResponseSchema>;

export const INVITATION_INVALID_MESSAGE =
  'This invitation link is not valid. It may have been replaced by a newer e-mail: use the link in the latest one.';
export const INVITATION_ACCEPTED_MESSAGE =
  'This invitation has already been accepted. Sign in with the e-mail address it was sent to.';
export const INVITATION_EXPIRED_MESSAGE =
  'This invitation has expired. Ask an owner of the company to send it again.';
export const INVITATION_REVOKED_MESSAGE = 'This invitation was withdrawn by the company.';
export const signedInAsSomeoneElseMessage = (signedInAs: string, invited: string) =>
  `You are signed in as ${signedInAs}, but this invitation is for ${invited}. Sign out first to accept it.`;
