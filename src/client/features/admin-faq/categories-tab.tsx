import { useMutation, useQueryClient, type UseQueryResult } from '@tanstack/react-query';
import { Pencil, Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { toast } from '../../lib/toast';
import type { FaqCategory, FaqCategoryValues } from '../../../shared/schemas/faq';
import { ListState } from '../../components/admin/list-state';
import { Button } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { ApiError, serverMessage } from '../../lib/api';
import { CategoryDialog } from './category-dialog';
import { categoryFormOf, newCategoryForm, orderAndStatus } from './faq-form';
import { ADMIN_FAQ_QUERY_KEY, createFaqCategory, deleteFaqCategory, updateFaqCategory } from './faq-queries';

type Editing = { mode: 'create' } | { mode: 'edit'; category: FaqCategory };

/**
 * A deletion being confirmed. `itemsMessage` is set once the server refused because the category still
 * holds items: the second question is whether to delete them too.
 */
interface Deleting {
  category: FaqCategory;
  itemsMessage: string | null;
}

interface CategoriesTabProps {
  categories: UseQueryResult<FaqCategory[]>;
  /**
   * A category is gone: the Items tab's filter must not keep pointing at it (docs/admin.md#faq-management).
   */
  onCategoryDeleted: (id: number) => void;
}

/**
 * The Categories tab (docs/admin.md#faq-management): cards with edit and delete, 'Add Category', the category
 * dialog.
 */
export function CategoriesTab({ categories, onCategoryDeleted }: CategoriesTabProps) {
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState<Editing | null>(null);
  const [deleting, setDeleting] = useState<Deleting | null>(null);
  const list = categories.data ?? [];

  const refresh = () => queryClient.invalidateQueries({ queryKey: ADMIN_FAQ_QUERY_KEY });

  const save = useMutation({
    mutationFn: ({ id, values }: { id: number | null; values: FaqCategoryValues }) =>
      id === null ? createFaqCategory(values) : updateFaqCategory(id, values),
    onSuccess: (_category, { id }) => {
      toast.success(id === null ? 'Category created successfully' : 'Category updated successfully');
      setEditing(null);
      void refresh();
    },
    onError: (error, { id }) => {
      if (id === null) {
        toast.error('Error creating category', {
          description: serverMessage(error, 'Failed to create category'),
        });
      } else {
        toast.error('Error updating category', {
          description: serverMessage(error, 'Failed to update category'),
        });
      }
    },
  });

  const remove = useMutation({
    mutationFn: ({ category, deleteItems }: { category: FaqCategory; deleteItems: boolean }) =>
      deleteFaqCategory(category.id, deleteItems),
    onSuccess: (_answer, { category }) => {
      toast.success('Category deleted successfully');
      setDeleting(null);
      onCategoryDeleted(category.id);
      void refresh();
    },
    onError: (error, { category }) => {
      // The category still holds items: ask whether they should go too, rather than report a failure.
      if (error instanceof ApiError && error.status === 409) {
        setDeleting({ category, itemsMessage: error.detail });
        return;
      }
      setDeleting(null);
      toast.error('Error deleting category', {
        description: serverMessage(error, 'Failed to delete category'),
      });
    },
  });

  return (
    <div className="space-y-4">
      <div className="flex justify-end">
        <Button onClick={() => setEditing({ mode: 'create' })} disabled={categories.isPending}>
          <Plus aria-hidden="true" />
          Add Category
        </Button>
      </div>

      <ListState
        query={categories}
        isEmpty={list.length === 0}
        loadingText="Loading categories..."
        emptyText="No FAQ categories yet"
        emptyHint="Add a category to start building the FAQ."
        errorPrefix="Error loading categories: "
      >
        <ul className="grid gap-3">
          {list.map((category) => (
            <li
              key={category.id}
              className="flex items-start justify-between gap-3 rounded-xl border border-border bg-card p-4 shadow-sm"
            >
              <div className="min-w-0">
                <p className="font-medium break-words">{category.title}</p>
                <p className="mt-1 text-sm text-muted-foreground">{orderAndStatus(category)}</p>
              </div>
              <div className="flex shrink-0 gap-1">
                <Button
                  variant="ghost"
                  size="icon"
                  aria-label={`Edit category ${category.title}`}
                  onClick={() => setEditing({ mode: 'edit', category })}
                >
                  <Pencil aria-hidden="true" />
                </Button>
                <Button
                  variant="ghost"
                  size="icon"
                  aria-label={`Delete category ${category.title}`}
                  disabled={remove.isPending}
                  onClick={() => setDeleting({ category, itemsMessage: null })}
                  className="text-destructive"
                >
                  <Trash2 aria-hidden="true" />
                </Button>
              </div>
            </li>
          ))}
        </ul>
      </ListState>

      {editing ? (
        <CategoryDialog
          mode={editing.mode}
          initial={editing.mode === 'edit' ? categoryFormOf(editing.category) : newCategoryForm(list.length)}
          saving={save.isPending}
          onCancel={() => setEditing(null)}
          onSave={(values) =>
            save.mutate({ id: editing.mode === 'edit' ? editing.category.id : null, values })
          }
        />
      ) : null}

      <ConfirmDialog
        open={deleting !== null}
        title={deleting?.itemsMessage ? 'Delete category and its FAQ items?' : 'Delete category?'}
        description={
          deleting?.itemsMessage
            ? `${deleting.itemsMessage} This cannot be undone.`
            : `The category "${deleting?.category.title ?? ''}" will be deleted. This cannot be undone.`
        }
        confirmLabel={deleting?.itemsMessage ? 'Delete category and items' : 'Delete'}
        pending={remove.isPending}
        onCancel={() => setDeleting(null)}
        onConfirm={() => {
          if (deleting)
            remove.mutate({ category: deleting.category, deleteItems: deleting.itemsMessage !== null });
        }}
      />
    </div>
  );
}
