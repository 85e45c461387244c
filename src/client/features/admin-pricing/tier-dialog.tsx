import { useForm } from 'react-hook-form';
import {
  ADMIN_PRICING_MESSAGES,
  MAX_MINIMUM_CASES,
  pricingTierRequestSchema,
  type AdminPricingTier,
  type PricingTierRequest,
} from '../../../shared/schemas/admin-pricing';
import { Dialog } from '../../components/ui/dialog';
import { Field, FormAlert } from '../../components/ui/field';
import { FormActions } from '../../components/ui/form-actions';
import {
  fieldMessage,
  formWideProblem,
  JUDGED_ON_SUBMIT,
  schemaResolver,
  submitUnlessPending,
} from '../../lib/form';
import { useSaveTier } from './pricing-api';

interface TierDialogProps {
  open: boolean;
  /** The tier being edited; null to add one. */
  tier: AdminPricingTier | null;
  onClose: () => void;
}

interface TierForm {
  name: string;
  description: string;
  minimumCases: string;
  discountPercentage: string;
}

const NEW_TIER: TierForm = { name: '', description: '', minimumCases: '1', discountPercentage: '' };

function formOf(tier: AdminPricingTier | null): TierForm {
  if (!tier) return NEW_TIER;
  return {
    name: tier.name,
    description: tier.description ?? '',
    minimumCases: String(tier.minimumCases),
    discountPercentage: String(tier.discountPercentage),
  };
}

/**
 * Add or edit a volume tier (docs/admin.md#pricing; editing has the same requirements). The form is judged
 * by the API's own schema, so the messages are the server's; the server judges it again.
 */
export function TierDialog({ open, tier, onClose }: TierDialogProps) {
  return open ? <TierDialogContent key={tier?.id ?? 'new'} tier={tier} onClose={onClose} /> : null;
}

function TierDialogContent({ tier, onClose }: { tier: AdminPricingTier | null; onClose: () => void }) {
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<TierForm, unknown, PricingTierRequest>({
    resolver: schemaResolver(pricingTierRequestSchema),
    defaultValues: formOf(tier),
    ...JUDGED_ON_SUBMIT,
  });
  const save = useSaveTier({ onSaved: onClose });
  const isEdit = tier !== null;
  // 'Please fill out all required fields' once; each empty field says '{label} is required' under itself.
  const problem = formWideProblem(errors, ADMIN_PRICING_MESSAGES.required);
  const error = (name: keyof TierForm, label: string) =>
    fieldMessage(errors[name], label, ADMIN_PRICING_MESSAGES.required);
  const onSubmit = submitUnlessPending(
    save.isPending,
    handleSubmit((values) => save.mutate({ ...(tier ? { id: tier.id } : {}), values })),
  );

  return (
    <Dialog
      open
      onClose={onClose}
      title={isEdit ? 'Edit Tier' : 'Add Tier'}
      description="Orders of at least the minimum cases get the discount on every case-packed line."
    >
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
        <Field label="Name" required maxLength={100} {...register('name')} error={error('name', 'Name')} />
        <Field
          label="Description"
          maxLength={500}
          {...register('description')}
          hint="Optional."
          error={error('description', 'Description')}
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <Field
            label="Minimum Cases"
            type="number"
            inputMode="numeric"
            required
            min={1}
            max={MAX_MINIMUM_CASES}
            step={1}
            {...register('minimumCases')}
            error={error('minimumCases', 'Minimum Cases')}
          />
          <Field
            label="Discount (%)"
            type="number"
            inputMode="decimal"
            required
            min={0}
            max={100}
            step={0.1}
            {...register('discountPercentage')}
            error={error('discountPercentage', 'Discount (%)')}
          />
        </div>
        {problem ? <FormAlert>{problem}</FormAlert> : null}
        <FormActions
          onCancel={onClose}
          pending={save.isPending}
          label={isEdit ? 'Update Tier' : 'Create Tier'}
          pendingLabel="Saving..."
        />
      </form>
    </Dialog>
  );
}
