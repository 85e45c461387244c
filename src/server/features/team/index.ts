/* The Team page, invitations and the company's locations (docs/companies.md). */
export { invitationMailJob, teamMailJobs, TEAM_MAIL_JOB_TYPES } from './invitation-mail.jobs';
export { locationsRoutes } from './locations.routes';
export { createLocationsService } from './locations.service';
export { teamRoutes } from './team.routes';
export { createTeamService } from './team.service';
export { moveInvitationsBetweenCompanies, revokeInvitationsBy } from './invitations.repository';
