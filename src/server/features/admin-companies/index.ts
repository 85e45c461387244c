/* Admin Companies (docs/companies.md#admin-companies): the routes, and the tax exemption reminders' job. */
export { adminCompaniesRoutes } from './admin-companies.routes';
export { startTaxExemptionReminders, taxExemptionJobs } from './tax-exemptions';
