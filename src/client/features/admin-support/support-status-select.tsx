import { useRef } from 'react';
import { supportMessageStatusSchema, type AdminSupportMessage } from '../../../shared/schemas/admin-support';
import { useFocusBackAfter } from '../../components/admin/use-keep-focus';
import { SelectField } from '../../components/ui/select-field';
import { useSavingSupportStatus, useUpdateSupportStatus } from './admin-support-queries';
import { describeMessage } from './describe-message';
import { SUPPORT_STATUS_OPTIONS } from './support-status';

/**
 * The row's status dropdown. A change is saved at once: it e-mails nobody and is undone the same way. The
 * chosen status shows while it is saved (here or in the message's dialog), the select is disabled until the
 * server answers (then the keyboard's focus comes back to it), and a failure puts the stored status back.
 */
export function SupportStatusSelect({
  message,
  className,
}: {
  message: AdminSupportMessage;
  className?: string;
}) {
  const update = useUpdateSupportStatus(message.id);
  // Also while the dialog saves a change of this message.
  const saving = useSavingSupportStatus(message.id);
  const selectRef = useRef<HTMLSelectElement>(null);
  useFocusBackAfter(saving !== null, selectRef);
  return (
    <SelectField
      ref={selectRef}
      label={`Status of ${describeMessage(message)}`}
      hideLabel
      className={className}
      value={saving ?? message.status}
      disabled={saving !== null}
      aria-busy={saving !== null || undefined}
      options={SUPPORT_STATUS_OPTIONS}
      onChange={(event) => {
        const status = supportMessageStatusSchema.safeParse(event.target.value);
        if (status.success && status.data !== message.status) update.mutate(status.data);
      }}
    />
  );
}
