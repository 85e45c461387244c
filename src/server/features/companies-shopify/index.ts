// Companies as Shopify B2B companies (docs/shopify.md#b2b-companies).
export { companiesShopifyJobs, startCompaniesReconcile } from './company-sync.jobs';
export { purchasingEntityFor } from './purchasing-entity';
export { shopifyStatusOf } from './companies-shopify.repository';
