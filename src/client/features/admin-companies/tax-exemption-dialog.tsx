import { useForm } from 'react-hook-form';
import {
  taxExemptionRequestSchema,
  type AdminCompanyLocation,
  type TaxExemptionRequest,
} from '../../../shared/schemas/admin-companies';
import { Button } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import { Field, FormAlert } from '../../components/ui/field';
import { FormActions } from '../../components/ui/form-actions';
import { serverMessage } from '../../lib/api';
import {
  JUDGED_ON_SUBMIT,
  schemaResolver,
  showServerFieldProblems,
  submitUnlessPending,
} from '../../lib/form';
import { useSaveTaxExemption } from './companies-api';

type Fields = { certificateNumber: string; state: string; expiresOn: string };

/**
 * Staff record a location's tax exemption (docs/companies.md#tax-exemption): the reseller's certificate
 * number, the issuing state and its last valid day; or remove it.
 */
export function TaxExemptionDialog({
  companyId,
  location,
  onClose,
}: {
  companyId: number;
  location: AdminCompanyLocation | null;
  onClose: () => void;
}) {
  return location ? (
    <TaxExemptionForm key={location.id} companyId={companyId} location={location} onClose={onClose} />
  ) : null;
}

function TaxExemptionForm({
  companyId,
  location,
  onClose,
}: {
  companyId: number;
  location: AdminCompanyLocation;
  onClose: () => void;
}) {
  const current = location.taxExemption;
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<Fields, unknown, TaxExemptionRequest>({
    resolver: schemaResolver(taxExemptionRequestSchema),
    defaultValues: {
      certificateNumber: current?.certificateNumber ?? '',
      state: current?.state ?? '',
      expiresOn: current?.expiresOn ?? '',
    },
    ...JUDGED_ON_SUBMIT,
  });
  const save = useSaveTaxExemption(companyId, { onDone: onClose });
  const onSubmit = submitUnlessPending(
    save.isPending,
    handleSubmit((exemption) =>
      save.mutate(
        { locationId: location.id, exemption },
        {
          onError: (error) =>
            void showServerFieldProblems(error, setError, ['certificateNumber', 'state', 'expiresOn']),
        },
      ),
    ),
  );
  const fieldProblem = Object.keys(errors).length > 0;

  return (
    <Dialog
      open
      onClose={onClose}
      title={`Tax exemption of ${location.name}`}
      description="Its orders are tax exempt through the expiry date; staff are e-mailed 30 days before it."
    >
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
        <Field
          label="Certificate number"
          required
          {...register('certificateNumber')}
          error={errors.certificateNumber?.message ?? null}
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <Field
            label="State"
            required
            maxLength={2}
            autoCapitalize="characters"
            {...register('state')}
            error={errors.state?.message ?? null}
          />
          <Field
            label="Expires on"
            type="date"
            required
            {...register('expiresOn')}
            error={errors.expiresOn?.message ?? null}
          />
        </div>
        {save.isError && !fieldProblem ? (
          <FormAlert>{serverMessage(save.error, 'Failed to save the tax exemption')}</FormAlert>
        ) : null}
        {current ? (
          <Button
            variant="outline"
            className="self-start"
            disabled={save.isPending}
            onClick={() => save.mutate({ locationId: location.id, exemption: null })}
          >
            Remove exemption
          </Button>
        ) : null}
        <FormActions
          onCancel={onClose}
          pending={save.isPending}
          label="Save exemption"
          pendingLabel="Saving..."
        />
      </form>
    </Dialog>
  );
}
