/* The accounts feature's face to other features (admin users, the admin session): see docs/accounts-and-roles.md. */
export {
  companyOwnerEmails,
  findUserByEmail,
  findUserById,
  retireLinkTokensOfUser,
  selectAccounts,
  toAccountRow,
} from './accounts.repository';
// Every write of `users`, `companies`, `company_locations` and `member_locations`: accounts is their one writer (docs/architecture.md#one-writer-per-table).
export {
  approveRegistration,
  changeUserRole,
  createApprovedUser,
  recordSignIn,
  rejectRegistration,
  setPasswordHash,
  setReorderReminderEmails,
} from './user-writes';
export {
  addLocation,
  makeDefaultLocation,
  markTaxExemptionsReminded,
  removeLocation,
  setLocationTaxExemption,
  setCompanyPaymentTerms,
  setCompanySettings,
  markCreditNotice,
  updateLocation,
  type LocationDetails,
} from './company-writes';
export {
  addInvitedMember,
  currentCompanyRole,
  keepAnOwner,
  keepAnOwnerForOthers,
  lockCompany,
  removeFromCompany,
  setCompanyRole,
  setMemberLocations,
} from './member-writes';
export { SendLimiter } from './send-limiter';
export {
  deleteMergedCompany,
  moveCustomerToCompany,
  moveLocationsBetweenCompanies,
  moveMembersBetweenCompanies,
} from './company-admin-writes';
export {
  approvalLinkJob,
  LINK_MAIL_JOB_TYPES,
  linkMailJobs,
  resetLinkJob,
  signInLinkJob,
} from './link-mail.jobs';
export { toCurrentUser } from './accounts.service';
export {
  consumeReorderLinkToken,
  findReorderLinkToken,
  issueReorderLinkToken,
  pruneReorderLinkTokens,
} from './reorder-link-tokens';
