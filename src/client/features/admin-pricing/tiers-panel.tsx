import { useQuery } from '@tanstack/react-query';
import { Pencil, Plus, Trash2 } from 'lucide-react';
import { useMemo, useRef, useState } from 'react';
import type { AdminPricingTier } from '../../../shared/schemas/admin-pricing';
import { ListState } from '../../components/admin/list-state';
import {
  ROW_FOCUS_ATTRIBUTE,
  useFocusAfterRowRemoval,
} from '../../components/admin/use-focus-after-row-removal';
import { Button } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '../../components/ui/table';
import { formatDiscount } from '../../lib/format';
import { formatCases } from './format';
import { customPricesQueryOptions, tiersQueryOptions, useDeleteTier } from './pricing-api';
import { ActionsHead, PricingPanel } from './pricing-panel';
import { TierDialog } from './tier-dialog';

type DialogState = { mode: 'closed' } | { mode: 'add' } | { mode: 'edit'; tier: AdminPricingTier };

/**
 * 'Volume Tiers' (docs/admin.md#pricing): list, add, edit, delete after confirmation. After a deletion the
 * focus moves to the next row's delete button, or to the empty-state text.
 */
export function TiersPanel() {
  const tiers = useQuery(tiersQueryOptions);
  const customPrices = useQuery(customPricesQueryOptions);
  const [dialog, setDialog] = useState<DialogState>({ mode: 'closed' });
  const [toDelete, setToDelete] = useState<AdminPricingTier | null>(null);
  const remove = useDeleteTier({ onDeleted: () => setToDelete(null) });
  const rowsRef = useRef<HTMLDivElement>(null);
  const ids = useMemo(() => tiers.data?.map((tier) => tier.id), [tiers.data]);
  const rememberDeleted = useFocusAfterRowRemoval({ ids, busy: remove.isPending, containerRef: rowsRef });

  const pricesAt = (tierId: number) =>
    customPrices.data?.filter((price) => price.tierId === tierId).length ?? 0;

  return (
    <PricingPanel
      headingId="volume-tiers-heading"
      title="Volume Tiers"
      description="The tier with the highest minimum at or below an order's cases applies."
      action={
        <Button onClick={() => setDialog({ mode: 'add' })}>
          <Plus aria-hidden="true" />
          Add Tier
        </Button>
      }
    >
      <div ref={rowsRef} className="mt-4">
        <ListState
          query={tiers}
          isEmpty={tiers.data?.length === 0}
          loadingText="Loading pricing tiers..."
          emptyText="No volume tiers yet"
          emptyHint="Add a tier to give discounts on larger orders. Without one, every order pays the base wholesale price."
          errorPrefix="Error loading pricing tiers: "
        >
          <Table>
            <TableHeader>
              <TableRow>
                <TableHead className="px-2 sm:px-4">Name</TableHead>
                <TableHead className="hidden px-2 sm:table-cell sm:px-4">Minimum Cases</TableHead>
                <TableHead className="px-2 text-right sm:px-4">Discount</TableHead>
                <ActionsHead />
              </TableRow>
            </TableHeader>
            <TableBody>
              {tiers.data?.map((tier) => (
                <TableRow key={tier.id}>
                  <TableCell className="px-2 sm:px-4">
                    <p className="font-medium">{tier.name}</p>
                    {tier.description ? (
                      <p className="text-xs text-muted-foreground">{tier.description}</p>
                    ) : null}
                    {/* Under 640 px the minimum moves here, so the row fits a phone without scrolling. */}
                    <p className="text-xs text-muted-foreground sm:hidden">
                      Minimum: {formatCases(tier.minimumCases)}
                    </p>
                  </TableCell>
                  <TableCell className="hidden px-2 tabular-nums sm:table-cell sm:px-4">
                    {formatCases(tier.minimumCases)}
                  </TableCell>
                  <TableCell className="px-2 text-right tabular-nums sm:px-4">
                    {formatDiscount(tier.discountPercentage)}
                  </TableCell>
                  <TableCell className="px-2 sm:px-4">
                    <div className="flex justify-end gap-1">
                      <Button
                        variant="ghost"
                        size="icon"
                        aria-label={`Edit ${tier.name}`}
                        onClick={() => setDialog({ mode: 'edit', tier })}
                      >
                        <Pencil aria-hidden="true" />
                      </Button>
                      <Button
                        variant="ghost"
                        size="icon"
                        aria-label={`Delete ${tier.name}`}
                        disabled={remove.isPending && remove.variables === tier.id}
                        onClick={() => setToDelete(tier)}
                        {...{ [ROW_FOCUS_ATTRIBUTE]: tier.id }}
                      >
                        <Trash2 aria-hidden="true" className="text-destructive" />
                      </Button>
                    </div>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </ListState>
      </div>

      <TierDialog
        open={dialog.mode !== 'closed'}
        tier={dialog.mode === 'edit' ? dialog.tier : null}
        onClose={() => setDialog({ mode: 'closed' })}
      />
      <ConfirmDialog
        open={toDelete !== null}
        title="Delete pricing tier?"
        description={toDelete ? describeDeletion(toDelete, pricesAt(toDelete.id)) : ''}
        confirmLabel={remove.isPending ? 'Deleting...' : 'Delete'}
        pending={remove.isPending}
        onConfirm={() => {
          if (!toDelete || remove.isPending) return;
          rememberDeleted(toDelete.id);
          remove.mutate(toDelete.id);
        }}
        onCancel={() => setToDelete(null)}
      />
    </PricingPanel>
  );
}

function describeDeletion(tier: AdminPricingTier, customPrices: number): string {
  const prices =
    customPrices === 0
      ? ''
      : ` Its ${customPrices === 1 ? 'custom product price' : `${customPrices} custom product prices`} will be deleted too.`;
  return `"${tier.name}" (${formatDiscount(tier.discountPercentage)} from ${formatCases(tier.minimumCases)}) will be deleted.${prices} Orders already placed keep their prices.`;
}
