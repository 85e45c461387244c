import { useId } from 'react';
import type { CreditExposure as Exposure } from '../../../shared/schemas/credit';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '../../components/ui/table';
import { formatCents, parseDecimalToCents } from '../../../shared/money';
import { cn } from '../../lib/cn';
import { formatMoney } from '../../lib/format-money';
import { pluralize } from '../../lib/format';

/** The card's words (docs/admin.md#insights), shared with its tests. */
export const CREDIT_EXPOSURE_WORDS = {
  title: 'Credit exposure',
  openBalance: 'Total open balance',
  overLimit: 'Over their credit limit',
  onHold: 'Orders on hold',
  noneOverLimit: 'No company is over its credit limit.',
  noneOnHold: 'No order is on hold.',
} as const;

/**
 * Insights' credit exposure (docs/credit.md#what-staff-see): what every company owes at once (the open balance:
 * approved orders on net terms not yet paid), the companies whose balance is above their limit with the
 * excess, largest first, and the companies with orders on hold, how many and their total.
 */
export function CreditExposure({ credit }: { credit: Exposure }) {
  const headingId = useId();
  const overCount = credit.overLimit.length;
  const overBy = credit.overLimit.reduce((sum, company) => sum + parseDecimalToCents(company.overBy), 0);
  const heldOrders = credit.onHold.reduce((sum, company) => sum + company.orders, 0);
  const heldTotal = credit.onHold.reduce((sum, company) => sum + parseDecimalToCents(company.total), 0);
  return (
    <section
      aria-labelledby={headingId}
      className="min-w-0 space-y-4 rounded-lg border border-border bg-card p-4"
    >
      <h2 id={headingId} className="text-base font-semibold">
        {CREDIT_EXPOSURE_WORDS.title}
      </h2>
      <dl className="grid gap-4 sm:grid-cols-3">
        <div>
          <dt className="text-sm font-medium text-muted-foreground">{CREDIT_EXPOSURE_WORDS.openBalance}</dt>
          <dd className="mt-1 text-2xl font-semibold tabular-nums">{formatMoney(credit.openBalance)}</dd>
          <dd className="mt-1 text-sm text-muted-foreground">approved orders on net terms not yet paid</dd>
        </div>
        <div>
          <dt className="text-sm font-medium text-muted-foreground">{CREDIT_EXPOSURE_WORDS.overLimit}</dt>
          <dd className={cn('mt-1 text-2xl font-semibold tabular-nums', overCount > 0 && 'text-destructive')}>
            {overCount.toLocaleString('en-US')}
          </dd>
          <dd className="mt-1 text-sm text-muted-foreground">
            {overCount === 0 ? 'companies' : `companies, ${formatCents(overBy)} over in all`}
          </dd>
        </div>
        <div>
          <dt className="text-sm font-medium text-muted-foreground">{CREDIT_EXPOSURE_WORDS.onHold}</dt>
          <dd className="mt-1 text-2xl font-semibold tabular-nums">{heldOrders.toLocaleString('en-US')}</dd>
          <dd className="mt-1 text-sm text-muted-foreground">
            {heldOrders === 0
              ? 'orders'
              : `${formatCents(heldTotal)} at ${pluralize(credit.onHold.length, 'company', 'companies')}`}
          </dd>
        </div>
      </dl>
      <div className="grid gap-6 lg:grid-cols-2">
        <div className="min-w-0 space-y-2">
          <h3 className="text-sm font-semibold">{CREDIT_EXPOSURE_WORDS.overLimit}</h3>
          {overCount === 0 ? (
            <p className="text-sm text-muted-foreground">{CREDIT_EXPOSURE_WORDS.noneOverLimit}</p>
          ) : (
            <Table keyboardScroll aria-label="Companies over their credit limit, largest excess first">
              <TableHeader>
                <TableRow>
                  <TableHead scope="col">Company</TableHead>
                  <TableHead scope="col" className="text-right">
                    Limit
                  </TableHead>
                  <TableHead scope="col" className="text-right">
                    Open balance
                  </TableHead>
                  <TableHead scope="col" className="text-right">
                    Over by
                  </TableHead>
                </TableRow>
              </TableHeader>
              <TableBody>
                {credit.overLimit.map((company) => (
                  <TableRow key={company.companyId}>
                    <TableHead scope="row" className="font-medium wrap-anywhere text-foreground">
                      {company.companyName}
                    </TableHead>
                    <Money amount={company.limit} />
                    <Money amount={company.openBalance} />
                    <Money amount={company.overBy} className="font-semibold text-destructive" />
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          )}
        </div>
        <div className="min-w-0 space-y-2">
          <h3 className="text-sm font-semibold">Companies with orders on hold</h3>
          {credit.onHold.length === 0 ? (
            <p className="text-sm text-muted-foreground">{CREDIT_EXPOSURE_WORDS.noneOnHold}</p>
          ) : (
            <Table keyboardScroll aria-label="Companies with orders on hold">
              <TableHeader>
                <TableRow>
                  <TableHead scope="col">Company</TableHead>
                  <TableHead scope="col" className="text-right">
                    Orders
                  </TableHead>
                  <TableHead scope="col" className="text-right">
                    Total
                  </TableHead>
                </TableRow>
              </TableHeader>
              <TableBody>
                {credit.onHold.map((company) => (
                  <TableRow key={company.companyId}>
                    <TableHead scope="row" className="font-medium wrap-anywhere text-foreground">
                      {company.companyName}
                    </TableHead>
                    <TableCell className="text-right tabular-nums">
                      {company.orders.toLocaleString('en-US')}
                    </TableCell>
                    <Money amount={company.total} />
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          )}
        </div>
      </div>
    </section>
  );
}

function Money({ amount, className }: { amount: string; className?: string }) {
  return (
    <TableCell className={cn('text-right whitespace-nowrap tabular-nums', className)}>
      {formatMoney(amount)}
    </TableCell>
  );
}
