/* The accounts feature's face to other features (admin users, the admin session): see docs/accounts-and-roles.md. */
export { retireLinkTokensOfUser } from './accounts.repository';
// Every write of `users`: accounts is the table's one writer (docs/architecture.md#one-writer-per-table).
export {
  approveRegistration,
  changeUserRole,
  createApprovedUser,
  recordSignIn,
  rejectRegistration,
  setPasswordHash,
  setUserPaymentTerms,
} from './user-writes';
export { approvalLinkJob, LINK_MAIL_JOB_TYPES, linkMailJobs } from './link-mail.jobs';
export { toCurrentUser } from './accounts.service';
