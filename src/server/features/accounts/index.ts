/* The accounts feature's face to other features (admin users, the admin session): see docs/accounts-and-roles.md. */
export { findUserById, retireLinkTokensOfUser, selectAccounts, toAccountRow } from './accounts.repository';
// Every write of `users`, `companies` and `company_locations`: accounts is their one writer (docs/architecture.md#one-writer-per-table).
export {
  approveRegistration,
  changeUserRole,
  createApprovedUser,
  recordSignIn,
  rejectRegistration,
  setPasswordHash,
} from './user-writes';
export { setCompanyPaymentTerms } from './company-writes';
export {
  deleteMergedCompany,
  moveCustomerToCompany,
  moveLocationsBetweenCompanies,
  moveMembersBetweenCompanies,
  setCompanyRole,
} from './company-admin-writes';
export {
  approvalLinkJob,
  LINK_MAIL_JOB_TYPES,
  linkMailJobs,
  resetLinkJob,
  signInLinkJob,
} from './link-mail.jobs';
export { toCurrentUser } from './accounts.service';
