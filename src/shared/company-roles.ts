/**
 * A customer's place in their company (docs/companies.md#people-and-roles): every customer belongs to exactly
 * one company, with one of these roles. The person who registers the business is its owner.
 */
export const COMPANY_ROLES = ['owner', 'buyer', 'viewer'] as const;
export type CompanyRole = (typeof COMPANY_ROLES)[number];
