import type { FaqCategory, FaqItem } from '../../../shared/schemas/faq';

/** The Items tab's category filter: every category, or one (docs/admin.md#faq-management). */
export type CategoryFilter = 'all' | number;

/**
 * Display order is parsed as an integer and falls back to 0 if not a number (docs/admin.md#faq-management).
 */
export function parseDisplayOrder(text: string): number {
  const value = Number.parseInt(text.trim(), 10);
  return Number.isNaN(value) ? 0 : value;
}

/**
 * The category select on the item form is parsed as an integer, NaN when nothing is chosen
 * (docs/admin.md#faq-management).
 */
export function parseCategoryId(text: string): number {
  return Number.parseInt(text, 10);
}

/**
 * What a form's inputs hold: text, as typed. isActive has no field (docs/admin.md#faq-management) but is kept
 * and sent.
 */
export interface CategoryFormState {
  title: string;
  displayOrder: string;
  isActive: boolean;
}

export interface ItemFormState {
  categoryId: string;
  question: string;
  answer: string;
  displayOrder: string;
  isActive: boolean;
}

/** A new category has an empty title and orders after the existing ones (docs/admin.md#faq-management). */
export function newCategoryForm(categoryCount: number): CategoryFormState {
  return { title: '', displayOrder: String(categoryCount), isActive: true };
}

export function categoryFormOf(category: FaqCategory): CategoryFormState {
  return { title: category.title, displayOrder: String(category.displayOrder), isActive: category.isActive };
}

/**
 * A new item goes into the filtered category (or the first one), with empty texts, ordered after the items
 * listed (docs/admin.md#faq-management).
 */
export function newItemForm(
  filter: CategoryFilter,
  categories: readonly FaqCategory[],
  listedItemCount: number,
): ItemFormState {
  const categoryId = filter === 'all' ? categories[0]?.id : filter;
  return {
    categoryId: categoryId === undefined ? '' : String(categoryId),
    question: '',
    answer: '',
    displayOrder: String(listedItemCount),
    isActive: true,
  };
}

export function itemFormOf(item: FaqItem): ItemFormState {
  return {
    categoryId: String(item.categoryId),
    question: item.question,
    answer: item.answer,
    displayOrder: String(item.displayOrder),
    isActive: item.isActive,
  };
}

export function categoryPayload(form: CategoryFormState) {
  return { title: form.title, displayOrder: parseDisplayOrder(form.displayOrder), isActive: form.isActive };
}

export function itemPayload(form: ItemFormState) {
  return {
    categoryId: parseCategoryId(form.categoryId),
    question: form.question,
    answer: form.answer,
    displayOrder: parseDisplayOrder(form.displayOrder),
    isActive: form.isActive,
  };
}

/** 'Order: n | Status: Active' (docs/admin.md#faq-management). */
export function orderAndStatus(entry: { displayOrder: number; isActive: boolean }): string {
  return `Order: ${entry.displayOrder} | Status: ${entry.isActive ? 'Active' : 'Inactive'}`;
}
