import { queryOptions } from '@tanstack/react-query';
import { faqCategoryListSchema, faqItemListSchema } from '../../../shared/schemas/faq';
import { requestJson } from '../../lib/api';

/** The customer-facing FAQ; apart from the admin's ['admin', 'faq'], which also lists inactive entries. */
const FAQ_QUERY_KEY = ['faq'] as const;

/** GET /api/faq/categories (docs/support-and-faq.md#faq): the active categories. */
export const faqCategoriesQueryOptions = queryOptions({
  queryKey: [...FAQ_QUERY_KEY, 'categories'],
  queryFn: ({ signal }) => requestJson('/api/faq/categories', faqCategoryListSchema, { signal }),
});

/** GET /api/faq/items (docs/support-and-faq.md#faq): the active items of every category. */
export const faqItemsQueryOptions = queryOptions({
  queryKey: [...FAQ_QUERY_KEY, 'items'],
  queryFn: ({ signal }) => requestJson('/api/faq/items', faqItemListSchema, { signal }),
});
