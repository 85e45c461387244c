import { INVITATIONS_PER_COMPANY } from '../../security/rate-limits';

/** What the Team page's routes answer when they refuse (docs/companies.md#invitations). */

export const NOT_IN_A_COMPANY_MESSAGE = 'Teams belong to customer companies; staff accounts have none.';
export const OWNERS_ONLY_TEAM_MESSAGE = 'Only an owner of the company can manage its team and locations.';
export const INVITATION_NOT_FOUND = 'Invitation not found';
export const PERSON_NOT_FOUND = 'Person not found';
export const alreadyInTeamMessage = (email: string) => `${email} is already in your team.`;
export const alreadyInvitedMessage = (email: string) =>
  `${email} has an invitation waiting. Send it again from Pending invitations if it did not arrive.`;
export const hasAccountMessage = (email: string, supportEmail: string) =>
  `${email} already has an account with us, so it cannot be invited to a second one. Ask them to contact us at ${supportEmail} to move it to your company.`;
export const tooManyInvitationsMessage = (minutes: number) =>
  `Your company has sent ${INVITATIONS_PER_COMPANY.max} invitations in the last hour. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`;
