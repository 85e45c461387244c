import { useForm } from 'react-hook-form';
import { totpSetupRequestSchema, type TotpSetupRequest } from '../../../shared/schemas/admin-session';
import { Field } from '../../components/ui/field';
import { FormActions } from '../../components/ui/form-actions';
import { JUDGED_ON_SUBMIT, schemaResolver, submitUnlessPending } from '../../lib/form';

/**
 * 'Confirm it is you' before a set-up in the Security section (docs/admin.md#security): the administrator's
 * current password, so a session alone cannot bind another authenticator. A refusal (a wrong password, too
 * many tries) is shown under the field, which is cleared and keeps the focus.
 */
export function PasswordCheckForm({
  pending,
  onSubmit,
  onCancel,
}: {
  pending: boolean;
  /** Sends the password; `refused` is called back with the server's message when it says no. */
  onSubmit: (currentPassword: string, refused: (message: string) => void) => void;
  onCancel: () => void;
}) {
  const {
    register,
    handleSubmit,
    setError,
    setValue,
    setFocus,
    formState: { errors },
  } = useForm<TotpSetupRequest>({
    resolver: schemaResolver(totpSetupRequestSchema),
    defaultValues: { currentPassword: '' },
    ...JUDGED_ON_SUBMIT,
  });
  const submit = submitUnlessPending(
    pending,
    handleSubmit(({ currentPassword }) =>
      onSubmit(currentPassword, (message) => {
        setValue('currentPassword', '');
        setError('currentPassword', { message });
        setFocus('currentPassword');
      }),
    ),
  );

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4">
      <p className="text-sm">Confirm it is you: enter the password you sign in with.</p>
      <Field
        label="Current password"
        type="password"
        autoComplete="current-password"
        // The button that opened the form is gone: the field takes the focus.
        autoFocus
        {...register('currentPassword')}
        error={errors.currentPassword?.message ?? null}
      />
      <FormActions onCancel={onCancel} pending={pending} label="Continue" pendingLabel="Checking..." />
    </form>
  );
}
