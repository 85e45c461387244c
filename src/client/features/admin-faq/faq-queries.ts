import { queryOptions } from '@tanstack/react-query';
import {
  deleteFaqCategoryResponseSchema,
  deleteFaqItemResponseSchema,
  faqCategoryListSchema,
  faqCategorySchema,
  faqItemListSchema,
  faqItemSchema,
  type FaqCategoryInput,
  type FaqItemInput,
} from '../../../shared/schemas/faq';
import { requestJson } from '../../lib/api';
import type { CategoryFilter } from './faq-form';

/** Every admin FAQ query starts with this key, so one invalidation refreshes both tabs. */
export const ADMIN_FAQ_QUERY_KEY = ['admin', 'faq'] as const;

/** GET /api/admin/faq/categories (docs/admin.md#faq-management). */
export const faqCategoriesQueryOptions = queryOptions({
  queryKey: [...ADMIN_FAQ_QUERY_KEY, 'categories'],
  queryFn: ({ signal }) => requestJson('/api/admin/faq/categories', faqCategoryListSchema, { signal }),
});

/** GET /api/admin/faq/items with the optional categoryId of the filter (docs/admin.md#faq-management). */
export function faqItemsQueryOptions(filter: CategoryFilter) {
  return queryOptions({
    queryKey: [...ADMIN_FAQ_QUERY_KEY, 'items', filter],
    queryFn: ({ signal }) =>
      requestJson(
        filter === 'all' ? '/api/admin/faq/items' : `/api/admin/faq/items?categoryId=${filter}`,
        faqItemListSchema,
        { signal },
      ),
  });
}

export const createFaqCategory = (body: FaqCategoryInput) =>
  requestJson('/api/admin/faq/categories', faqCategorySchema, { method: 'POST', body });

export const updateFaqCategory = (id: number, body: FaqCategoryInput) =>
  requestJson(`/api/admin/faq/categories/${id}`, faqCategorySchema, { method: 'PUT', body });

/** Without `deleteItems` the server refuses (409) a category that still holds items. */
export const deleteFaqCategory = (id: number, deleteItems: boolean) =>
  requestJson(
    `/api/admin/faq/categories/${id}${deleteItems ? '?deleteItems=true' : ''}`,
    deleteFaqCategoryResponseSchema,
    { method: 'DELETE' },
  );

export const createFaqItem = (body: FaqItemInput) =>
  requestJson('/api/admin/faq/items', faqItemSchema, { method: 'POST', body });

export const updateFaqItem = (id: number, body: FaqItemInput) =>
  requestJson(`/api/admin/faq/items/${id}`, faqItemSchema, { method: 'PUT', body });

export const deleteFaqItem = (id: number) =>
  requestJson(`/api/admin/faq/items/${id}`, deleteFaqItemResponseSchema, { method: 'DELETE' });
