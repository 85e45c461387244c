import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { parseDecimalToCents } from '../../../shared/money';
import type { AdminCompanyDetail } from '../../../shared/schemas/admin-companies';
import { CREDIT_MESSAGES, updateCompanySettingsRequestSchema } from '../../../shared/schemas/credit';
import { Button } from '../../components/ui/button';
import { Field } from '../../components/ui/field';
import { cn } from '../../lib/cn';
import {
  JUDGED_ON_SUBMIT,
  showServerFieldProblems,
  submitUnlessPending,
  verdictResolver,
  type FormVerdict,
} from '../../lib/form';
import { formatMoney } from '../../lib/format-money';
import { useSaveCompanySettings } from './companies-api';
import { SettingsFormStatus } from './settings-form-status';

type Credit = AdminCompanyDetail['credit'];

/** At this share of the limit the figure turns amber, at 100 % red (docs/credit.md#the-80-notice). */
const NOTICE_PERCENT = 80;

type LimitFields = { creditLimit: string };
type LimitValues = { creditLimit: number | null };

/** Dollars as staff type them ('1,000', '$250.5'); '' is no limit; anything else NaN, refused below. */
function typedDollars(text: string): number | null {
  const plain = text.trim().replace(/^\$/, '').replaceAll(',', '');
  if (plain === '') return null;
  return /^-?(\d+\.?\d*|\.\d+)$/.test(plain) ? Number(plain) : Number.NaN;
}

/**
 * The credit limit as the server judges it (updateCompanySettingsRequestSchema): a non-negative amount in
 * dollars with at most two decimals, at most 99,999,999.99; empty is no limit.
 */
export function judgeCreditLimit(values: LimitFields): FormVerdict<LimitFields, LimitValues> {
  const creditLimit = typedDollars(values.creditLimit);
  const parsed = updateCompanySettingsRequestSchema.safeParse({ creditLimit });
  if (parsed.success) return { ok: true, values: { creditLimit } };
  const issue = parsed.error.issues.find((problem) => problem.path[0] === 'creditLimit');
  return { ok: false, problems: { creditLimit: issue?.message ?? CREDIT_MESSAGES.limitInvalid } };
}

const limitText = (limit: string | null) => (limit === null ? '' : limit);
const sameLimit = (typed: number | null, current: string | null) =>
  typed === null || current === null
    ? typed === current
    : Math.round(typed * 100) === parseDecimalToCents(current);

/**
 * The company's credit on its page (docs/credit.md): its limit, open balance (approved orders on net terms
 * not yet paid), 'Credit available', how much of the limit is used and how many orders are on hold; then the
 * limit staff set or clear. Saved with PATCH /api/admin/companies/{id}, the page then asked again.
 */
export function CompanyCredit({ companyId, credit }: { companyId: number; credit: Credit }) {
  const used = credit.usedPercent;
  return (
    <section aria-label="Credit" className="space-y-3">
      <h3 className="text-lg font-semibold">Credit</h3>
      <div className="space-y-4 rounded-lg border border-border bg-card p-4">
        <dl className="grid grid-cols-2 gap-x-4 gap-y-3 text-sm sm:grid-cols-3 lg:grid-cols-5">
          <Figure
            label="Credit limit"
            value={credit.limit === null ? 'No limit' : formatMoney(credit.limit)}
          />
          <Figure label="Open balance" value={formatMoney(credit.openBalance)} />
          <Figure
            label="Credit available"
            value={credit.available === null ? '—' : formatMoney(credit.available)}
          />
          <Figure
            label="Limit used"
            value={used === null ? '—' : `${used}%`}
            tone={used === null ? null : used >= 100 ? 'danger' : used >= NOTICE_PERCENT ? 'warning' : null}
          />
          <Figure
            label="Orders on hold"
            value={credit.ordersOnHold.toLocaleString('en-US')}
            tone={credit.ordersOnHold > 0 ? 'warning' : null}
          />
        </dl>
        <CreditLimitForm companyId={companyId} limit={credit.limit} />
      </div>
    </section>
  );
}

function Figure({
  label,
  value,
  tone = null,
}: {
  label: string;
  value: string;
  tone?: 'warning' | 'danger' | null;
}) {
  return (
    <div className="min-w-0">
      <dt className="text-muted-foreground">{label}</dt>
      <dd
        className={cn(
          'text-base font-semibold tabular-nums wrap-anywhere',
          tone === 'warning' && 'text-amber-800',
          tone === 'danger' && 'text-destructive',
        )}
      >
        {value}
      </dd>
    </div>
  );
}

function CreditLimitForm({ companyId, limit }: { companyId: number; limit: string | null }) {
  const [unchanged, setUnchanged] = useState(false);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<LimitFields, unknown, LimitValues>({
    resolver: verdictResolver(judgeCreditLimit),
    // The limit as the server has it now: after a save the page is asked again and the field follows.
    values: { creditLimit: limitText(limit) },
    ...JUDGED_ON_SUBMIT,
  });
  const save = useSaveCompanySettings(companyId);
  const onSubmit = submitUnlessPending(
    save.isPending,
    handleSubmit(({ creditLimit }) => {
      const same = sameLimit(creditLimit, limit);
      setUnchanged(same);
      if (same) return;
      save.mutate(
        { creditLimit },
        { onError: (error) => void showServerFieldProblems(error, setError, ['creditLimit']) },
      );
    }),
  );
  const fieldProblem = errors.creditLimit !== undefined;

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-3 border-t border-border pt-4">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start">
        <Field
          label="Credit limit (dollars)"
          className="sm:w-64"
          inputMode="decimal"
          autoComplete="off"
          placeholder="No limit"
          hint="Empty: no limit. An approval that would take the open balance over it asks staff first."
          {...register('creditLimit', { onChange: () => setUnchanged(false) })}
          error={errors.creditLimit?.message ?? null}
        />
        <Button type="submit" className="sm:mt-[1.625rem]" disabled={save.isPending}>
          {save.isPending ? 'Saving...' : 'Save credit limit'}
        </Button>
      </div>
      <SettingsFormStatus
        unchanged={unchanged}
        nothingToSave="Nothing to save: the limit is unchanged."
        save={save}
        fieldProblem={fieldProblem}
      />
    </form>
  );
}
