import { useId } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import {
  locationRequestSchema,
  type Location,
  type LocationFormValues,
  type LocationRequest,
} from '../../../shared/schemas/locations';
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
import { useSaveLocation } from './locations-api';

type Fields = Required<{
  [K in keyof LocationFormValues]: K extends 'billingSameAsShipping' ? boolean : string;
}>;

/** Each address field: its name's end, its label (shipping, billing), autocomplete token, and if required. */
const ADDRESS_PARTS = [
  ['AddressLine1', ['Street address', 'Billing street address'], 'address-line1', true],
  ['AddressLine2', ['Apartment, suite, etc.', 'Billing apartment, suite, etc.'], 'address-line2', false],
  ['City', ['City', 'Billing city'], 'address-level2', true],
  ['State', ['State', 'Billing state'], 'address-level1', true],
  ['Zip', ['ZIP code', 'Billing ZIP code'], 'postal-code', true],
  ['Country', ['Country', 'Billing country'], 'country-name', false],
] as const;

function valuesOf(location: Location | null): Fields {
  const text = (value: string | null | undefined) => value ?? '';
  return {
    name: text(location?.name),
    phone: text(location?.phone),
    shippingAddressLine1: text(location?.shippingAddressLine1),
    shippingAddressLine2: text(location?.shippingAddressLine2),
    shippingCity: text(location?.shippingCity),
    shippingState: text(location?.shippingState),
    shippingZip: text(location?.shippingZip),
    shippingCountry: location ? text(location.shippingCountry) : 'USA',
    billingSameAsShipping: !location?.billingAddress,
    billingAddressLine1: text(location?.billingAddressLine1),
    billingAddressLine2: text(location?.billingAddressLine2),
    billingCity: text(location?.billingCity),
    billingState: text(location?.billingState),
    billingZip: text(location?.billingZip),
    billingCountry: text(location?.billingCountry),
  };
}

/**
 * Add or edit a location (docs/companies.md#locations): a name, a phone, the shipping address and, unless it
 * is the same, the billing address. A refusal shows under its field or above the buttons; nothing typed is
 * lost.
 */
export function LocationDialog({
  location,
  open,
  onClose,
}: {
  /** The location to edit; null adds one. */
  location: Location | null;
  open: boolean;
  onClose: () => void;
}) {
  return open ? <LocationForm key={location?.id ?? 'new'} location={location} onClose={onClose} /> : null;
}

function LocationForm({ location, onClose }: { location: Location | null; onClose: () => void }) {
  const sameId = useId();
  const {
    register,
    handleSubmit,
    setError,
    control,
    formState: { errors },
  } = useForm<Fields, unknown, LocationRequest>({
    resolver: schemaResolver(locationRequestSchema),
    defaultValues: valuesOf(location),
    ...JUDGED_ON_SUBMIT,
  });
  const save = useSaveLocation();
  const sameAsShipping = useWatch({ control, name: 'billingSameAsShipping' });
  const onSubmit = submitUnlessPending(
    save.isPending,
    handleSubmit((values) =>
      save.mutate(
        { id: location?.id ?? null, values },
        {
          onSuccess: onClose,
          onError: (error) =>
            void showServerFieldProblems(error, setError, Object.keys(valuesOf(null)) as never),
        },
      ),
    ),
  );
  const address = (prefix: 'shipping' | 'billing') =>
    ADDRESS_PARTS.map(([part, [shippingLabel, billingLabel], autoComplete, required]) => {
      const name = `${prefix}${part}` as const;
      return (
        <Field
          key={name}
          label={prefix === 'billing' ? billingLabel : shippingLabel}
          autoComplete={`${prefix} ${autoComplete}`}
          required={required}
          className={part === 'AddressLine1' || part === 'AddressLine2' ? 'sm:col-span-2' : undefined}
          {...register(name)}
          error={errors[name]?.message ?? null}
        />
      );
    });

  return (
    <Dialog
      open
      onClose={onClose}
      title={location ? `Edit ${location.name}` : 'Add location'}
      description="Orders for this location ship to its shipping address."
    >
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label="Location name" required {...register('name')} error={errors.name?.message ?? null} />
          <Field
            label="Phone"
            type="tel"
            autoComplete="tel"
            {...register('phone')}
            error={errors.phone?.message ?? null}
          />
        </div>
        <fieldset className="grid gap-4 sm:grid-cols-2">
          <legend className="mb-2 font-semibold">Shipping address</legend>
          {address('shipping')}
        </fieldset>
        <fieldset className="grid gap-4 sm:grid-cols-2">
          <legend className="mb-2 font-semibold">Billing address</legend>
          <div className="flex items-center gap-2 sm:col-span-2">
            <input
              id={sameId}
              type="checkbox"
              className="size-4 accent-primary"
              {...register('billingSameAsShipping')}
            />
            <label htmlFor={sameId} className="text-sm">
              Same as shipping
            </label>
          </div>
          {sameAsShipping ? null : address('billing')}
        </fieldset>
        {save.isError && Object.keys(errors).length === 0 ? (
          <FormAlert>{serverMessage(save.error, 'Failed to save the location')}</FormAlert>
        ) : null}
        <FormActions
          onCancel={onClose}
          pending={save.isPending}
          label="Save location"
          pendingLabel="Saving..."
        />
      </form>
    </Dialog>
  );
}
