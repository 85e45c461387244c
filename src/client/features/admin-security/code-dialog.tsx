import { useEffect, useRef, type ReactNode } from 'react';
import { CodeField } from '../../components/admin/code-field';
import { useCodeForm } from '../../components/admin/use-code-form';
import { Dialog } from '../../components/ui/dialog';
import { FormActions } from '../../components/ui/form-actions';
import { submitUnlessPending } from '../../lib/form';

/**
 * A change that needs a fresh code (docs/admin.md#security): turning the second factor off, new recovery
 * codes. The code comes from the authenticator app, or is a recovery code (for an administrator who has lost
 * the app). `onSubmit` sends it; the server's refusal goes to `refused`, which shows it under the field.
 */
export function CodeDialog({
  title,
  description,
  label,
  pendingLabel,
  pending,
  onSubmit,
  onClose,
}: {
  title: string;
  description: ReactNode;
  label: string;
  pendingLabel: string;
  pending: boolean;
  onSubmit: (code: string, refused: (message: string) => void) => void;
  onClose: () => void;
}) {
  const { kind, form, refuse, switchKind } = useCodeForm();
  const {
    register,
    handleSubmit,
    setFocus,
    formState: { errors },
  } = form;
  // After a switch between app and recovery code, the new input takes the focus (the dialog gives the first
  // one its focus when it opens).
  const switched = useRef(false);
  useEffect(() => {
    if (switched.current) setFocus('code');
    switched.current = true;
  }, [kind, setFocus]);
  const submit = submitUnlessPending(
    pending,
    handleSubmit(({ code }) => onSubmit(code, refuse)),
  );

  return (
    <Dialog open onClose={onClose} title={title} description={description}>
      <form onSubmit={submit} noValidate className="flex flex-col gap-4">
        <CodeField kind={kind} onKindChange={switchKind} {...register('code')} error={errors.code?.message} />
        <FormActions onCancel={onClose} pending={pending} label={label} pendingLabel={pendingLabel} />
      </form>
    </Dialog>
  );
}
