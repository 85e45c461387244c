/* The accounts feature's face to other features (admin users, the admin session): see docs/accounts-and-roles.md. */
export { retireLinkTokensOfUser, setPasswordHash } from './accounts.repository';
export {
  approvalLinkJob,
  LINK_MAIL_JOB_TYPES,
  linkMailJobs,
  resetLinkJob,
  signInLinkJob,
} from './link-mail.jobs';
export { toCurrentUser } from './accounts.service';
