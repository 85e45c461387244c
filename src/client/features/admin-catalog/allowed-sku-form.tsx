import { Plus } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import {
  createAllowedSkuRequestSchema,
  SKU_MAX_LENGTH,
  SKU_NOTES_MAX_LENGTH,
} from '../../../shared/schemas/admin-catalog';
import { Button } from '../../components/ui/button';
import { Field } from '../../components/ui/field';
import { Spinner } from '../../components/ui/spinner';
import { useAddAllowedSku } from './catalog-api';

/**
 * Add a SKU with notes (spec 001 §2, §5: the SKU may not be empty after trimming). Judged by the API's own
 * schema first, so the message is the server's; the server judges it again and refuses a duplicate.
 */
export function AllowedSkuForm() {
  const [sku, setSku] = useState('');
  const [notes, setNotes] = useState('');
  const [skuError, setSkuError] = useState<string | null>(null);
  const add = useAddAllowedSku({
    onAdded: () => {
      setSku('');
      setNotes('');
    },
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = createAllowedSkuRequestSchema.safeParse({ sku, notes });
    if (!parsed.success) {
      setSkuError(parsed.error.issues[0]?.message ?? null);
      return;
    }
    setSkuError(null);
    add.mutate({ sku: parsed.data.sku, notes: parsed.data.notes });
  }

  return (
    <form
      onSubmit={submit}
      noValidate
      className="grid gap-4 sm:grid-cols-[minmax(0,1fr)_minmax(0,2fr)_auto] sm:items-start"
    >
      <Field
        label="SKU"
        name="sku"
        value={sku}
        onChange={(event) => setSku(event.target.value)}
        error={skuError}
        maxLength={SKU_MAX_LENGTH}
        autoComplete="off"
        required
      />
      <Field
        label="Notes"
        name="notes"
        value={notes}
        onChange={(event) => setNotes(event.target.value)}
        maxLength={SKU_NOTES_MAX_LENGTH}
        placeholder="Optional, e.g. 4 oz bottle"
        autoComplete="off"
      />
      <Button type="submit" disabled={add.isPending} className="sm:mt-7">
        {add.isPending ? <Spinner className="size-4 text-current" /> : <Plus aria-hidden="true" />}
        {add.isPending ? 'Adding...' : 'Add SKU'}
      </Button>
    </form>
  );
}
