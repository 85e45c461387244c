import { COMPANY_ROLE_LABELS, COMPANY_ROLES } from '../../../shared/company-roles';

/** The role select's options, owner first (docs/companies.md#people-and-roles). */
export const ROLE_OPTIONS = COMPANY_ROLES.map((role) => ({ value: role, label: COMPANY_ROLE_LABELS[role] }));
