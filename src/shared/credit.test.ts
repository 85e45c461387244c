import { describe, expect, it } from 'vitest';
import {
  creditAvailable,
  creditNoticeOwed,
  creditProblem,
  creditProblemForBuyer,
  creditProblemForStaff,
  daysOverdue,
} from './credit';

const now = new Date('2031-03-10T12:00:00Z');
const base = { limit: 100_000, openBalance: 70_000, orderTotal: 20_000, paymentTerms: 'net30' as const };

describe('creditProblem (docs/credit.md#credit-hold-at-approval)', () => {
  it('lets an order through up to the limit, to the cent', () => {
    expect(creditProblem({ ...base, orderTotal: 30_000, oldestOverdueDueAt: null }, now)).toBeNull();
    expect(creditProblem({ ...base, orderTotal: 30_001, oldestOverdueDueAt: null }, now)).toEqual({
      overByCents: 1,
      overdueDays: null,
    });
  });

  it('adds nothing for an order paid on approval or already paid, and knows no limit without one', () => {
    const big = { ...base, orderTotal: 900_000, oldestOverdueDueAt: null };
    expect(creditProblem({ ...big, paymentTerms: 'on_approval' }, now)).toBeNull();
    expect(creditProblem({ ...big, paid: true }, now)).toBeNull();
    expect(creditProblem({ ...big, limit: null }, now)).toBeNull();
  });

  it('holds for a payment a whole day overdue or more, whatever the terms and limit', () => {
    const dueAt = (hoursAgo: number) => new Date(now.getTime() - hoursAgo * 3_600_000);
    const terms = { ...base, limit: null, paymentTerms: 'on_approval' as const };
    expect(creditProblem({ ...terms, oldestOverdueDueAt: dueAt(23) }, now)).toBeNull();
    expect(creditProblem({ ...terms, oldestOverdueDueAt: dueAt(24) }, now)).toEqual({
      overByCents: null,
      overdueDays: 1,
    });
    expect(daysOverdue(dueAt(24 * 12 + 5), now)).toBe(12);
  });

  it('words the problem for staff in the issue’s words, and for the buyer in sentences', () => {
    const problem = { overByCents: 23_400, overdueDays: 12 };
    expect(creditProblemForStaff(problem)).toBe('over the limit by $234.00 · 12 days overdue');
    expect(creditProblemForStaff({ overByCents: null, overdueDays: 1 })).toBe('1 day overdue');
    expect(creditProblemForBuyer(problem)).toBe(
      'This order would take your account over its credit limit by $234.00. A payment on your account is 12 days overdue.',
    );
  });
});

describe('creditNoticeOwed (docs/credit.md#the-80-notice)', () => {
  it('is owed once per crossing of 80 %, and again after the balance fell below', () => {
    expect(creditNoticeOwed(100_000, 79_999, 80_000, false)).toBe(true);
    expect(creditNoticeOwed(100_000, 80_000, 90_000, true)).toBe(false);
    expect(creditNoticeOwed(100_000, 50_000, 85_000, true)).toBe(true);
    expect(creditNoticeOwed(100_000, 10_000, 79_999, false)).toBe(false);
    expect(creditNoticeOwed(null, 0, 10_000, false)).toBe(false);
    expect(creditNoticeOwed(0, 0, 10_000, false)).toBe(false);
  });

  it('never shows less than nothing available', () => {
    expect(creditAvailable(100_000, 123_400)).toBe(0);
    expect(creditAvailable(100_000, 40_000)).toBe(60_000);
  });
});
