import { useForm } from 'react-hook-form';
import {
  updateVariantPriceRequestSchema,
  type AdminVariant,
  type UpdateVariantPriceRequest,
} from '../../../shared/schemas/admin-catalog';
import { Dialog } from '../../components/ui/dialog';
import { Field } from '../../components/ui/field';
import { FormActions } from '../../components/ui/form-actions';
import { JUDGED_ON_SUBMIT, schemaResolver } from '../../lib/form';
import { useSetVariantPrice } from './catalog-api';

interface VariantPriceDialogProps {
  /** The variant being edited; null when the dialog is closed. */
  variant: AdminVariant | null;
  onClose: () => void;
}

/** Edit a variant's retail and wholesale price per bottle (docs/admin.md#variants). */
export function VariantPriceDialog({ variant, onClose }: VariantPriceDialogProps) {
  return variant ? <PriceForm key={variant.id} variant={variant} onClose={onClose} /> : null;
}

/** The prices as typed, and the variant's id, which has no field but is judged with them. */
interface PriceFields {
  productId: number;
  basePrice: string;
  wholesalePrice: string;
}

const asInput = (dollars: number | null) => (dollars === null ? '' : dollars.toFixed(2));

function PriceForm({ variant, onClose }: { variant: AdminVariant; onClose: () => void }) {
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<PriceFields, unknown, UpdateVariantPriceRequest>({
    // The API's own schema, so the form shows the spec's messages before the server would.
    resolver: schemaResolver(updateVariantPriceRequestSchema),
    defaultValues: {
      productId: variant.id,
      basePrice: asInput(variant.price),
      wholesalePrice: asInput(variant.wholesalePrice),
    },
    ...JUDGED_ON_SUBMIT,
  });
  const save = useSetVariantPrice({ onSaved: onClose });

  return (
    <Dialog
      open
      onClose={onClose}
      title="Edit price"
      description={`${variant.name} (${variant.sku}), per bottle. The portal's prices change at once.`}
    >
      <form
        onSubmit={(event) => void handleSubmit((values) => save.mutate(values))(event)}
        noValidate
        className="space-y-4"
      >
        <Field
          label="Retail price"
          type="number"
          inputMode="decimal"
          min="0.01"
          step="0.01"
          {...register('basePrice')}
          error={errors.basePrice?.message}
          required
        />
        <Field
          label="Wholesale price"
          type="number"
          inputMode="decimal"
          min="0.01"
          step="0.01"
          {...register('wholesalePrice')}
          error={errors.wholesalePrice?.message}
          required
        />
        {errors.productId ? <p className="text-sm text-destructive">{errors.productId.message}</p> : null}
        <FormActions onCancel={onClose} pending={save.isPending} label="Save" pendingLabel="Saving..." />
      </form>
    </Dialog>
  );
}
