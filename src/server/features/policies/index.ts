/* The policy documents' reads and public route, for the admin Policies feature that edits them
   (docs/admin.md#policies). */
export { findPoliciesWithAuthors, findPolicy, toAdminPolicy, toPublicPolicy } from './policies.repository';
export { policiesRoutes } from './policies.routes';
