import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { AdminCompanyDetail } from '../../../shared/schemas/admin-companies';
import {
  CREDIT_MESSAGES,
  updateCompanySettingsRequestSchema,
  type UpdateCompanySettingsRequest,
} from '../../../shared/schemas/credit';
import { Button } from '../../components/ui/button';
import { Field } from '../../components/ui/field';
import {
  JUDGED_ON_SUBMIT,
  showServerFieldProblems,
  submitUnlessPending,
  verdictResolver,
  type FormVerdict,
} from '../../lib/form';
import { DATE_FORMAT, DATE_TIME_FORMAT, formatDate } from '../../lib/format-date';
import { useSaveCompanySettings } from './companies-api';
import { SettingsFormStatus } from './settings-form-status';

type Reorder = AdminCompanyDetail['reorder'];

type ReorderFields = {
  reorderReminders: boolean;
  interval: 'learned' | 'fixed';
  reorderIntervalDays: string;
};
type ReorderValues = { reorderReminders: boolean; reorderIntervalDays: number | null };

/**
 * The reminder settings as the server judges them (updateCompanySettingsRequestSchema): a fixed interval is
 * a whole number of days from 1 to 365; 'learned' sends null.
 */
export function judgeReorderSettings(values: ReorderFields): FormVerdict<ReorderFields, ReorderValues> {
  const typed = values.reorderIntervalDays.trim();
  const reorderIntervalDays =
    values.interval === 'learned' ? null : typed === '' ? Number.NaN : Number(typed);
  const parsed = updateCompanySettingsRequestSchema.safeParse({
    reorderReminders: values.reorderReminders,
    reorderIntervalDays,
  });
  if (parsed.success) {
    return { ok: true, values: { reorderReminders: values.reorderReminders, reorderIntervalDays } };
  }
  const issue = parsed.error.issues.find((problem) => problem.path[0] === 'reorderIntervalDays');
  return {
    ok: false,
    problems: { reorderIntervalDays: issue?.message ?? CREDIT_MESSAGES.intervalInvalid },
  };
}

const fieldsOf = (reorder: Reorder): ReorderFields => ({
  reorderReminders: reorder.reminders,
  interval: reorder.fixedIntervalDays === null ? 'learned' : 'fixed',
  reorderIntervalDays: reorder.fixedIntervalDays === null ? '' : String(reorder.fixedIntervalDays),
});

/** Only what changed, as PATCH /api/admin/companies/{id} takes it; null when nothing did. */
function changesOf(values: ReorderValues, reorder: Reorder): UpdateCompanySettingsRequest | null {
  const changes: { reorderReminders?: boolean; reorderIntervalDays?: number | null } = {};
  if (values.reorderReminders !== reorder.reminders) changes.reorderReminders = values.reorderReminders;
  if (values.reorderIntervalDays !== reorder.fixedIntervalDays) {
    changes.reorderIntervalDays = values.reorderIntervalDays;
  }
  return Object.keys(changes).length > 0 ? changes : null;
}

const every = (days: number) => (days === 1 ? 'Every day' : `Every ${days} days`);

/**
 * The company's reorder reminders on its page (docs/reorder-reminders.md#staff): what the portal
 * learned (the median gap between its orders, from three orders), when the next reminder is due and when the
 * last went; then staff's switch and interval, learned or fixed. Saved with PATCH /api/admin/companies/{id}.
 */
export function CompanyReorder({ companyId, reorder }: { companyId: number; reorder: Reorder }) {
  return (
    <section aria-label="Reorder reminders" className="space-y-3">
      <h3 className="text-lg font-semibold">Reorder reminders</h3>
      <div className="space-y-4 rounded-lg border border-border bg-card p-4">
        <dl className="grid gap-x-4 gap-y-3 text-sm sm:grid-cols-3">
          <div>
            <dt className="text-muted-foreground">Learned interval</dt>
            <dd className="font-medium">
              {reorder.learnedIntervalDays === null
                ? 'Not yet: it needs three orders'
                : every(reorder.learnedIntervalDays)}
            </dd>
          </div>
          <div>
            <dt className="text-muted-foreground">Next reminder due</dt>
            <dd className="font-medium">
              {reorder.nextDueAt === null ? 'None due' : formatDate(reorder.nextDueAt, DATE_FORMAT)}
            </dd>
          </div>
          <div>
            <dt className="text-muted-foreground">Last reminder sent</dt>
            <dd className="font-medium">
              {reorder.lastSentAt === null ? 'Never' : formatDate(reorder.lastSentAt, DATE_TIME_FORMAT)}
            </dd>
          </div>
        </dl>
        <ReorderForm companyId={companyId} reorder={reorder} />
      </div>
    </section>
  );
}

function ReorderForm({ companyId, reorder }: { companyId: number; reorder: Reorder }) {
  const [unchanged, setUnchanged] = useState(false);
  const remindersId = useId();
  const {
    register,
    handleSubmit,
    setError,
    setValue,
    formState: { errors },
  } = useForm<ReorderFields, unknown, ReorderValues>({
    resolver: verdictResolver(judgeReorderSettings),
    // The settings as the server has them now: after a save the page is asked again and the form follows.
    values: fieldsOf(reorder),
    ...JUDGED_ON_SUBMIT,
  });
  const save = useSaveCompanySettings(companyId);
  const onSubmit = submitUnlessPending(
    save.isPending,
    handleSubmit((values) => {
      const changes = changesOf(values, reorder);
      setUnchanged(changes === null);
      if (changes === null) return;
      save.mutate(changes, {
        onError: (error) =>
          void showServerFieldProblems(error, setError, ['reorderIntervalDays', 'reorderReminders']),
      });
    }),
  );
  const fieldProblem = Object.keys(errors).length > 0;
  const touched = { onChange: () => setUnchanged(false) };
  const learned =
    reorder.learnedIntervalDays === null
      ? 'not enough orders yet'
      : every(reorder.learnedIntervalDays).toLowerCase();

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4 border-t border-border pt-4">
      <div className="flex items-start gap-2 text-sm">
        <input
          id={remindersId}
          type="checkbox"
          className="mt-0.5 size-4"
          aria-describedby={`${remindersId}-hint`}
          {...register('reorderReminders', touched)}
        />
        <div>
          <label htmlFor={remindersId} className="block font-medium">
            Send reorder reminders
          </label>
          <p id={`${remindersId}-hint`} className="text-muted-foreground">
            When it is time to order again, the person who placed the last order is e-mailed a link to reorder
            it. Off: none are sent to this company.
          </p>
        </div>
      </div>
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-1 text-sm font-medium">Interval</legend>
        <label className="flex items-start gap-2 text-sm">
          <input type="radio" value="learned" className="mt-1" {...register('interval', touched)} />
          <span>Learned from its orders ({learned})</span>
        </label>
        <label className="flex items-start gap-2 text-sm">
          <input type="radio" value="fixed" className="mt-1" {...register('interval', touched)} />
          <span>A fixed interval</span>
        </label>
        <Field
          label="Days between orders"
          className="ml-6 max-w-48"
          inputMode="numeric"
          autoComplete="off"
          hint="A whole number from 1 to 365; typing one chooses the fixed interval."
          {...register('reorderIntervalDays', {
            onChange: () => {
              setUnchanged(false);
              setValue('interval', 'fixed');
            },
          })}
          error={errors.reorderIntervalDays?.message ?? null}
        />
      </fieldset>
      <SettingsFormStatus
        unchanged={unchanged}
        nothingToSave="Nothing to save: the settings are unchanged."
        save={save}
        fieldProblem={fieldProblem}
      />
      <Button type="submit" className="self-start" disabled={save.isPending}>
        {save.isPending ? 'Saving...' : 'Save reminder settings'}
      </Button>
    </form>
  );
}
