import { eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  canRemind,
  isApproved,
  isOpen,
  isUnpaid,
  isOverdue,
  owesPayment,
  paymentNoticeOwed,
  reminderCooldownOver,
} from '../../../../shared/order-rules';
import { openBalanceOf } from '../../../../shared/credit';
import { STORED_ORDER_STATUS_VALUES } from '../../../../shared/orders';
import { PAYMENT_REMINDER_COOLDOWN_MS, PAYMENT_TERMS } from '../../../../shared/payment-terms';
import { PAYMENT_STATUSES } from '../../../../shared/schemas/orders';
import type { DatabaseHandle } from '../../../db/client';
import { orders } from '../../../db/schema';
import { sqlRows } from '../../../test/sql-rows';
import { createTestDatabase } from '../../../test/test-database';
import {
  approvedSql,
  canRemindSql,
  dueSoonNoticeOwedSql,
  isOpenSql,
  isUnpaidSql,
  isOverdueSql,
  openBalanceSql,
  overdueNoticeOwedSql,
  owesPaymentSql,
  paymentNoticeOwedSql,
  reminderCooldownOverSql,
} from './order-rules.sql';

/*
 * Each order rule is written twice, in TypeScript (shared/order-rules.ts) and as the SQL the queries use
 * (order-rules.sql.ts). Generated orders, their times around `now` and on the rules' edges, are stored and
 * every rule is asked both ways: the answers must be the same. On PGlite, and on PostgreSQL with
 * TEST_DATABASE_URL.
 */

const HOUR = 60 * 60_000;
const DAY = 24 * HOUR;

let handle: DatabaseHandle;
beforeAll(async () => {
  handle = await createTestDatabase();
});
afterAll(() => handle.close());

/**
 * An offset from `now`: on an edge of a rule (a day, three days, the cooldown; a millisecond either side) or
 * anywhere within a week.
 */
const offset = fc.oneof(
  fc.constantFrom(
    0,
    1,
    -1,
    DAY,
    -DAY,
    DAY + 1,
    -DAY - 1,
    DAY - 1,
    -DAY + 1,
    3 * DAY,
    3 * DAY + 1,
    3 * DAY - 1,
  ),
  fc.constantFrom(
    -PAYMENT_REMINDER_COOLDOWN_MS,
    -PAYMENT_REMINDER_COOLDOWN_MS + 1,
    -PAYMENT_REMINDER_COOLDOWN_MS - 1,
  ),
  fc.integer({ min: -7 * DAY, max: 7 * DAY }),
);
const sometime = fc.option(offset, { nil: null, freq: 2 });

const generatedOrder = fc.record({
  // Now, anywhere in a year, to the millisecond (PostgreSQL keeps microseconds, so nothing is lost).
  now: fc.integer({ min: Date.UTC(2031, 0, 1), max: Date.UTC(2032, 0, 1) }),
  status: fc.constantFrom(...STORED_ORDER_STATUS_VALUES),
  paymentStatus: fc.constantFrom(...PAYMENT_STATUSES),
  paymentTerms: fc.constantFrom(...PAYMENT_TERMS),
  paymentDueAt: sometime,
  paymentReminderSentAt: sometime,
  paymentDueSoonEmailedAt: sometime,
  paymentOverdueEmailedAt: sometime,
});

type Generated = typeof generatedOrder extends fc.Arbitrary<infer T> ? T : never;

const atOffset = (now: number, value: number | null) => (value === null ? null : new Date(now + value));

interface Answers {
  approved: boolean;
  owes: boolean;
  overdue: boolean;
  cooldownOver: boolean;
  canRemind: boolean;
  notice: string | null;
  noticeOwed: boolean;
  open: boolean;
  unpaid: boolean;
}

function orderOf(generated: Generated) {
  const { now, ...stored } = generated;
  return {
    ...stored,
    paymentDueAt: atOffset(now, generated.paymentDueAt),
    paymentReminderSentAt: atOffset(now, generated.paymentReminderSentAt),
    paymentDueSoonEmailedAt: atOffset(now, generated.paymentDueSoonEmailedAt),
    paymentOverdueEmailedAt: atOffset(now, generated.paymentOverdueEmailedAt),
  };
}

function answersInTypeScript(order: ReturnType<typeof orderOf>, now: Date): Answers {
  const notice = paymentNoticeOwed(order, now);
  return {
    approved: isApproved(order.status),
    owes: owesPayment(order),
    overdue: isOverdue(order, now),
    cooldownOver: reminderCooldownOver(order, now),
    canRemind: canRemind(order, now),
    notice,
    noticeOwed: notice !== null,
    open: isOpen(order),
    unpaid: isUnpaid(order),
  };
}

async function answersInSql(order: ReturnType<typeof orderOf>, now: Date): Promise<Answers> {
  const [row] = await handle.db
    .insert(orders)
    .values({ ...order, customerName: 'Ada Buyer', customerEmail: 'ada@example.com', businessName: 'Mist' })
    .returning({ id: orders.id });
  if (!row) throw new Error('no order stored');
  const [answers] = await sqlRows<Answers>(
    handle.db,
    sql`select ${approvedSql()} as approved, ${owesPaymentSql()} as owes, ${isOverdueSql(now)} as overdue,
        ${reminderCooldownOverSql(now)} as "cooldownOver", ${canRemindSql(now)} as "canRemind",
        case when ${overdueNoticeOwedSql(now)} then 'overdue' when ${dueSoonNoticeOwedSql(now)} then 'due-soon' end
          as notice,
        ${paymentNoticeOwedSql(now)} as "noticeOwed", ${isOpenSql()} as open,
        ${isUnpaidSql()} as unpaid
      from orders where ${eq(orders.id, row.id)}`,
  );
  if (!answers) throw new Error('order not read back');
  return answers;
}

describe('the order rules in TypeScript and in SQL', () => {
  it('give the same answer for every generated order', async () => {
    await fc.assert(
      fc.asyncProperty(generatedOrder, async (generated) => {
        const order = orderOf(generated);
        const now = new Date(generated.now);
        expect(await answersInSql(order, now)).toEqual(answersInTypeScript(order, now));
      }),
      { numRuns: 150 },
    );
  });

  it('are generated on both sides of every rule (else the comparison above proves little)', () => {
    const seen = new Map<string, Set<unknown>>();
    fc.assert(
      fc.property(generatedOrder, (generated) => {
        const answers = answersInTypeScript(orderOf(generated), new Date(generated.now));
        for (const [rule, value] of Object.entries(answers))
          seen.set(rule, (seen.get(rule) ?? new Set()).add(value));
      }),
      { numRuns: 150, seed: 30 },
    );
    const both = (rule: string): unknown[] =>
      rule === 'notice' ? ['due-soon', 'overdue', null] : [false, true];
    for (const [rule, values] of seen)
      expect({ rule, values }).toEqual({ rule, values: new Set(both(rule)) });
  });
});

describe('the open balance in TypeScript and in SQL (docs/credit.md#open-balance)', () => {
  const balanceOrder = fc.record({
    status: fc.constantFrom(...STORED_ORDER_STATUS_VALUES),
    paymentStatus: fc.constantFrom(...PAYMENT_STATUSES),
    paymentTerms: fc.constantFrom(...PAYMENT_TERMS),
    paymentDueAt: fc.option(fc.constant(new Date(Date.UTC(2031, 5, 1))), { nil: null }),
    orderTotal: fc.integer({ min: 0, max: 5_000_000 }),
  });
  let run = 0;

  it('sums the same orders for every generated company', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(balanceOrder, { maxLength: 8 }), async (generated) => {
        const tag = `Balance ${(run += 1)}`;
        if (generated.length > 0) {
          await handle.db.insert(orders).values(
            generated.map((order) => ({
              ...order,
              standardTotal: order.orderTotal,
              customerName: 'Ada Buyer',
              customerEmail: 'ada@example.com',
              businessName: tag,
            })),
          );
        }
        const [row] = await sqlRows<{ balance: number }>(
          handle.db,
          sql`select ${openBalanceSql()} as balance from orders where ${eq(orders.businessName, tag)}`,
        );
        expect(Number(row?.balance)).toBe(openBalanceOf(generated));
      }),
      { numRuns: 100 },
    );
  });
});
