import { eq, sql } from 'drizzle-orm';
import type { FaqCategoryValues, FaqItemValues } from '../../../shared/schemas/faq';
import { faqCategories, faqItems, type FaqCategoryRow, type FaqItemRow } from '../../db/schema';
import type { DatabaseOrTransaction } from '../../db/client';

// Reads live in ../faq/faq.repository.ts (shared with the public FAQ); the writes are the administrator's.

function required<T>(row: T | undefined, what: string): T {
  if (!row) throw new Error(`${what} returned no row`);
  return row;
}

export async function insertFaqCategory(
  db: DatabaseOrTransaction,
  values: FaqCategoryValues,
): Promise<FaqCategoryRow> {
  const [row] = await db
    .insert(faqCategories)
    .values({ title: values.title, displayOrder: values.displayOrder, isActive: values.isActive ?? true })
    .returning();
  return required(row, 'insert into faq_categories');
}

export async function updateFaqCategory(
  db: DatabaseOrTransaction,
  id: number,
  values: FaqCategoryValues,
): Promise<FaqCategoryRow | undefined> {
  const [row] = await db
    .update(faqCategories)
    .set({
      title: values.title,
      displayOrder: values.displayOrder,
      ...(values.isActive === undefined ? {} : { isActive: values.isActive }),
      updatedAt: sql`now()`,
    })
    .where(eq(faqCategories.id, id))
    .returning();
  return row;
}

export async function deleteFaqCategory(db: DatabaseOrTransaction, id: number): Promise<void> {
  await db.delete(faqCategories).where(eq(faqCategories.id, id));
}

/** Deletes every item of a category; returns them, for the audit log. */
export function deleteFaqItemsOfCategory(
  db: DatabaseOrTransaction,
  categoryId: number,
): Promise<FaqItemRow[]> {
  return db.delete(faqItems).where(eq(faqItems.categoryId, categoryId)).returning();
}

export async function insertFaqItem(db: DatabaseOrTransaction, values: FaqItemValues): Promise<FaqItemRow> {
  const [row] = await db
    .insert(faqItems)
    .values({
      categoryId: values.categoryId,
      question: values.question,
      answer: values.answer,
      displayOrder: values.displayOrder,
      isActive: values.isActive ?? true,
    })
    .returning();
  return required(row, 'insert into faq_items');
}

export async function updateFaqItem(
  db: DatabaseOrTransaction,
  id: number,
  values: FaqItemValues,
): Promise<FaqItemRow | undefined> {
  const [row] = await db
    .update(faqItems)
    .set({
      categoryId: values.categoryId,
      question: values.question,
      answer: values.answer,
      displayOrder: values.displayOrder,
      ...(values.isActive === undefined ? {} : { isActive: values.isActive }),
      updatedAt: sql`now()`,
    })
    .where(eq(faqItems.id, id))
    .returning();
  return row;
}

export async function deleteFaqItem(db: DatabaseOrTransaction, id: number): Promise<void> {
  await db.delete(faqItems).where(eq(faqItems.id, id));
}
