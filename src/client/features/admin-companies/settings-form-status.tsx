import { FormAlert } from '../../components/ui/field';
import { serverMessage } from '../../lib/api';
import { COMPANIES_FALLBACKS } from './companies-api';

/**
 * Under a company settings form (the credit limit, the reorder reminders): 'Nothing to save' when nothing
 * changed, else the server's refusal unless it is shown under its field.
 */
export function SettingsFormStatus({
  unchanged,
  nothingToSave,
  save,
  fieldProblem,
}: {
  unchanged: boolean;
  nothingToSave: string;
  save: { isError: boolean; error: unknown };
  fieldProblem: boolean;
}) {
  if (unchanged) {
    return (
      <p role="status" className="text-sm text-muted-foreground">
        {nothingToSave}
      </p>
    );
  }
  return save.isError && !fieldProblem ? (
    <FormAlert>{serverMessage(save.error, COMPANIES_FALLBACKS.settings)}</FormAlert>
  ) : null;
}
