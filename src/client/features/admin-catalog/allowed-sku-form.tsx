import { Plus } from 'lucide-react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import {
  createAllowedSkuRequestSchema,
  SKU_MAX_LENGTH,
  SKU_NOTES_MAX_LENGTH,
} from '../../../shared/schemas/admin-catalog';
import { Button } from '../../components/ui/button';
import { Field } from '../../components/ui/field';
import { Spinner } from '../../components/ui/spinner';
import { JUDGED_ON_SUBMIT, schemaResolver } from '../../lib/form';
import { useAddAllowedSku } from './catalog-api';

const EMPTY_FORM = { sku: '', notes: '' };

/**
 * Add a SKU with notes (docs/admin.md#products-and-allowed-skus: the SKU may not be empty after trimming).
 * Judged by the API's own schema first, so the message is the server's; the server judges it again and
 * refuses a duplicate.
 */
export function AllowedSkuForm() {
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<typeof EMPTY_FORM, unknown, z.output<typeof createAllowedSkuRequestSchema>>({
    resolver: schemaResolver(createAllowedSkuRequestSchema),
    defaultValues: EMPTY_FORM,
    ...JUDGED_ON_SUBMIT,
  });
  const add = useAddAllowedSku({ onAdded: () => reset(EMPTY_FORM) });

  return (
    <form
      onSubmit={(event) =>
        void handleSubmit((parsed) => add.mutate({ sku: parsed.sku, notes: parsed.notes }))(event)
      }
      noValidate
      className="grid gap-4 sm:grid-cols-[minmax(0,1fr)_minmax(0,2fr)_auto] sm:items-start"
    >
      <Field
        label="SKU"
        {...register('sku')}
        error={errors.sku?.message}
        maxLength={SKU_MAX_LENGTH}
        autoComplete="off"
        required
      />
      <Field
        label="Notes"
        {...register('notes')}
        maxLength={SKU_NOTES_MAX_LENGTH}
        placeholder="Optional, e.g. 4 oz bottle"
        autoComplete="off"
        error={errors.notes?.message}
      />
      <Button type="submit" disabled={add.isPending} className="sm:mt-7">
        {add.isPending ? <Spinner className="size-4 text-current" /> : <Plus aria-hidden="true" />}
        {add.isPending ? 'Adding...' : 'Add SKU'}
      </Button>
    </form>
  );
}
