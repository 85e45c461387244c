import { Button } from './button';

interface FormActionsProps {
  onCancel: () => void;
  /** The save is running: the submit button is disabled and says `pendingLabel`. */
  pending: boolean;
  label: string;
  pendingLabel: string;
  /** The submit button cannot be used yet (e.g. while the form's choices load). */
  disabled?: boolean;
  /** The id of the visible sentence saying why the submit button is disabled. */
  describedBy?: string;
}

/** A dialog form's Cancel and submit buttons, stacked on phones and at the right from sm up. */
export function FormActions({
  onCancel,
  pending,
  label,
  pendingLabel,
  disabled = false,
  describedBy,
}: FormActionsProps) {
  return (
    <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
      <Button variant="outline" onClick={onCancel}>
        Cancel
      </Button>
      <Button type="submit" disabled={pending || disabled} aria-describedby={describedBy}>
        {pending ? pendingLabel : label}
      </Button>
    </div>
  );
}
