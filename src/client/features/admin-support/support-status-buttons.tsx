import type { AdminSupportMessage } from '../../../shared/schemas/admin-support';
import { Button } from '../../components/ui/button';
import { Spinner } from '../../components/ui/spinner';
import { useSavingSupportStatus, useUpdateSupportStatus } from './admin-support-queries';
import { SUPPORT_STATUS_OPTIONS } from './support-status';

interface SupportStatusButtonsProps {
  message: AdminSupportMessage;
  /** The saved message, so the dialog shows it even when the list's filter no longer holds it. */
  onUpdated: (message: AdminSupportMessage) => void;
}

/**
 * The message dialog's status control. Buttons rather than a select: the dialog focuses its first select
 * when it opens, and an arrow key meant to scroll the message would then change the status.
 */
export function SupportStatusButtons({ message, onUpdated }: SupportStatusButtonsProps) {
  const update = useUpdateSupportStatus(message.id);
  const saving = useSavingSupportStatus(message.id);
  const shown = saving ?? message.status;
  return (
    <div role="group" aria-label="Message status" className="flex flex-wrap gap-2">
      {SUPPORT_STATUS_OPTIONS.map(({ value, label }) => (
        <Button
          key={value}
          size="sm"
          variant={value === shown ? 'default' : 'outline'}
          aria-pressed={value === shown}
          disabled={saving !== null}
          onClick={() => {
            if (value === message.status) return;
            update.mutate(value, { onSuccess: (answer) => onUpdated(answer.message) });
          }}
        >
          {saving === value ? <Spinner className="size-4 text-current" /> : null}
          {label}
        </Button>
      ))}
    </div>
  );
}
