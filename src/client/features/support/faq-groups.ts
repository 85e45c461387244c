import type { FaqCategory, FaqItem } from '../../../shared/schemas/faq';

export interface FaqGroup {
  category: FaqCategory;
  items: FaqItem[];
}

/** By displayOrder, then id, so equal orders keep one stable sequence. */
function byDisplayOrder(a: { displayOrder: number; id: number }, b: { displayOrder: number; id: number }) {
  return a.displayOrder - b.displayOrder || a.id - b.id;
}

/**
 * The FAQ as the support page shows it (docs/support-and-faq.md#faq): categories by displayOrder, each with
 * its items by displayOrder. The server already sends both sorted; sorting again keeps the page right
 * whatever it sends. A category without items would open onto nothing, and an item whose category is not
 * listed (inactive) has no card to sit in: both are left out.
 */
export function groupFaq(categories: readonly FaqCategory[], items: readonly FaqItem[]): FaqGroup[] {
  const itemsByCategory = new Map<number, FaqItem[]>();
  for (const item of [...items].sort(byDisplayOrder)) {
    const list = itemsByCategory.get(item.categoryId);
    if (list) list.push(item);
    else itemsByCategory.set(item.categoryId, [item]);
  }
  return [...categories]
    .sort(byDisplayOrder)
    .map((category) => ({ category, items: itemsByCategory.get(category.id) ?? [] }))
    .filter((group) => group.items.length > 0);
}
