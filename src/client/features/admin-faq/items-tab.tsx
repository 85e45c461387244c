import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Pencil, Plus, Trash2 } from 'lucide-react';
import { useEffect, useState } from 'react';
import { toast } from '../../lib/toast';
import type { FaqCategory, FaqItem, FaqItemValues } from '../../../shared/schemas/faq';
import { ListState } from '../../components/admin/list-state';
import { Button } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { SelectField } from '../../components/ui/select-field';
import { itemFormOf, newItemForm, orderAndStatus, type CategoryFilter } from './faq-form';
import {
  ADMIN_FAQ_QUERY_KEY,
  createFaqItem,
  deleteFaqItem,
  faqItemsQueryOptions,
  updateFaqItem,
} from './faq-queries';
import { ItemDialog } from './item-dialog';
import { serverMessage } from '../../lib/api';

type Editing = { mode: 'create' } | { mode: 'edit'; item: FaqItem };

interface ItemsTabProps {
  /** Undefined while the categories load (or when they failed): titles then read 'Unknown Category'. */
  categories: readonly FaqCategory[] | undefined;
  filter: CategoryFilter;
  onFilterChange: (filter: CategoryFilter) => void;
}

/**
 * The FAQ Items tab (docs/admin.md#faq-management): the category filter, item cards with edit and delete,
 * 'Add FAQ Item'.
 */
export function ItemsTab({ categories, filter, onFilterChange }: ItemsTabProps) {
  const queryClient = useQueryClient();
  const items = useQuery(faqItemsQueryOptions(filter));
  const [editing, setEditing] = useState<Editing | null>(null);
  const [deleting, setDeleting] = useState<FaqItem | null>(null);
  const list = items.data ?? [];
  const categoryList = categories ?? [];

  // A failed load is also announced ('Failed to fetch FAQ items'), once per failure
  // (docs/admin.md#faq-management).
  const failedAt = items.isError ? items.errorUpdatedAt : 0;
  useEffect(() => {
    if (failedAt) toast.error('Error', { description: 'Failed to fetch FAQ items' });
  }, [failedAt]);

  const refresh = () => queryClient.invalidateQueries({ queryKey: ADMIN_FAQ_QUERY_KEY });

  const save = useMutation({
    mutationFn: ({ id, values }: { id: number | null; values: FaqItemValues }) =>
      id === null ? createFaqItem(values) : updateFaqItem(id, values),
    onSuccess: (_item, { id }) => {
      toast.success(id === null ? 'FAQ item created successfully' : 'FAQ item updated successfully');
      setEditing(null);
      void refresh();
    },
    onError: (error, { id }) => {
      if (id === null) {
        toast.error('Error creating FAQ item', {
          description: serverMessage(error, 'Failed to create FAQ item'),
        });
      } else {
        toast.error('Error updating FAQ item', {
          description: serverMessage(error, 'Failed to update FAQ item'),
        });
      }
    },
  });

  const remove = useMutation({
    mutationFn: (item: FaqItem) => deleteFaqItem(item.id),
    onSuccess: () => {
      toast.success('FAQ item deleted successfully');
      setDeleting(null);
      void refresh();
    },
    onError: (error) => {
      setDeleting(null);
      toast.error('Error deleting FAQ item', {
        description: serverMessage(error, 'Failed to delete FAQ item'),
      });
    },
  });

  const titleOf = (categoryId: number) =>
    categoryList.find((category) => category.id === categoryId)?.title ?? 'Unknown Category';
  const noCategories = categories !== undefined && categories.length === 0;

  return (
    <div className="space-y-4">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <SelectField
          label="Filter by category"
          className="sm:w-64"
          value={filter === 'all' ? 'all' : String(filter)}
          options={[
            { value: 'all', label: 'All Categories' },
            ...categoryList.map((category) => ({ value: String(category.id), label: category.title })),
          ]}
          onChange={(event) => {
            const { value } = event.target;
            onFilterChange(value === 'all' ? 'all' : Number.parseInt(value, 10));
          }}
        />
        <Button
          onClick={() => setEditing({ mode: 'create' })}
          disabled={categories === undefined || noCategories}
        >
          <Plus aria-hidden="true" />
          Add FAQ Item
        </Button>
      </div>
      {noCategories ? (
        <p className="text-sm text-muted-foreground">Create a category first, then add FAQ items to it.</p>
      ) : null}

      <ListState
        query={items}
        isEmpty={list.length === 0}
        loadingText="Loading FAQ items..."
        emptyText="No FAQ items found"
        emptyHint={
          filter === 'all' ? 'Add an FAQ item to get started.' : 'This category has no FAQ items yet.'
        }
        errorPrefix="Failed to fetch FAQ items: "
      >
        <ul className="grid gap-3">
          {list.map((item) => (
            <li key={item.id} className="rounded-xl border border-border bg-card p-4 shadow-sm">
              <div className="flex items-start justify-between gap-3">
                <div className="min-w-0 space-y-1">
                  <p className="font-medium break-words">{item.question}</p>
                  <p className="text-sm text-muted-foreground">{titleOf(item.categoryId)}</p>
                </div>
                <div className="flex shrink-0 gap-1">
                  <Button
                    variant="ghost"
                    size="icon"
                    aria-label={`Edit FAQ item ${item.question}`}
                    onClick={() => setEditing({ mode: 'edit', item })}
                  >
                    <Pencil aria-hidden="true" />
                  </Button>
                  <Button
                    variant="ghost"
                    size="icon"
                    aria-label={`Delete FAQ item ${item.question}`}
                    disabled={remove.isPending}
                    onClick={() => setDeleting(item)}
                    className="text-destructive"
                  >
                    <Trash2 aria-hidden="true" />
                  </Button>
                </div>
              </div>
              <p className="mt-3 text-sm break-words whitespace-pre-line">{item.answer}</p>
              <p className="mt-3 text-xs text-muted-foreground">{orderAndStatus(item)}</p>
            </li>
          ))}
        </ul>
      </ListState>

      {editing ? (
        <ItemDialog
          mode={editing.mode}
          initial={
            editing.mode === 'edit'
              ? itemFormOf(editing.item)
              : newItemForm(filter, categoryList, list.length)
          }
          categories={categoryList}
          saving={save.isPending}
          onCancel={() => setEditing(null)}
          onSave={(values) => save.mutate({ id: editing.mode === 'edit' ? editing.item.id : null, values })}
        />
      ) : null}

      <ConfirmDialog
        open={deleting !== null}
        title="Delete FAQ item?"
        description={`The FAQ item "${deleting?.question ?? ''}" will be deleted. This cannot be undone.`}
        confirmLabel="Delete"
        pending={remove.isPending}
        onCancel={() => setDeleting(null)}
        onConfirm={() => {
          if (deleting) remove.mutate(deleting);
        }}
      />
    </div>
  );
}
