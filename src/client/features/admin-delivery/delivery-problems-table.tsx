import type { ReactNode } from 'react';
import { UNREADABLE_DELIVERY, type DeliveryProblem } from '../../../shared/schemas/admin-delivery';
import { Badge } from '../../components/ui/badge';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '../../components/ui/table';
import { cn } from '../../lib/cn';
import { DATE_FORMAT, formatDate } from '../../lib/format-date';
import { useIsMobile } from '../../lib/use-media-query';
import { LastError } from './last-error';
import { SendAgainButton } from './send-again-button';

interface DeliveryProblemsTableProps {
  problems: readonly DeliveryProblem[];
  onSend: (problem: DeliveryProblem) => void;
}

/**
 * The problems, newest first: kind, recipient, subject, last error, attempts, when queued and given up, and
 * 'Send again' (docs/admin.md#delivery-problems). Under 768 px a stacked list, as eight columns do not fit a
 * phone.
 */
export function DeliveryProblemsTable(props: DeliveryProblemsTableProps) {
  return useIsMobile() ? <DeliveryProblemsList {...props} /> : <DeliveryProblemsGrid {...props} />;
}

function Kind({ problem }: { problem: DeliveryProblem }) {
  return <Badge variant="outline">{problem.kind}</Badge>;
}

/** A missing value: no recipient on record, or a link e-mail's subject (it is written when sent). */
function OrDash({ children }: { children: string | null }) {
  return children ? (
    <span className="wrap-anywhere">{children}</span>
  ) : (
    <span className="text-muted-foreground">—</span>
  );
}

/** The recipient, or UNREADABLE_DELIVERY when the stored e-mail no longer reads as its kind. */
function Recipient({ problem }: { problem: DeliveryProblem }) {
  if (problem.unreadable) return <span className="text-muted-foreground">{UNREADABLE_DELIVERY}</span>;
  return <OrDash>{problem.recipient}</OrDash>;
}

/** The time of day of DATE_TIME_FORMAT (format-date.ts). */
const TIME_FORMAT = 'h:mm a';

/** Date over time when the column is narrow: 'Mar 5, 2031' / '8:16 AM' (docs/admin.md#dashboard's format). */
function Time({ value }: { value: string }) {
  const day = formatDate(value, DATE_FORMAT, '');
  // Unreadable: shown as sent rather than hidden.
  if (!day) return <span className="wrap-anywhere">{value}</span>;
  return (
    <time dateTime={value}>
      <span className="whitespace-nowrap">{day}</span>{' '}
      <span className="whitespace-nowrap">{formatDate(value, TIME_FORMAT)}</span>
    </time>
  );
}

/** Cells a little tighter than the table's default, so eight columns fit beside the sidebar at 1280 px. */
const CELL = 'px-3';

function DeliveryProblemsGrid({ problems, onSend }: DeliveryProblemsTableProps) {
  return (
    <Table aria-label="Delivery problems">
      <TableHeader>
        <TableRow>
          <TableHead className="px-3">Kind</TableHead>
          <TableHead className="px-3">Recipient</TableHead>
          <TableHead className="px-3">Subject</TableHead>
          <TableHead className="px-3">Last error</TableHead>
          <TableHead className="px-3 text-right">Attempts</TableHead>
          <TableHead className="px-3">Queued</TableHead>
          <TableHead className="px-3">Given up</TableHead>
          <TableHead className="px-3">
            <span className="sr-only">Actions</span>
          </TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {problems.map((problem) => (
          <TableRow key={problem.id}>
            {/* Plain text, which may wrap ('Password reset / link'); the phone's cards show a badge. */}
            <TableCell className={cn(CELL, 'font-medium')}>{problem.kind}</TableCell>
            <TableCell className={cn(CELL, 'max-w-48 min-w-28')}>
              <Recipient problem={problem} />
            </TableCell>
            <TableCell className={cn(CELL, 'max-w-48 min-w-28')}>
              <OrDash>{problem.subject}</OrDash>
            </TableCell>
            <TableCell className={cn(CELL, 'max-w-72 min-w-36')}>
              <LastError error={problem.lastError} />
            </TableCell>
            <TableCell className={cn(CELL, 'text-right tabular-nums')}>{problem.attempts}</TableCell>
            <TableCell className={CELL}>
              <Time value={problem.queuedAt} />
            </TableCell>
            <TableCell className={CELL}>
              <Time value={problem.failedAt} />
            </TableCell>
            <TableCell className={CELL}>
              <SendAgainButton problem={problem} onSend={onSend} />
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="min-w-0">{children}</dd>
    </>
  );
}

function DeliveryProblemsList({ problems, onSend }: DeliveryProblemsTableProps) {
  return (
    <ul aria-label="Delivery problems" className="divide-y divide-border rounded-lg border border-border">
      {problems.map((problem) => (
        <li key={problem.id} className="space-y-3 p-4 text-sm">
          <div className="flex items-start justify-between gap-3">
            <p className="min-w-0 font-medium">
              <Recipient problem={problem} />
            </p>
            <Kind problem={problem} />
          </div>
          <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1">
            <Fact label="Subject">
              <OrDash>{problem.subject}</OrDash>
            </Fact>
            <Fact label="Last error">
              <LastError error={problem.lastError} />
            </Fact>
            <Fact label="Attempts">
              <span className="tabular-nums">{problem.attempts}</span>
            </Fact>
            <Fact label="Queued">
              <Time value={problem.queuedAt} />
            </Fact>
            <Fact label="Given up">
              <Time value={problem.failedAt} />
            </Fact>
          </dl>
          <SendAgainButton problem={problem} onSend={onSend} className="w-full sm:w-auto" />
        </li>
      ))}
    </ul>
  );
}
