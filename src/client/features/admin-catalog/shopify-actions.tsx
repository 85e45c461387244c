import { Download, RefreshCw, Repeat } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { dollarsToCents, formatCents } from '../../../shared/money';
import {
  SHOPIFY_PRODUCT_ID_MAX_LENGTH,
  shopifyProductParamsSchema,
  type ImportProductResponse,
} from '../../../shared/schemas/admin-catalog';
import { Button } from '../../components/ui/button';
import { Field } from '../../components/ui/field';
import { Spinner } from '../../components/ui/spinner';
import { JUDGED_ON_SUBMIT, schemaResolver } from '../../lib/form';
import { useImportShopifyProduct, useShopifyCountAction } from './catalog-api';

/** The import form: the product id judged by the API's own rule for it. */
const importFormSchema = z.object({ shopifyProductId: shopifyProductParamsSchema.shape.id });
const EMPTY_IMPORT_FORM = { shopifyProductId: '' };

function ActionIcon({ pending, icon }: { pending: boolean; icon: ReactNode }) {
  return pending ? <Spinner className="size-4 text-current" /> : icon;
}

/** What the last Shopify action reported, kept on screen after its toast is gone. */
interface Outcome {
  title: string;
  message: string;
  imported?: ImportProductResponse['variants'];
}

function LastOutcome({ outcome }: { outcome: Outcome }) {
  return (
    <div className="rounded-md border border-border bg-muted/40 p-3 text-sm" aria-label="Last Shopify result">
      <p>
        <span className="font-medium">{outcome.title}: </span>
        {outcome.message}
      </p>
      {outcome.imported && outcome.imported.length > 0 ? (
        <ul className="mt-2 space-y-1" aria-label="Imported variants">
          {outcome.imported.map((variant) => (
            <li key={variant.id} className="flex flex-wrap gap-x-3">
              <span className="font-mono text-xs">{variant.sku}</span>
              <span className="break-words">{variant.name}</span>
              <span className="tabular-nums">{formatCents(dollarsToCents(variant.price))}</span>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

/**
 * 'Refresh from Shopify', 'Sync with Shopify' and 'Import by Shopify product ID'
 * (docs/admin.md#products-and-allowed-skus). While one runs, its button shows a spinner and 'Refreshing...'
 * and the other actions wait (a pull and a push at the same time would race); the outcome is toasted and
 * stays below the buttons with its count.
 */
export function ShopifyActions() {
  const refresh = useShopifyCountAction('refresh');
  const sync = useShopifyCountAction('sync');
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<typeof EMPTY_IMPORT_FORM, unknown, z.output<typeof importFormSchema>>({
    resolver: schemaResolver(importFormSchema),
    defaultValues: EMPTY_IMPORT_FORM,
    ...JUDGED_ON_SUBMIT,
  });
  const importProduct = useImportShopifyProduct({ onImported: () => reset(EMPTY_IMPORT_FORM) });

  const submitImport = handleSubmit(({ shopifyProductId }) =>
    importProduct.mutate(shopifyProductId, {
      onSuccess: (answer) => {
        if (answer.success)
          setOutcome({ title: 'Import', message: answer.message, imported: answer.variants });
      },
    }),
  );

  const running = refresh.isPending || sync.isPending || importProduct.isPending;

  return (
    <div className="space-y-4">
      <div className="flex flex-col gap-2 sm:flex-row">
        <Button
          variant="outline"
          onClick={() =>
            refresh.mutate(undefined, {
              onSuccess: (answer) => setOutcome({ title: 'Refresh', message: answer.message }),
            })
          }
          disabled={running}
        >
          <ActionIcon pending={refresh.isPending} icon={<RefreshCw aria-hidden="true" />} />
          {refresh.isPending ? 'Refreshing...' : 'Refresh from Shopify'}
        </Button>
        <Button
          variant="outline"
          onClick={() =>
            sync.mutate(undefined, {
              onSuccess: (answer) => setOutcome({ title: 'Sync', message: answer.message }),
            })
          }
          disabled={running}
        >
          <ActionIcon pending={sync.isPending} icon={<Repeat aria-hidden="true" />} />
          {sync.isPending ? 'Syncing...' : 'Sync with Shopify'}
        </Button>
      </div>
      <form
        onSubmit={(event) => void submitImport(event)}
        noValidate
        aria-label="Import by Shopify product ID"
        className="grid gap-2 sm:grid-cols-[minmax(0,1fr)_auto] sm:items-start"
      >
        <Field
          label="Shopify Product ID"
          {...register('shopifyProductId')}
          error={errors.shopifyProductId?.message}
          maxLength={SHOPIFY_PRODUCT_ID_MAX_LENGTH}
          inputMode="text"
          autoComplete="off"
          placeholder="e.g. 8123456789012"
        />
        <Button type="submit" variant="outline" disabled={running} className="sm:mt-7">
          <ActionIcon pending={importProduct.isPending} icon={<Download aria-hidden="true" />} />
          {importProduct.isPending ? 'Importing...' : 'Import by Shopify product ID'}
        </Button>
      </form>
      {outcome ? <LastOutcome outcome={outcome} /> : null}
      <p role="status" className="sr-only">
        {running ? 'Working with Shopify…' : ''}
      </p>
    </div>
  );
}
