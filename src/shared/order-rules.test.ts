import { describe, expect, it } from 'vitest';
import {
  canRemind,
  isApproved,
  isOpen,
  isOverdue,
  owesPayment,
  paymentNoticeOwed,
  paymentStateOf,
  reminderCooldownOver,
  reminderRefusal,
} from './order-rules';

const NOW = new Date('2031-04-10T12:00:00.000Z');
const HOUR = 60 * 60_000;
const DAY = 24 * HOUR;
const at = (offsetMs: number) => new Date(NOW.getTime() + offsetMs);

/** Approved on Net 30, invoiced and unpaid, due a day ago: overdue and remindable. */
const overdue = {
  status: 'processing',
  paymentStatus: 'invoice_sent',
  paymentTerms: 'net30' as const,
  paymentDueAt: at(-DAY),
  paymentReminderSentAt: null as Date | null,
  paymentDueSoonEmailedAt: null as Date | null,
  paymentOverdueEmailedAt: null as Date | null,
};

describe('isApproved', () => {
  it('is processing, shipped or delivered (legacy completed too); never pending, cancelled or unknown', () => {
    for (const status of ['processing', 'shipped', 'delivered', 'completed'])
      expect(isApproved(status)).toBe(true);
    for (const status of ['pending', 'submitted', 'cancelled', 'on_hold', '', null]) {
      expect(isApproved(status)).toBe(false);
    }
  });
});

describe('owesPayment and isOverdue', () => {
  it('owes payment while approved, with a due date and unpaid', () => {
    expect(owesPayment(overdue)).toBe(true);
    expect(owesPayment({ ...overdue, paymentDueAt: '2031-05-01T00:00:00.000Z' })).toBe(true);
    expect(owesPayment({ ...overdue, paymentStatus: 'unpaid' })).toBe(true);
    expect(owesPayment({ ...overdue, paymentStatus: 'paid' })).toBe(false);
    expect(owesPayment({ ...overdue, paymentDueAt: null })).toBe(false);
    expect(owesPayment({ ...overdue, status: 'cancelled' })).toBe(false);
  });

  it('does not count a due date on an order moved back to pending (docs/orders.md#payment-terms)', () => {
    expect(owesPayment({ ...overdue, status: 'pending' })).toBe(false);
    expect(isOverdue({ ...overdue, status: 'pending' }, NOW)).toBe(false);
  });

  it('is overdue strictly after the due date, as a Date or an ISO string', () => {
    expect(isOverdue({ ...overdue, paymentDueAt: at(-1) }, NOW)).toBe(true);
    expect(isOverdue({ ...overdue, paymentDueAt: at(-1).toISOString() }, NOW)).toBe(true);
    expect(isOverdue({ ...overdue, paymentDueAt: NOW }, NOW)).toBe(false);
    expect(isOverdue({ ...overdue, paymentDueAt: at(1) }, NOW)).toBe(false);
    expect(isOverdue({ ...overdue, paymentStatus: 'paid' }, NOW)).toBe(false);
    expect(isOverdue({ ...overdue, status: 'cancelled' }, NOW)).toBe(false);
  });
});

describe('paymentStateOf (docs/orders.md#payment-status)', () => {
  it('reads paid once paid, even on an order cancelled afterwards', () => {
    expect(paymentStateOf({ ...overdue, paymentStatus: 'paid' }, NOW)).toBe('paid');
    expect(paymentStateOf({ ...overdue, status: 'cancelled', paymentStatus: 'paid' }, NOW)).toBe('paid');
  });

  it('reads overdue past the due date and payment due before it, on an approved order', () => {
    expect(paymentStateOf(overdue, NOW)).toBe('overdue');
    expect(paymentStateOf({ ...overdue, paymentDueAt: at(DAY) }, NOW)).toBe('payment_due');
    expect(paymentStateOf({ ...overdue, paymentStatus: 'unpaid', paymentDueAt: at(DAY) }, NOW)).toBe(
      'payment_due',
    );
  });

  it('reads invoice sent or unpaid without a due date that counts, and nothing on a cancelled order', () => {
    const payOnApproval = { ...overdue, paymentTerms: 'on_approval' as const, paymentDueAt: null };
    expect(paymentStateOf(payOnApproval, NOW)).toBe('invoice_sent');
    expect(paymentStateOf({ ...payOnApproval, paymentStatus: 'unpaid' }, NOW)).toBe('unpaid');
    // Moved back to pending: its old due date no longer counts.
    expect(paymentStateOf({ ...overdue, status: 'pending', paymentStatus: 'unpaid' }, NOW)).toBe('unpaid');
    expect(paymentStateOf({ ...overdue, status: 'cancelled' }, NOW)).toBeNull();
  });
});

describe('paymentNoticeOwed', () => {
  it("owes 'due-soon' from 3 days before the due date until it, and 'overdue' from a day after it", () => {
    const dueAt = (offsetMs: number) => ({ ...overdue, paymentDueAt: at(offsetMs) });
    expect(paymentNoticeOwed(dueAt(3 * DAY + 1), NOW)).toBeNull();
    expect(paymentNoticeOwed(dueAt(3 * DAY), NOW)).toBe('due-soon');
    expect(paymentNoticeOwed(dueAt(1), NOW)).toBe('due-soon');
    expect(paymentNoticeOwed(dueAt(0), NOW)).toBeNull();
    expect(paymentNoticeOwed(dueAt(-DAY + 1), NOW)).toBeNull();
    expect(paymentNoticeOwed(dueAt(-DAY), NOW)).toBe('overdue');
  });

  it('owes each notice once, overdue first, and none once paid, cancelled or back to pending', () => {
    const soon = { ...overdue, paymentDueAt: at(DAY) };
    expect(paymentNoticeOwed({ ...soon, paymentDueSoonEmailedAt: at(-HOUR) }, NOW)).toBeNull();
    const late = { ...overdue, paymentDueAt: at(-2 * DAY) };
    expect(paymentNoticeOwed({ ...late, paymentDueSoonEmailedAt: null }, NOW)).toBe('overdue');
    expect(paymentNoticeOwed({ ...late, paymentOverdueEmailedAt: at(-HOUR) }, NOW)).toBeNull();
    for (const change of [{ paymentStatus: 'paid' }, { status: 'cancelled' }, { status: 'pending' }]) {
      expect(paymentNoticeOwed({ ...late, ...change }, NOW)).toBeNull();
    }
  });
});

describe('payment reminders', () => {
  it('refuses, in this order: not on terms, cancelled, not approved, paid, not overdue', () => {
    expect(reminderRefusal(overdue, NOW)).toBeNull();
    expect(reminderRefusal({ ...overdue, paymentTerms: 'on_approval', status: 'cancelled' }, NOW)).toBe(
      'notOnTerms',
    );
    expect(reminderRefusal({ ...overdue, status: 'cancelled', paymentStatus: 'paid' }, NOW)).toBe(
      'cancelled',
    );
    expect(reminderRefusal({ ...overdue, status: 'pending', paymentStatus: 'paid' }, NOW)).toBe(
      'notApproved',
    );
    expect(reminderRefusal({ ...overdue, status: 'submitted' }, NOW)).toBe('notApproved');
    expect(reminderRefusal({ ...overdue, paymentStatus: 'paid', paymentDueAt: at(DAY) }, NOW)).toBe('paid');
    expect(reminderRefusal({ ...overdue, paymentDueAt: at(DAY) }, NOW)).toBe('notOverdue');
    expect(reminderRefusal({ ...overdue, paymentDueAt: null }, NOW)).toBe('notOverdue');
  });

  it('allows one a day: the next from a full day after the last', () => {
    expect(reminderCooldownOver({ paymentReminderSentAt: null }, NOW)).toBe(true);
    expect(reminderCooldownOver({ paymentReminderSentAt: at(-DAY + 1) }, NOW)).toBe(false);
    expect(reminderCooldownOver({ paymentReminderSentAt: at(-DAY) }, NOW)).toBe(true);
    expect(reminderCooldownOver({ paymentReminderSentAt: at(-DAY).toISOString() }, NOW)).toBe(true);
  });

  it('can remind when nothing refuses and the day since the last is over', () => {
    expect(canRemind(overdue, NOW)).toBe(true);
    expect(canRemind({ ...overdue, paymentReminderSentAt: at(-HOUR) }, NOW)).toBe(false);
    expect(canRemind({ ...overdue, paymentReminderSentAt: at(-2 * DAY) }, NOW)).toBe(true);
    expect(canRemind({ ...overdue, status: 'pending' }, NOW)).toBe(false);
  });
});

describe('isOpen', () => {
  it('is every order but a cancelled one and one both delivered and paid', () => {
    expect(isOpen({ status: 'pending', paymentStatus: 'unpaid' })).toBe(true);
    expect(isOpen({ status: 'shipped', paymentStatus: 'paid' })).toBe(true);
    expect(isOpen({ status: 'delivered', paymentStatus: 'invoice_sent' })).toBe(true);
    expect(isOpen({ status: 'delivered', paymentStatus: 'paid' })).toBe(false);
    expect(isOpen({ status: 'completed', paymentStatus: 'paid' })).toBe(false);
    expect(isOpen({ status: 'cancelled', paymentStatus: 'unpaid' })).toBe(false);
  });
});
