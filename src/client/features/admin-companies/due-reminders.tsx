import { useQuery } from '@tanstack/react-query';
import { useId, type ReactNode } from 'react';
import type { DueReminder } from '../../../shared/schemas/reorder-reminders';
import { ListState } from '../../components/admin/list-state';
import { Button } from '../../components/ui/button';
import { DATE_FORMAT, formatDate } from '../../lib/format-date';
import { dueRemindersQueryOptions, useSendReminderNow } from './companies-api';

/** The empty state's words (docs/admin.md#companies). */
export const NO_REMINDERS_DUE = 'No reorder reminders due this week';

const intervalText = ({ intervalDays, intervalSource }: DueReminder) =>
  `Every ${intervalDays === 1 ? 'day' : `${intervalDays} days`} (${intervalSource === 'fixed' ? 'fixed' : 'learned'})`;

/** A row's 'Send now' button's name, which says whose reminder it sends (the visible words first). */
export const sendNowLabel = (companyName: string) => `Send now: the reorder reminder to ${companyName}`;

/**
 * 'Due this week' at the top of the Companies section (docs/reorder-reminders.md#staff): the
 * companies whose reorder reminder is due within the next 7 days, soonest first, from
 * GET /api/admin/reorder-reminders/due: the company (opening its page), its last order, the interval and
 * where it comes from, when the reminder is due and who it goes to, and 'Send now' (POST
 * /api/admin/reorder-reminders/{id}/send), which sends it at once: disabled when nobody can receive it, and
 * while that row's request is on its way. Loading, empty and failed (with Retry) as every admin list.
 */
export function DueReminders({ onOpen }: { onOpen: (companyId: number) => void }) {
  const due = useQuery(dueRemindersQueryOptions);
  const send = useSendReminderNow();
  const sendingId = send.isPending ? send.variables : null;
  const headingId = useId();
  const companies = due.data?.companies;
  return (
    <section
      aria-labelledby={headingId}
      aria-busy={due.isFetching || undefined}
      className="space-y-3 rounded-lg border border-border bg-card p-4"
    >
      <div>
        <h2 id={headingId} className="text-base font-semibold">
          Due this week
        </h2>
        <p className="text-sm text-muted-foreground">
          Reorder reminders due within the next 7 days, soonest first.
        </p>
      </div>
      <ListState
        query={due}
        isEmpty={companies?.length === 0}
        loadingText="Loading reorder reminders..."
        emptyText={NO_REMINDERS_DUE}
        errorPrefix="Error loading reorder reminders: "
      >
        {companies ? (
          <ul aria-label="Reorder reminders due this week" className="divide-y divide-border">
            {companies.map((reminder) => (
              <li
                key={reminder.companyId}
                className="grid gap-x-4 gap-y-1 py-3 text-sm sm:grid-cols-2 lg:grid-cols-[minmax(0,1.4fr)_repeat(4,minmax(0,1fr))_auto] lg:items-center"
              >
                <div className="min-w-0">
                  <Button
                    variant="link"
                    className="h-auto p-0 text-left font-medium whitespace-normal wrap-anywhere"
                    aria-label={`Open company ${reminder.companyName}`}
                    onClick={() => onOpen(reminder.companyId)}
                  >
                    {reminder.companyName}
                  </Button>
                </div>
                <Detail label="Last order">
                  {reminder.lastOrder.orderNumber}, {formatDate(reminder.lastOrder.createdAt, DATE_FORMAT)}
                </Detail>
                <Detail label="Interval">{intervalText(reminder)}</Detail>
                <Detail label="Due">{formatDate(reminder.dueAt, DATE_FORMAT)}</Detail>
                <Detail label="Goes to">
                  {reminder.recipient ? (
                    <>
                      {reminder.recipient.name}{' '}
                      <span className="text-muted-foreground wrap-anywhere">
                        ({reminder.recipient.email})
                      </span>
                    </>
                  ) : (
                    <span className="text-muted-foreground">Nobody can receive it</span>
                  )}
                </Detail>
                <div className="sm:col-span-2 lg:col-span-1">
                  <Button
                    variant="outline"
                    size="sm"
                    aria-label={sendNowLabel(reminder.companyName)}
                    disabled={reminder.recipient === null || sendingId === reminder.companyId}
                    onClick={() => send.mutate(reminder.companyId)}
                  >
                    {sendingId === reminder.companyId ? 'Sending...' : 'Send now'}
                  </Button>
                </div>
              </li>
            ))}
          </ul>
        ) : null}
      </ListState>
    </section>
  );
}

/** One fact of a reminder, its label read first (shown beside it on a phone, above it in the wide row). */
function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <p className="min-w-0 wrap-anywhere">
      <span className="text-muted-foreground">{label}: </span>
      {children}
    </p>
  );
}
