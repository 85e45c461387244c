import type { AdminOrder } from '../../../shared/schemas/admin-orders';
import { Badge } from '../../components/ui/badge';

/** What staff must notice about an order's Shopify draft (issue 8): still waiting for it, or it failed. */
export const SHOPIFY_SYNC_LABELS = {
  pending: 'Awaiting Shopify sync',
  failed: 'Shopify sync failed',
} as const;

/**
 * Shown beside the status while the order is not (yet) in Shopify: 'Awaiting Shopify sync' while the
 * draft-order job retries, 'Shopify sync failed' when it gave up. Nothing for synced or test-mode orders.
 */
export function ShopifySyncBadge({ status }: { status: AdminOrder['shopifySyncStatus'] }) {
  if (status === 'pending') return <Badge variant="warning">{SHOPIFY_SYNC_LABELS.pending}</Badge>;
  if (status === 'failed') return <Badge variant="destructive">{SHOPIFY_SYNC_LABELS.failed}</Badge>;
  return null;
}
