/* The accounts feature's face to other features (admin users, the admin session): see docs/accounts-and-roles.md. */
export { retireLinkTokensOfUser, setPasswordHash } from './accounts.repository';
export { approvalLinkJob, linkMailJobs } from './link-mail.jobs';
export { toCurrentUser } from './accounts.service';
