import { Download, RefreshCw, Repeat } from 'lucide-react';
import { useState, type FormEvent, type ReactNode } from 'react';
import {
  SHOPIFY_PRODUCT_ID_MAX_LENGTH,
  shopifyProductParamsSchema,
} from '../../../shared/schemas/admin-catalog';
import { Button } from '../../components/ui/button';
import { Field } from '../../components/ui/field';
import { Spinner } from '../../components/ui/spinner';
import { useImportShopifyProduct, useShopifyCountAction } from './catalog-api';

function ActionIcon({ pending, icon }: { pending: boolean; icon: ReactNode }) {
  return pending ? <Spinner className="size-4 text-current" /> : icon;
}

/**
 * 'Refresh from Shopify', 'Sync with Shopify' and 'Import by Shopify product ID' (spec 001 §2). Each shows
 * its progress while it runs; the outcome (a count, or 'Shopify is not connected' in test mode) is toasted.
 */
export function ShopifyActions() {
  const refresh = useShopifyCountAction('refresh');
  const sync = useShopifyCountAction('sync');
  const [productId, setProductId] = useState('');
  const [productIdError, setProductIdError] = useState<string | null>(null);
  const importProduct = useImportShopifyProduct({ onImported: () => setProductId('') });

  function submitImport(event: FormEvent) {
    event.preventDefault();
    const parsed = shopifyProductParamsSchema.safeParse({ id: productId });
    if (!parsed.success) {
      setProductIdError(parsed.error.issues[0]?.message ?? null);
      return;
    }
    setProductIdError(null);
    importProduct.mutate(parsed.data.id);
  }

  const running = refresh.isPending || sync.isPending || importProduct.isPending;

  return (
    <div className="space-y-4">
      <div className="flex flex-col gap-2 sm:flex-row">
        <Button variant="outline" onClick={() => refresh.mutate()} disabled={refresh.isPending}>
          <ActionIcon pending={refresh.isPending} icon={<RefreshCw aria-hidden="true" />} />
          {refresh.isPending ? 'Refreshing...' : 'Refresh from Shopify'}
        </Button>
        <Button variant="outline" onClick={() => sync.mutate()} disabled={sync.isPending}>
          <ActionIcon pending={sync.isPending} icon={<Repeat aria-hidden="true" />} />
          {sync.isPending ? 'Syncing...' : 'Sync with Shopify'}
        </Button>
      </div>
      <form
        onSubmit={submitImport}
        noValidate
        aria-label="Import by Shopify product ID"
        className="grid gap-2 sm:grid-cols-[minmax(0,1fr)_auto] sm:items-start"
      >
        <Field
          label="Shopify Product ID"
          name="shopifyProductId"
          value={productId}
          onChange={(event) => setProductId(event.target.value)}
          error={productIdError}
          maxLength={SHOPIFY_PRODUCT_ID_MAX_LENGTH}
          inputMode="text"
          autoComplete="off"
          placeholder="e.g. 8123456789012"
        />
        <Button type="submit" variant="outline" disabled={importProduct.isPending} className="sm:mt-7">
          <ActionIcon pending={importProduct.isPending} icon={<Download aria-hidden="true" />} />
          {importProduct.isPending ? 'Importing...' : 'Import by Shopify product ID'}
        </Button>
      </form>
      <p role="status" className="sr-only">
        {running ? 'Working with Shopify…' : ''}
      </p>
    </div>
  );
}
