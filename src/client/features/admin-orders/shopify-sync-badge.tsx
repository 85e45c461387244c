import { RotateCcw } from 'lucide-react';
import type { AdminOrder } from '../../../shared/schemas/admin-orders';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Spinner } from '../../components/ui/spinner';
import { useRetryShopifySync } from './admin-orders-queries';

/** What staff must notice about an order's Shopify draft (issue 8): still waiting for it, or it failed. */
export const SHOPIFY_SYNC_LABELS = {
  pending: 'Awaiting Shopify sync',
  failed: 'Shopify sync failed',
  retry: 'Send to Shopify again',
} as const;

/**
 * Shown beside the status while the order is not (yet) in Shopify: 'Awaiting Shopify sync' while the
 * draft-order job retries, 'Shopify sync failed' when it gave up, with 'Send to Shopify again' once the
 * cause is fixed (a product linked, the store back). Nothing for synced or test-mode orders.
 */
export function ShopifySyncBadge({ order }: { order: AdminOrder }) {
  if (order.shopifySyncStatus === 'pending') {
    return <Badge variant="warning">{SHOPIFY_SYNC_LABELS.pending}</Badge>;
  }
  if (order.shopifySyncStatus !== 'failed') return null;
  return (
    <>
      <Badge variant="destructive">{SHOPIFY_SYNC_LABELS.failed}</Badge>
      {order.status !== 'cancelled' && <RetrySyncButton order={order} />}
    </>
  );
}

function RetrySyncButton({ order }: { order: AdminOrder }) {
  const retry = useRetryShopifySync();
  return (
    <Button
      variant="outline"
      size="sm"
      onClick={() => retry.mutate(order.id)}
      disabled={retry.isPending}
      aria-label={`${SHOPIFY_SYNC_LABELS.retry}: order ${order.orderNumber}`}
    >
      {retry.isPending ? <Spinner className="size-4 text-current" /> : <RotateCcw aria-hidden="true" />}
      {SHOPIFY_SYNC_LABELS.retry}
    </Button>
  );
}
