import { supportMessageStatusSchema, type AdminSupportMessage } from '../../../shared/schemas/support';
import { SelectField } from '../../components/ui/select-field';
import { useUpdateSupportStatus } from './admin-support-queries';
import { describeMessage } from './describe-message';
import { SUPPORT_STATUS_OPTIONS } from './support-status';

/**
 * The row's status dropdown. A change is saved at once: it e-mails nobody and is undone the same way. The
 * chosen status shows while it is saved, the select is disabled until the server answers, and a failure
 * puts the stored status back.
 */
export function SupportStatusSelect({
  message,
  className,
}: {
  message: AdminSupportMessage;
  className?: string;
}) {
  const update = useUpdateSupportStatus();
  const shown = update.isPending ? update.variables.status : message.status;
  return (
    <SelectField
      label={`Status of ${describeMessage(message)}`}
      hideLabel
      className={className}
      value={shown}
      disabled={update.isPending}
      aria-busy={update.isPending || undefined}
      options={SUPPORT_STATUS_OPTIONS}
      onChange={(event) => {
        const status = supportMessageStatusSchema.safeParse(event.target.value);
        if (status.success && status.data !== message.status) {
          update.mutate({ messageId: message.id, status: status.data });
        }
      }}
    />
  );
}
