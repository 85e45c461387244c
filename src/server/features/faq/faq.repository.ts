import { and, asc, count, eq, type SQL } from 'drizzle-orm';
import type { FaqCategory, FaqItem } from '../../../shared/schemas/faq';
import { faqCategories, faqItems, type FaqCategoryRow, type FaqItemRow } from '../../db/schema';
import type { DatabaseOrTransaction } from '../../db/client';

/**
 * Categories sorted by displayOrder, then id (docs/support-and-faq.md#faq); with `activeOnly`, only the
 * active ones.
 */
export function findFaqCategories(
  db: DatabaseOrTransaction,
  options: { activeOnly: boolean },
): Promise<FaqCategoryRow[]> {
  return db
    .select()
    .from(faqCategories)
    .where(options.activeOnly ? eq(faqCategories.isActive, true) : undefined)
    .orderBy(asc(faqCategories.displayOrder), asc(faqCategories.id));
}

/**
 * Items sorted by displayOrder, then id. With `activeOnly`, only active items of active categories (an
 * inactive category hides its items); with `categoryId`, only that category's.
 */
export function findFaqItems(
  db: DatabaseOrTransaction,
  options: { activeOnly: boolean; categoryId?: number | undefined },
): Promise<FaqItemRow[]> {
  const conditions: SQL[] = [];
  if (options.categoryId !== undefined) conditions.push(eq(faqItems.categoryId, options.categoryId));
  if (options.activeOnly) {
    conditions.push(eq(faqItems.isActive, true), eq(faqCategories.isActive, true));
  }
  return db
    .select({ item: faqItems })
    .from(faqItems)
    .innerJoin(faqCategories, eq(faqCategories.id, faqItems.categoryId))
    .where(and(...conditions))
    .orderBy(asc(faqItems.displayOrder), asc(faqItems.id))
    .then((rows) => rows.map((row) => row.item));
}

/**
 * One category, or undefined. `lock` takes a row lock for the rest of the caller's transaction: 'update'
 * before deleting it, 'no key update' before editing it (items may still be added meanwhile), 'key share'
 * before putting an item in it (so it cannot vanish in between). Lock order: category before item.
 */
export async function findFaqCategory(
  db: DatabaseOrTransaction,
  id: number,
  lock?: 'update' | 'no key update' | 'key share',
): Promise<FaqCategoryRow | undefined> {
  const query = db.select().from(faqCategories).where(eq(faqCategories.id, id));
  const [row] = await (lock ? query.for(lock) : query);
  return row;
}

export async function findFaqItem(
  db: DatabaseOrTransaction,
  id: number,
  lock?: 'update',
): Promise<FaqItemRow | undefined> {
  const query = db.select().from(faqItems).where(eq(faqItems.id, id));
  const [row] = await (lock ? query.for(lock) : query);
  return row;
}

export async function countFaqItemsOfCategory(db: DatabaseOrTransaction, categoryId: number) {
  const [row] = await db.select({ value: count() }).from(faqItems).where(eq(faqItems.categoryId, categoryId));
  return row?.value ?? 0;
}

/** A category as the API sends it. */
export function toFaqCategory(row: FaqCategoryRow): FaqCategory {
  return {
    id: row.id,
    title: row.title,
    displayOrder: row.displayOrder,
    isActive: row.isActive,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** An item as the API sends it. */
export function toFaqItem(row: FaqItemRow): FaqItem {
  return {
    id: row.id,
    categoryId: row.categoryId,
    question: row.question,
    answer: row.answer,
    displayOrder: row.displayOrder,
    isActive: row.isActive,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
