/* The Team page and invitations (docs/companies.md#invitations). */
export { teamMailJobs, TEAM_MAIL_JOB_TYPES } from './invitation-mail.jobs';
export { teamRoutes } from './team.routes';
export { createTeamService } from './team.service';
