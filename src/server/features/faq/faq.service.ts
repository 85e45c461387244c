import type { Database } from '../../db/client';
import { findFaqCategories, findFaqItems, toFaqCategory, toFaqItem } from './faq.repository';

/** The FAQ the support page shows (docs/support-and-faq.md#support-page): active entries only. */
export function createFaqService({ db }: { db: Database }) {
  return {
    async listPublicCategories() {
      return (await findFaqCategories(db, { activeOnly: true })).map(toFaqCategory);
    },
    /** The active items of active categories, or of one of them. */
    async listPublicItems(categoryId?: number) {
      return (await findFaqItems(db, { activeOnly: true, categoryId })).map(toFaqItem);
    },
  };
}

export type FaqService = ReturnType<typeof createFaqService>;
