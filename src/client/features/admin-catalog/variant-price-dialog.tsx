import { useState, type FormEvent } from 'react';
import { updateVariantPriceRequestSchema, type AdminVariant } from '../../../shared/schemas/admin-catalog';
import { Dialog } from '../../components/ui/dialog';
import { Field } from '../../components/ui/field';
import { FormActions } from '../../components/ui/form-actions';
import { useSetVariantPrice } from './catalog-api';

interface VariantPriceDialogProps {
  /** The variant being edited; null when the dialog is closed. */
  variant: AdminVariant | null;
  onClose: () => void;
}

/** Edit a variant's retail and wholesale price per bottle (spec 001 §2 'Variants', §5 'Variant price'). */
export function VariantPriceDialog({ variant, onClose }: VariantPriceDialogProps) {
  return variant ? <PriceForm key={variant.id} variant={variant} onClose={onClose} /> : null;
}

interface FieldErrors {
  basePrice?: string;
  wholesalePrice?: string;
  productId?: string;
}

const asInput = (dollars: number | null) => (dollars === null ? '' : dollars.toFixed(2));

function PriceForm({ variant, onClose }: { variant: AdminVariant; onClose: () => void }) {
  const [basePrice, setBasePrice] = useState(() => asInput(variant.price));
  const [wholesalePrice, setWholesalePrice] = useState(() => asInput(variant.wholesalePrice));
  const [errors, setErrors] = useState<FieldErrors>({});
  const save = useSetVariantPrice({ onSaved: onClose });

  function submit(event: FormEvent) {
    event.preventDefault();
    // The API's own schema, so the form shows the spec's messages before the server would.
    const parsed = updateVariantPriceRequestSchema.safeParse({
      productId: variant.id,
      basePrice,
      wholesalePrice,
    });
    if (!parsed.success) {
      const next: FieldErrors = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0];
        if (field === 'basePrice' || field === 'wholesalePrice' || field === 'productId') {
          next[field] ??= issue.message;
        }
      }
      setErrors(next);
      return;
    }
    setErrors({});
    save.mutate(parsed.data);
  }

  return (
    <Dialog
      open
      onClose={onClose}
      title="Edit price"
      description={`${variant.name} (${variant.sku}), per bottle. The portal's prices change at once.`}
    >
      <form onSubmit={submit} noValidate className="space-y-4">
        <Field
          label="Retail price"
          name="basePrice"
          type="number"
          inputMode="decimal"
          min="0.01"
          step="0.01"
          value={basePrice}
          onChange={(event) => setBasePrice(event.target.value)}
          error={errors.basePrice}
          required
        />
        <Field
          label="Wholesale price"
          name="wholesalePrice"
          type="number"
          inputMode="decimal"
          min="0.01"
          step="0.01"
          value={wholesalePrice}
          onChange={(event) => setWholesalePrice(event.target.value)}
          error={errors.wholesalePrice}
          required
        />
        {errors.productId ? <p className="text-sm text-destructive">{errors.productId}</p> : null}
        <FormActions onCancel={onClose} pending={save.isPending} label="Save" pendingLabel="Saving..." />
      </form>
    </Dialog>
  );
}
