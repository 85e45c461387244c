import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId } from 'react';
import type { CurrentUser } from '../../../shared/schemas/current-user';
import {
  REORDER_REMINDER_MESSAGES,
  reorderReminderSettingResponseSchema,
  type ReorderReminderSetting,
} from '../../../shared/schemas/reorder-reminders';
import { requestJson, serverMessage } from '../../lib/api';
import { CURRENT_USER_QUERY_KEY } from '../../lib/session';
import { toast } from '../../lib/toast';

export const REORDER_REMINDERS_LABEL = 'E-mail me when it is time to reorder';

/**
 * My Account's 'Reorder reminders' (docs/accounts-and-roles.md#my-account, docs/storefront.md#reorder-reminders):
 * one checkbox, saved as soon as it changes (PUT /api/account/reorder-reminders) with a toast. While the
 * request runs the box shows the choice and cannot be changed again; a refused change puts it back.
 */
export function ReorderRemindersSetting({ enabled }: { enabled: boolean }) {
  const checkboxId = useId();
  const hintId = useId();
  const queryClient = useQueryClient();
  const save = useMutation({
    mutationFn: (body: ReorderReminderSetting) =>
      requestJson('/api/account/reorder-reminders', reorderReminderSettingResponseSchema, {
        method: 'PUT',
        body,
      }),
    onSuccess: (saved) => {
      queryClient.setQueryData<CurrentUser | null>(CURRENT_USER_QUERY_KEY, (user) =>
        user ? { ...user, reorderReminderEmails: saved.enabled } : user,
      );
      toast.success(saved.message || REORDER_REMINDER_MESSAGES.settingSaved);
      void queryClient.invalidateQueries({ queryKey: CURRENT_USER_QUERY_KEY });
    },
    onError: (error) => {
      toast.error('Error', {
        description: serverMessage(error, 'Could not save your reorder reminder setting. Please try again.'),
      });
    },
  });
  const checked = save.isPending ? save.variables.enabled : enabled;

  return (
    <section
      aria-labelledby={`${checkboxId}-heading`}
      className="rounded-2xl border border-border bg-card p-6 shadow-sm sm:p-8"
    >
      <h2 id={`${checkboxId}-heading`} className="text-xl font-semibold">
        Reorder reminders
      </h2>
      <div className="mt-4 flex items-start gap-3">
        <input
          id={checkboxId}
          type="checkbox"
          className="mt-0.5 size-4 accent-primary"
          checked={checked}
          disabled={save.isPending}
          aria-describedby={hintId}
          onChange={(event) => save.mutate({ enabled: event.target.checked })}
        />
        <div className="space-y-1">
          <label htmlFor={checkboxId} className="text-sm font-medium">
            {REORDER_REMINDERS_LABEL}
          </label>
          <p id={hintId} className="text-sm text-muted-foreground">
            When your company usually reorders, we e-mail a link that opens your last order ready to review.
            Every reminder has a one-click unsubscribe link.
          </p>
        </div>
      </div>
    </section>
  );
}
