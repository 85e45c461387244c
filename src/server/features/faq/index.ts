/* The FAQ's reads, routes and service, for the admin FAQ feature that edits it (docs/support-and-faq.md). */
export {
  countFaqItemsOfCategory,
  findFaqCategories,
  findFaqCategory,
  findFaqItem,
  findFaqItems,
  toFaqCategory,
  toFaqItem,
} from './faq.repository';
export { faqRoutes } from './faq.routes';
export { createFaqService } from './faq.service';
