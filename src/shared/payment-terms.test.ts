import { describe, expect, it } from 'vitest';
import {
  describePaymentTerms,
  formatDueDate,
  formatReminderTime,
  isNetTerms,
  nextPaymentReminderAt,
  PAYMENT_TERMS,
  paymentDueAt,
} from './payment-terms';

const APPROVED_AT = new Date('2031-03-05T14:30:00.000Z');

describe('payment terms', () => {
  it('puts the due date 15, 30 or 60 days after approval, to the millisecond', () => {
    expect(paymentDueAt('net15', APPROVED_AT)?.toISOString()).toBe('2031-03-20T14:30:00.000Z');
    expect(paymentDueAt('net30', APPROVED_AT)?.toISOString()).toBe('2031-04-04T14:30:00.000Z');
    expect(paymentDueAt('net60', APPROVED_AT)?.toISOString()).toBe('2031-05-04T14:30:00.000Z');
  });

  it("gives 'Pay on approval' no due date and calls only the others net terms", () => {
    expect(paymentDueAt('on_approval', APPROVED_AT)).toBeNull();
    expect(PAYMENT_TERMS.filter(isNetTerms)).toEqual(['net15', 'net30', 'net60']);
  });

  it('describes the terms as the review page and the submission e-mails say them', () => {
    expect(describePaymentTerms('net30')).toBe('Payment terms: Net 30 (payment due 30 days after approval)');
    expect(describePaymentTerms('on_approval')).toBe(
      'Payment terms: Pay on approval (pay by invoice once the order is approved)',
    );
  });

  it('prints the due date in UTC, whatever the time of day', () => {
    expect(formatDueDate(new Date('2031-12-27T23:59:00.000Z'))).toBe('Dec 27, 2031');
    expect(formatDueDate('2031-12-28T00:00:00.000Z')).toBe('Dec 28, 2031');
  });
});

describe('payment reminders', () => {
  it('allows the next reminder a day after the last, and says when in UTC', () => {
    const nextAt = nextPaymentReminderAt('2031-12-26T09:05:00.000Z');
    expect(nextAt.toISOString()).toBe('2031-12-27T09:05:00.000Z');
    expect(formatReminderTime(nextAt)).toBe('Dec 27, 2031, 9:05 AM UTC');
  });
});
