import { mayPlaceOrders } from '../../../shared/company-roles';
import { formatOrderNumber } from '../../../shared/orders';
import {
  isReminderDue,
  isReminderDueSoon,
  learnedIntervalDays,
  reorderScheduleOf,
  type ReorderFacts,
  type ReorderSchedule,
} from '../../../shared/reorder-rules';
import type { CompanyReorder, DueReminder } from '../../../shared/schemas/reorder-reminders';
import { fullName } from '../../../shared/user-name';
import type { DatabaseOrTransaction } from '../../db/client';
import type { UserRow } from '../../db/schema';
import {
  cycleKey,
  findCompanyOrders,
  findLastSentAt,
  findSentCycles,
  findUsersByIds,
  type CompanyOrders,
} from './reorder-reminders.repository';

/*
 * Who is due a reorder reminder, read through the one rule (shared/reorder-rules.ts reorderScheduleOf): the
 * job that sends them, admin's 'Due this week' and the company page (docs/reorder-reminders.md#the-rule).
 */

/**
 * Who receives a company's reminder (docs/reorder-reminders.md#who-receives-it): the person who placed its
 * last order, while they are an approved customer of that company who may order (owner or buyer) and have
 * not turned reorder reminders off. Nobody else: the e-mail's link signs its recipient in.
 */
export function mayReceiveReminder(
  user: Pick<UserRow, 'status' | 'role' | 'companyId' | 'companyRole' | 'reorderReminderEmails'>,
  companyId: number,
): boolean {
  return (
    user.status === 'approved' &&
    user.role === 'customer' &&
    user.companyId === companyId &&
    mayPlaceOrders(user.companyRole) &&
    user.reorderReminderEmails
  );
}

export const factsOf = (company: CompanyOrders): ReorderFacts => ({
  reminders: company.reminders,
  fixedIntervalDays: company.fixedIntervalDays,
  onHold: company.onHold,
  placedAt: company.placed.map((order) => order.createdAt),
});

/** A company whose current cycle has not had its reminder, with its schedule and would-be recipient. */
export interface OpenCycle {
  company: CompanyOrders;
  schedule: ReorderSchedule;
  lastOrder: CompanyOrders['placed'][number];
  /** The person who would receive it, or null when nobody may (mayReceiveReminder). */
  recipient: UserRow | null;
}

/**
 * The companies with reminders on whose reminder `isDue` says is due at `now` and whose cycle (the last
 * placed order) has had none yet, soonest first.
 */
async function openCycles(
  db: DatabaseOrTransaction,
  now: Date,
  isDue: (schedule: ReorderSchedule | null, now: Date) => schedule is ReorderSchedule,
  only: Parameters<typeof findCompanyOrders>[1] = { remindersOn: true },
): Promise<OpenCycle[]> {
  const companies = await findCompanyOrders(db, only);
  const due = companies.flatMap((company) => {
    const schedule = reorderScheduleOf(factsOf(company));
    const lastOrder = company.placed[0];
    return isDue(schedule, now) && lastOrder ? [{ company, schedule, lastOrder }] : [];
  });
  const sent = await findSentCycles(
    db,
    due.map((entry) => entry.company.companyId),
  );
  const open = due.filter((entry) => !sent.has(cycleKey(entry.company.companyId, entry.lastOrder.id)));
  const placers = await findUsersByIds(db, [
    ...new Set(open.flatMap((entry) => (entry.lastOrder.userId === null ? [] : [entry.lastOrder.userId]))),
  ]);
  return open
    .map((entry) => {
      const user = entry.lastOrder.userId === null ? undefined : placers.get(entry.lastOrder.userId);
      const recipient = user && mayReceiveReminder(user, entry.company.companyId) ? user : null;
      return { ...entry, recipient };
    })
    .sort((a, b) => a.schedule.dueAt.getTime() - b.schedule.dueAt.getTime());
}

/**
 * The company's current cycle whose reminder has not gone, due or not (staff's 'Send now'), or null: no
 * schedule (off, on hold, too few orders) or already sent.
 */
export async function openCycleOf(db: DatabaseOrTransaction, companyId: number, now: Date) {
  const scheduled = (schedule: ReorderSchedule | null): schedule is ReorderSchedule => schedule !== null;
  const [open] = await openCycles(db, now, scheduled, { companyId });
  return open ?? null;
}

/** The cycles whose reminder is due at `now` and not yet sent: what the job sends (when there is a recipient). */
export const findDueCycles = (db: DatabaseOrTransaction, now: Date) => openCycles(db, now, isReminderDue);

/**
 * Admin's 'Due this week' (GET /api/admin/reorder-reminders/due): reminders due within the next 7 days,
 * overdue ones the job has not sent included (e.g. nobody may receive them), soonest first.
 */
export async function dueReminders(db: DatabaseOrTransaction, now: Date): Promise<DueReminder[]> {
  const open = await openCycles(db, now, isReminderDueSoon);
  return open.map(({ company, schedule, lastOrder, recipient }) => ({
    companyId: company.companyId,
    companyName: company.companyName,
    lastOrder: {
      id: lastOrder.id,
      orderNumber: formatOrderNumber(lastOrder.id),
      createdAt: lastOrder.createdAt.toISOString(),
    },
    intervalDays: schedule.intervalDays,
    intervalSource: schedule.intervalSource,
    dueAt: schedule.dueAt.toISOString(),
    recipient: recipient ? { name: fullName(recipient), email: recipient.email } : null,
  }));
}

/**
 * A company's reorder reminders as staff read them on its page (docs/reorder-reminders.md#staff): the
 * switch, the fixed and learned intervals, when the next reminder is due (null when none will be: off, on
 * hold, too few orders, or this cycle's already went, until the next order) and when the last one went.
 * The answer does not depend on the clock (a due date in the past is one the job has yet to send); `_now` is
 * taken so that callers pass theirs, as they do to every other read of the rule.
 */
export async function companyReorderOf(
  db: DatabaseOrTransaction,
  companyId: number,
  _now: Date = new Date(),
): Promise<CompanyReorder> {
  const [company] = await findCompanyOrders(db, { companyId });
  const lastSentAt = await findLastSentAt(db, companyId);
  if (!company) {
    return {
      reminders: false,
      fixedIntervalDays: null,
      learnedIntervalDays: null,
      nextDueAt: null,
      lastSentAt: null,
    };
  }
  const schedule = reorderScheduleOf(factsOf(company));
  const lastOrder = company.placed[0];
  const sent = lastOrder ? await findSentCycles(db, [companyId]) : new Set<string>();
  const pending = schedule && lastOrder && !sent.has(cycleKey(companyId, lastOrder.id)) ? schedule : null;
  return {
    reminders: company.reminders,
    fixedIntervalDays: company.fixedIntervalDays,
    learnedIntervalDays: learnedIntervalDays(factsOf(company).placedAt),
    nextDueAt: pending ? pending.dueAt.toISOString() : null,
    lastSentAt: lastSentAt?.toISOString() ?? null,
  };
}
