import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId } from 'react';
import { useForm, useWatch, type UseFormGetValues, type UseFormSetValue } from 'react-hook-form';
import { toast } from '../../lib/toast';
import type { z } from 'zod';
import {
  currentUserSchema,
  updateProfileRequestSchema,
  type CurrentUser,
} from '../../../shared/schemas/auth';
import { Button } from '../../components/ui/button';
import { Field } from '../../components/ui/field';
import { requestJson, serverMessage } from '../../lib/api';
import { JUDGED_ON_SUBMIT, showServerFieldProblems, submitUnlessPending } from '../../lib/form';
import { CURRENT_USER_QUERY_KEY } from '../../lib/session';
import { COMPANY_ROLE_LABELS } from '../../../shared/company-roles';

export type ProfileForm = Required<z.infer<typeof updateProfileRequestSchema>>;

const PROFILE_FIELDS = Object.keys(updateProfileRequestSchema.shape) as Array<keyof ProfileForm>;

const ADDRESS_PARTS = ['AddressLine1', 'AddressLine2', 'City', 'State', 'Zip', 'Country'] as const;
type AddressPart = (typeof ADDRESS_PARTS)[number];

const PART_LABELS: Record<AddressPart, string> = {
  AddressLine1: 'Address Line 1',
  AddressLine2: 'Address Line 2',
  City: 'City',
  State: 'State',
  Zip: 'ZIP/Postal Code',
  Country: 'Country',
};

const PART_AUTOCOMPLETE: Record<AddressPart, string> = {
  AddressLine1: 'address-line1',
  AddressLine2: 'address-line2',
  City: 'address-level2',
  State: 'address-level1',
  Zip: 'postal-code',
  Country: 'country-name',
};

export function profileFormFromUser(user: CurrentUser): ProfileForm {
  return Object.fromEntries(PROFILE_FIELDS.map((field) => [field, user[field] ?? ''])) as ProfileForm;
}

const norm = (value: string) => value.trim().toLowerCase();

/**
 * 'Same as shipping' shows ticked when billing line 1, city, state and zip equal the shipping ones
 * (docs/accounts-and-roles.md#my-account).
 */
export function isBillingSameAsShipping(form: ProfileForm): boolean {
  return (['AddressLine1', 'City', 'State', 'Zip'] as const).every(
    (part) => norm(form[`billing${part}`]) === norm(form[`shipping${part}`]),
  );
}

/** The profile as typed, and 'Same as shipping' (not sent: while ticked, billing is sent as shipping). */
type AccountForm = ProfileForm & { sameAsShipping: boolean };

function accountFormOf(profile: ProfileForm, sameAsShipping = isBillingSameAsShipping(profile)): AccountForm {
  return { ...profile, sameAsShipping };
}

function copyShippingToBilling(form: ProfileForm): ProfileForm {
  const next = { ...form };
  for (const part of ADDRESS_PARTS) next[`billing${part}`] = form[`shipping${part}`];
  return next;
}

/** Copies every shipping field to its billing field in the form, as typed so far. */
function copyShippingFields(
  getValues: UseFormGetValues<AccountForm>,
  setValue: UseFormSetValue<AccountForm>,
) {
  for (const part of ADDRESS_PARTS) setValue(`billing${part}`, getValues(`shipping${part}`));
}

/** Account Information form, saved with PATCH /api/user/{id}; the reply replaces the cached user. */
export function AccountInformationForm({ user }: { user: CurrentUser }) {
  const queryClient = useQueryClient();
  // No resolver: the profile's rules are the server's alone. Its refusal is toasted, and the problems it
  // names fields for show under them.
  const {
    register,
    handleSubmit,
    reset,
    getValues,
    setValue,
    setError,
    control,
    formState: { errors },
  } = useForm<AccountForm>({
    defaultValues: accountFormOf(profileFormFromUser(user)),
    ...JUDGED_ON_SUBMIT,
  });
  const sameAsShipping = useWatch({ control, name: 'sameAsShipping' });
  const sameId = useId();
  // The business name and the addresses are the company's: only an owner changes them
  // (docs/companies.md#my-account). Anyone else sees them, and sends them back as they are.
  const company = user.company;
  const companyReadOnly = company !== null && company.role !== 'owner';
  const ownersOnlyHint = companyReadOnly ? `Only an owner of ${company.name} can change this.` : undefined;

  const save = useMutation({
    mutationFn: (body: ProfileForm) =>
      requestJson(`/api/user/${user.id}`, currentUserSchema, { method: 'PATCH', body }),
    onSuccess: (updated) => {
      queryClient.setQueryData(CURRENT_USER_QUERY_KEY, updated);
      reset(accountFormOf(profileFormFromUser(updated), getValues('sameAsShipping')));
      toast.success('Account Updated', {
        description: 'Your account information has been updated successfully.',
      });
    },
    onError: (error) => {
      showServerFieldProblems(error, setError, PROFILE_FIELDS);
      toast.error('Update Failed', {
        description: serverMessage(error, 'Failed to update account information'),
      });
    },
  });

  const onSubmit = submitUnlessPending(
    save.isPending,
    handleSubmit(({ sameAsShipping: same, ...profile }) => {
      const body = same ? copyShippingToBilling(profile) : profile;
      save.mutate(
        Object.fromEntries(Object.entries(body).map(([key, value]) => [key, value.trim()])) as ProfileForm,
      );
    }),
  );

  const text = (
    field: keyof ProfileForm,
    label: string,
    autoComplete: string,
    { type = 'text', companys = false }: { type?: string; companys?: boolean } = {},
  ) => (
    <Field
      label={label}
      type={type}
      autoComplete={autoComplete}
      readOnly={companys && companyReadOnly}
      hint={companys ? ownersOnlyHint : undefined}
      {...register(field)}
      error={errors[field]?.message}
    />
  );

  const address = (kind: 'shipping' | 'billing') =>
    ADDRESS_PARTS.map((part) => (
      <Field
        key={part}
        label={`${kind === 'shipping' ? 'Shipping' : 'Billing'} ${PART_LABELS[part]}`}
        autoComplete={`${kind} ${PART_AUTOCOMPLETE[part]}`}
        className={part.startsWith('AddressLine') ? 'sm:col-span-2' : undefined}
        readOnly={companyReadOnly || (kind === 'billing' && sameAsShipping)}
        error={errors[`${kind}${part}`]?.message}
        {...register(`${kind}${part}`, {
          // While 'Same as shipping' is ticked, billing follows every shipping edit.
          onChange: () => {
            if (kind === 'shipping' && getValues('sameAsShipping')) copyShippingFields(getValues, setValue);
          },
        })}
      />
    ));

  return (
    <section
      aria-labelledby="account-information-heading"
      className="rounded-2xl border border-border bg-card p-6 shadow-sm sm:p-8"
    >
      <h2 id="account-information-heading" className="text-xl font-semibold">
        Account Information
      </h2>
      {company ? (
        <p className="mt-1 text-sm text-muted-foreground">
          Your role at {company.name}: {COMPANY_ROLE_LABELS[company.role]}
        </p>
      ) : null}
      <form onSubmit={onSubmit} noValidate className="mt-6 flex flex-col gap-6">
        <div className="grid gap-4 sm:grid-cols-2">
          {text('firstName', 'First Name', 'given-name')}
          {text('lastName', 'Last Name', 'family-name')}
          {text('businessName', 'Business Name', 'organization', { companys: true })}
          {text('phone', 'Phone', 'tel', { type: 'tel' })}
          <Field
            label="Email"
            type="email"
            name="email"
            value={user.email}
            readOnly
            className="sm:col-span-2"
            hint="To change the e-mail address of your account, contact support."
          />
        </div>
        <fieldset
          className="grid gap-4 sm:grid-cols-2"
          aria-describedby={ownersOnlyHint ? `${sameId}-owners` : undefined}
        >
          <legend className="mb-2 font-semibold">Shipping Address</legend>
          {ownersOnlyHint ? (
            <p id={`${sameId}-owners`} className="text-sm text-muted-foreground sm:col-span-2">
              {ownersOnlyHint}
            </p>
          ) : null}
          {address('shipping')}
        </fieldset>
        <fieldset
          className="grid gap-4 sm:grid-cols-2"
          aria-describedby={ownersOnlyHint ? `${sameId}-owners` : undefined}
        >
          <legend className="mb-2 font-semibold">Billing Address</legend>
          <div className="flex items-center gap-2 sm:col-span-2">
            <input
              id={sameId}
              type="checkbox"
              disabled={companyReadOnly}
              className="size-4 accent-primary"
              {...register('sameAsShipping', {
                onChange: (event: { target: { checked: boolean } }) => {
                  if (event.target.checked) copyShippingFields(getValues, setValue);
                },
              })}
            />
            <label htmlFor={sameId} className="text-sm">
              Same as shipping
            </label>
          </div>
          {address('billing')}
        </fieldset>
        <Button type="submit" className="self-start" disabled={save.isPending}>
          {save.isPending ? 'Saving...' : 'Save Changes'}
        </Button>
      </form>
    </section>
  );
}
