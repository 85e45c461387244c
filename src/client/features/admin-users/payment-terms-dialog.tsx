import { useQuery } from '@tanstack/react-query';
import { Controller, useForm } from 'react-hook-form';
import { PAYMENT_TERMS_LABELS } from '../../../shared/payment-terms';
import {
  updateUserPaymentTermsRequestSchema,
  type AdminUser,
  type PaymentTermsOptionsResponse,
  type UpdateUserPaymentTermsRequest,
} from '../../../shared/schemas/admin-users';
import { ListState } from '../../components/admin/list-state';
import { Dialog } from '../../components/ui/dialog';
import { FormActions } from '../../components/ui/form-actions';
import { SelectField } from '../../components/ui/select-field';
import { serverMessage } from '../../lib/api';
import { firstErrorMessage, JUDGED_ON_SUBMIT, schemaResolver, submitUnlessPending } from '../../lib/form';
import { fullName } from '../../../shared/user-name';
import { paymentTermsOptionsQueryOptions, USERS_FALLBACKS, useUpdatePaymentTerms } from './users-api';

/** Said of a choice the connected store cannot issue (it has no NET template of that length). */
export const TERMS_NOT_IN_SHOPIFY = 'Not set up in Shopify';

/** The select's choices: the server's, those the store cannot issue shown but disabled, with the reason. */
export function paymentTermsChoices(options: PaymentTermsOptionsResponse['options']) {
  return options.map((option) => ({
    value: option.value,
    label: option.available ? option.label : `${option.label} (${TERMS_NOT_IN_SHOPIFY})`,
    disabled: !option.available,
  }));
}

/**
 * 'Payment Terms' for a customer (docs/admin.md#users): 'Pay on approval' or Net 15 / 30 / 60, for the orders
 * they submit from now on. The current terms stay in view while the choices load, or when they cannot be
 * loaded (Shopify down: the error with Retry).
 */
export function PaymentTermsDialog({ user, onClose }: { user: AdminUser | null; onClose: () => void }) {
  return user ? <PaymentTermsDialogContent key={user.id} user={user} onClose={onClose} /> : null;
}

function PaymentTermsDialogContent({ user, onClose }: { user: AdminUser; onClose: () => void }) {
  const choices = useQuery(paymentTermsOptionsQueryOptions);
  // Any string, as the select holds it; the schema judges it on submit.
  const {
    handleSubmit,
    control,
    formState: { errors },
  } = useForm<{ paymentTerms: string }, unknown, UpdateUserPaymentTermsRequest>({
    resolver: schemaResolver(updateUserPaymentTermsRequestSchema),
    defaultValues: { paymentTerms: user.paymentTerms },
    ...JUDGED_ON_SUBMIT,
  });
  const update = useUpdatePaymentTerms({ onDone: onClose });
  const onSubmit = submitUnlessPending(
    update.isPending,
    handleSubmit((parsed) => {
      // Nothing changed: nothing to save, nothing to audit.
      if (parsed.paymentTerms === user.paymentTerms) onClose();
      else update.mutate({ userId: user.id, paymentTerms: parsed.paymentTerms });
    }),
  );
  // The refusal stays beside the select after its toast has gone.
  const error =
    firstErrorMessage(errors) ??
    (update.error ? serverMessage(update.error, USERS_FALLBACKS.updatePaymentTerms) : null);
  const options = choices.data?.options;

  return (
    <Dialog
      open
      onClose={onClose}
      title="Payment Terms"
      description={`How ${fullName(user)} (${user.email}) pays for the orders they submit from now on. Orders already submitted keep their terms.`}
    >
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
        <p className="text-sm">
          Current terms: <strong className="font-semibold">{PAYMENT_TERMS_LABELS[user.paymentTerms]}</strong>
        </p>
        <ListState
          query={choices}
          isEmpty={options?.length === 0}
          loadingText="Loading payment terms..."
          emptyText="No payment terms to choose from"
          errorPrefix="Could not load the payment terms: "
        >
          {options ? (
            <Controller
              control={control}
              name="paymentTerms"
              render={({ field }) => (
                <SelectField
                  label="Payment terms"
                  required
                  {...field}
                  options={paymentTermsChoices(options)}
                  error={error}
                />
              )}
            />
          ) : null}
          {options?.some((option) => !option.available) ? (
            <p className="text-sm text-muted-foreground">
              Terms marked '{TERMS_NOT_IN_SHOPIFY}' need a payment terms template of that length in the
              Shopify store.
            </p>
          ) : null}
        </ListState>
        <FormActions
          onCancel={onClose}
          pending={update.isPending}
          disabled={!options}
          label="Save Terms"
          pendingLabel="Saving..."
        />
      </form>
    </Dialog>
  );
}
