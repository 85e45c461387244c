import {
  categoryHasItemsMessage,
  FAQ_MESSAGES,
  type DeleteFaqCategoryResponse,
  type FaqCategory,
  type FaqCategoryValues,
  type FaqItem,
  type FaqItemValues,
} from '../../../shared/schemas/faq';
import { recordAudit, type AuditActor } from '../../audit/audit-log';
import { AppError } from '../../errors';
import type { DatabaseOrTransaction } from '../../db/client';
import type { AdminDeps } from '../admin';
import {
  countFaqItemsOfCategory,
  findFaqCategories,
  findFaqCategory,
  findFaqItem,
  findFaqItems,
  toFaqCategory,
  toFaqItem,
} from '../faq';
import {
  deleteFaqCategory,
  deleteFaqItem,
  deleteFaqItemsOfCategory,
  insertFaqCategory,
  insertFaqItem,
  updateFaqCategory,
  updateFaqItem,
} from './admin-faq.repository';

const categoryNotFound = () => new AppError('NOT_FOUND', FAQ_MESSAGES.categoryNotFound);
const itemNotFound = () => new AppError('NOT_FOUND', FAQ_MESSAGES.itemNotFound);

/**
 * The category an item is put in must exist, and must keep existing until the transaction ends: the
 * key-share lock makes a concurrent deletion of that category wait (and then see the item).
 */
async function requireTargetCategory(tx: DatabaseOrTransaction, categoryId: number) {
  const category = await findFaqCategory(tx, categoryId, 'key share');
  if (!category) throw new AppError('UNPROCESSABLE', FAQ_MESSAGES.unknownCategory);
  return category;
}

/**
 * FAQ management (docs/admin.md#faq-management): every change and its audit entry commit together (issue 6).
 */
export function createAdminFaqService({ db }: AdminDeps) {
  return {
    async listCategories(): Promise<FaqCategory[]> {
      return (await findFaqCategories(db, { activeOnly: false })).map(toFaqCategory);
    },

    /** All items, or one category's (404 when that category does not exist). */
    async listItems(categoryId: number | undefined): Promise<FaqItem[]> {
      if (categoryId !== undefined && !(await findFaqCategory(db, categoryId))) throw categoryNotFound();
      return (await findFaqItems(db, { activeOnly: false, categoryId })).map(toFaqItem);
    },

    createCategory(actor: AuditActor, values: FaqCategoryValues): Promise<FaqCategory> {
      return db.transaction(async (tx) => {
        const created = toFaqCategory(await insertFaqCategory(tx, values));
        await recordAudit(tx, actor, {
          action: 'faq-category.create',
          entityType: 'faq_category',
          entityId: created.id,
          after: created,
        });
        return created;
      });
    },

    updateCategory(actor: AuditActor, id: number, values: FaqCategoryValues): Promise<FaqCategory> {
      return db.transaction(async (tx) => {
        const before = await findFaqCategory(tx, id, 'no key update');
        if (!before) throw categoryNotFound();
        const updated = await updateFaqCategory(tx, id, values);
        if (!updated) throw categoryNotFound();
        const after = toFaqCategory(updated);
        await recordAudit(tx, actor, {
          action: 'faq-category.update',
          entityType: 'faq_category',
          entityId: id,
          before: toFaqCategory(before),
          after,
        });
        return after;
      });
    },

    /**
     * Refused (409, with the number of items) while the category holds items, unless `deleteItems`: then
     * its items go with it in the same transaction. The row lock makes a concurrent item insert wait.
     */
    deleteCategory(
      actor: AuditActor,
      id: number,
      options: { deleteItems: boolean },
    ): Promise<DeleteFaqCategoryResponse> {
      return db.transaction(async (tx) => {
        const category = await findFaqCategory(tx, id, 'update');
        if (!category) throw categoryNotFound();
        const itemCount = await countFaqItemsOfCategory(tx, id);
        if (itemCount > 0 && !options.deleteItems) {
          throw new AppError('CONFLICT', categoryHasItemsMessage(itemCount), { itemCount });
        }
        const deletedItems = itemCount > 0 ? await deleteFaqItemsOfCategory(tx, id) : [];
        await deleteFaqCategory(tx, id);
        await recordAudit(tx, actor, {
          action: 'faq-category.delete',
          entityType: 'faq_category',
          entityId: id,
          before: { ...toFaqCategory(category), items: deletedItems.map(toFaqItem) },
          after: null,
        });
        return {
          message: deletedItems.length
            ? `Category deleted with ${deletedItems.length === 1 ? '1 FAQ item' : `${deletedItems.length} FAQ items`}`
            : 'Category deleted',
          id,
          deletedItems: deletedItems.length,
        };
      });
    },

    createItem(actor: AuditActor, values: FaqItemValues): Promise<FaqItem> {
      return db.transaction(async (tx) => {
        await requireTargetCategory(tx, values.categoryId);
        const created = toFaqItem(await insertFaqItem(tx, values));
        await recordAudit(tx, actor, {
          action: 'faq-item.create',
          entityType: 'faq_item',
          entityId: created.id,
          after: created,
        });
        return created;
      });
    },

    updateItem(actor: AuditActor, id: number, values: FaqItemValues): Promise<FaqItem> {
      return db.transaction(async (tx) => {
        // The category first, as a category deletion locks them (else the two could wait on each other).
        await requireTargetCategory(tx, values.categoryId);
        const before = await findFaqItem(tx, id, 'update');
        if (!before) throw itemNotFound();
        const updated = await updateFaqItem(tx, id, values);
        if (!updated) throw itemNotFound();
        const after = toFaqItem(updated);
        await recordAudit(tx, actor, {
          action: 'faq-item.update',
          entityType: 'faq_item',
          entityId: id,
          before: toFaqItem(before),
          after,
        });
        return after;
      });
    },

    deleteItem(actor: AuditActor, id: number): Promise<{ message: string; id: number }> {
      return db.transaction(async (tx) => {
        const item = await findFaqItem(tx, id, 'update');
        if (!item) throw itemNotFound();
        await deleteFaqItem(tx, id);
        await recordAudit(tx, actor, {
          action: 'faq-item.delete',
          entityType: 'faq_item',
          entityId: id,
          before: toFaqItem(item),
          after: null,
        });
        return { message: 'FAQ item deleted', id };
      });
    },
  };
}
