import { useQuery } from '@tanstack/react-query';
import { format } from 'date-fns';
import { Trash2 } from 'lucide-react';
import { useMemo, useRef, useState } from 'react';
import type { AllowedSku } from '../../../shared/schemas/admin-catalog';
import { DATE_FORMAT } from '../../lib/format-date';
import { ListState } from '../../components/admin/list-state';
import {
  ROW_FOCUS_ATTRIBUTE,
  useFocusAfterRowRemoval,
} from '../../components/admin/use-focus-after-row-removal';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { allowedSkusQueryOptions, useDeleteAllowedSku, useSetAllowedSkuActive } from './catalog-api';
import { ToggleSwitch } from './toggle-switch';

/**
 * The allowed SKUs (docs/admin.md#products-and-allowed-skus): each with its notes, an active switch and a
 * delete button that asks first. Only products whose SKU is here and active are shown to customers
 * (docs/catalogue-and-pricing.md#what-customers-see). After a deletion the focus moves to the next row's
 * delete button, or to the empty-state text.
 */
export function AllowedSkuList() {
  const query = useQuery(allowedSkusQueryOptions);
  const [toDelete, setToDelete] = useState<AllowedSku | null>(null);
  const setActive = useSetAllowedSkuActive();
  const remove = useDeleteAllowedSku({ onDeleted: () => setToDelete(null) });
  const skus = query.data ?? [];
  const rowsRef = useRef<HTMLDivElement>(null);
  const ids = useMemo(() => query.data?.map((row) => row.id), [query.data]);
  const rememberDeleted = useFocusAfterRowRemoval({ ids, busy: remove.isPending, containerRef: rowsRef });

  return (
    <div ref={rowsRef}>
      <ListState
        query={query}
        isEmpty={skus.length === 0}
        loadingText="Loading allowed SKUs..."
        emptyText="No allowed SKUs yet"
        emptyHint="Customers only see products whose SKU is on this list. Add a SKU above to show its product."
        errorPrefix="Error loading allowed SKUs: "
      >
        <ul className="divide-y divide-border" aria-label="Allowed SKUs">
          {skus.map((row) => {
            const switching = setActive.isPending && setActive.variables.id === row.id;
            const deleting = remove.isPending && remove.variables === row.id;
            return (
              <li key={row.id} className="flex flex-wrap items-center gap-x-4 gap-y-2 py-3">
                <div className="min-w-0 flex-1 basis-48">
                  <p className="flex flex-wrap items-center gap-2">
                    <span className="font-mono text-sm font-semibold break-all">{row.sku}</span>
                    <Badge variant={row.isActive ? 'success' : 'secondary'}>
                      {row.isActive ? 'Active' : 'Inactive'}
                    </Badge>
                  </p>
                  {row.notes ? (
                    <p className="mt-0.5 text-sm break-words text-muted-foreground">{row.notes}</p>
                  ) : null}
                  <p className="mt-0.5 text-xs text-muted-foreground">
                    Added {format(new Date(row.createdAt), DATE_FORMAT)}
                  </p>
                </div>
                <div className="flex items-center gap-3">
                  <ToggleSwitch
                    checked={row.isActive}
                    label={`Active: ${row.sku}`}
                    disabled={switching}
                    onChange={(isActive) => setActive.mutate({ id: row.id, isActive })}
                  />
                  <Button
                    variant="ghost"
                    size="icon"
                    aria-label={`Delete SKU ${row.sku}`}
                    disabled={deleting}
                    onClick={() => setToDelete(row)}
                    {...{ [ROW_FOCUS_ATTRIBUTE]: row.id }}
                  >
                    <Trash2 aria-hidden="true" className="text-destructive" />
                  </Button>
                </div>
              </li>
            );
          })}
        </ul>
      </ListState>
      <ConfirmDialog
        open={toDelete !== null}
        title="Delete SKU"
        description={
          toDelete
            ? `Delete ${toDelete.sku} from the allowed SKUs? Products with this SKU will no longer be shown to customers.`
            : ''
        }
        confirmLabel={remove.isPending ? 'Deleting...' : 'Delete'}
        pending={remove.isPending}
        onConfirm={() => {
          if (!toDelete) return;
          rememberDeleted(toDelete.id);
          remove.mutate(toDelete.id);
        }}
        onCancel={() => setToDelete(null)}
      />
    </div>
  );
}
