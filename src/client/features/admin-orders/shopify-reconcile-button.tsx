import { RefreshCw } from 'lucide-react';
import { Button } from '../../components/ui/button';
import { Spinner } from '../../components/ui/spinner';
import { useReconcileShopify } from './shopify-reconcile-queries';

/**
 * 'Check Shopify now' (issue 8): reads every open order back from Shopify at once, repairing what a lost
 * webhook missed. Shows its progress while it runs; the counts (or 'Shopify is not connected' in test
 * mode) are toasted.
 */
export function ShopifyReconcileButton() {
  const reconcile = useReconcileShopify();
  return (
    <>
      <Button
        variant="outline"
        className="self-start"
        onClick={() => reconcile.mutate()}
        disabled={reconcile.isPending}
      >
        {reconcile.isPending ? <Spinner className="size-4 text-current" /> : <RefreshCw aria-hidden="true" />}
        {reconcile.isPending ? 'Checking Shopify...' : 'Check Shopify now'}
      </Button>
      <span role="status" className="sr-only">
        {reconcile.isPending ? 'Checking the orders with Shopify…' : ''}
      </span>
    </>
  );
}
