import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { CategoriesTab } from './categories-tab';
import type { CategoryFilter } from './faq-form';
import { faqCategoriesQueryOptions } from './faq-queries';
import { FaqTabs } from './faq-tabs';
import { ItemsTab } from './items-tab';

type TabId = 'categories' | 'items';

const TABS = [
  { id: 'categories', label: 'Categories' },
  { id: 'items', label: 'FAQ Items' },
] as const satisfies ReadonlyArray<{ id: TabId; label: string }>;

/**
 * FAQ Management (docs/admin.md#faq-management): the Categories and FAQ Items tabs, sharing the category list
 * and filter.
 */
export function FaqManagement() {
  const [tab, setTab] = useState<TabId>('categories');
  const [filter, setFilter] = useState<CategoryFilter>('all');
  const categories = useQuery(faqCategoriesQueryOptions);

  // A filter on a category that no longer exists (deleted elsewhere) shows every item instead.
  const knownFilter =
    filter !== 'all' && categories.data && !categories.data.some((category) => category.id === filter)
      ? 'all'
      : filter;

  return (
    <FaqTabs label="FAQ Management" tabs={TABS} value={tab} onChange={setTab}>
      {tab === 'categories' ? (
        <CategoriesTab
          categories={categories}
          onCategoryDeleted={(id) => setFilter((current) => (current === id ? 'all' : current))}
        />
      ) : (
        <ItemsTab categories={categories.data} filter={knownFilter} onFilterChange={setFilter} />
      )}
    </FaqTabs>
  );
}
