import { describe, expect, it } from 'vitest';
import { paymentNoticeEmail } from '../payments/payment-emails';
import { orderStatusEmail, orderTrackingEmail, type StatusMailOrder } from './order-status-emails';

/*
 * The payment lines of the buyer's e-mails about an approved order (issue 31, findings 1 and 7;
 * docs/emails.md#order-e-mails): the amount and the due date lead, 'Pay now' follows, and the payment status
 * is said in the words of every screen.
 */

const env = {
  APP_ORIGIN: 'https://portal.example',
  STORE_NAME: 'Mist Wholesale',
  SUPPORT_EMAIL: 'help@mist.example',
};
const to = { email: 'ada@example.com', name: 'Ada' };
const INVOICE = 'https://shop.example/orders/abc/authenticate';

const order = (overrides: Partial<StatusMailOrder> = {}): StatusMailOrder => ({
  id: 2,
  orderNumber: 'WO-1002',
  status: 'processing',
  paymentStatus: 'invoice_sent',
  paymentTerms: 'on_approval',
  paymentDueAt: null,
  holdReason: null,
  orderTotal: 123_456,
  shopifyCheckoutUrl: INVOICE,
  trackingNumber: null,
  trackingUrl: null,
  trackingCompany: null,
  ...overrides,
});

const netThirty = (overrides: Partial<StatusMailOrder> = {}) =>
  order({ paymentTerms: 'net30', paymentDueAt: new Date('2099-12-29T10:00:00Z'), ...overrides });

/** The paragraphs of the plain-text body. */
const paragraphs = (text: string | undefined) => (text ?? '').split('\n\n');

describe('the approval e-mail', () => {
  it('leads a net-terms order with the amount and the due date, then Pay now', () => {
    const mail = orderStatusEmail(env, to, netThirty(), 'processing');
    expect(paragraphs(mail?.text).slice(0, 4)).toEqual([
      'Hello Ada,',
      'Good news: your order WO-1002 has been approved. $1,234.56 is due by Dec 29, 2099 (Net 30).',
      `Pay now: ${INVOICE}`,
      'Payment status: Payment due Dec 29, 2099.',
    ]);
  });

  it("says approval in the badge's word: the order now shows as Processing", () => {
    for (const mail of [
      orderStatusEmail(env, to, order(), 'processing'),
      orderStatusEmail(
        env,
        to,
        netThirty({ paymentStatus: 'unpaid', shopifyCheckoutUrl: null }),
        'processing',
      ),
    ]) {
      expect(paragraphs(mail?.text)).toContain('In your order history it now shows as Processing.');
    }
  });

  it('leads a pay-on-approval order with the amount, then Pay now', () => {
    const mail = orderStatusEmail(env, to, order(), 'processing');
    expect(paragraphs(mail?.text).slice(1, 4)).toEqual([
      'Good news: your order WO-1002 has been approved. Please pay $1,234.56 with the link below.',
      `Pay now: ${INVOICE}`,
      'Payment status: Invoice sent.',
    ]);
  });

  it('says the amount and the due date of a net-terms order without a Pay link (test mode)', () => {
    const mail = orderStatusEmail(
      env,
      to,
      netThirty({ paymentStatus: 'unpaid', shopifyCheckoutUrl: null }),
      'processing',
    );
    expect(mail?.subject).toBe('Mist Wholesale: Order WO-1002 approved');
    expect(mail?.text).toContain('$1,234.56 is due by Dec 29, 2099 (Net 30).');
    expect(mail?.text).toContain('Payment status: Payment due Dec 29, 2099.');
    expect(mail?.text).not.toContain('Pay now');
  });

  it("says 'Unpaid' on a pay-on-approval order whose invoice is not out", () => {
    const mail = orderStatusEmail(
      env,
      to,
      order({ paymentStatus: 'unpaid', shopifyCheckoutUrl: null }),
      'processing',
    );
    expect(mail?.text).toContain('Payment status: Unpaid.');
    expect(mail?.text).not.toContain('Please pay');
  });
});

describe('the other e-mails about an approved order', () => {
  it('carry the payment status: shipped, delivered and tracking', () => {
    const shipped = orderStatusEmail(env, to, order({ status: 'shipped', paymentStatus: 'paid' }), 'shipped');
    expect(shipped?.text).toContain('Payment status: Paid.');
    const delivered = orderStatusEmail(
      env,
      to,
      netThirty({ status: 'delivered', paymentDueAt: new Date('2020-01-02T10:00:00Z') }),
      'delivered',
    );
    expect(delivered?.text).toContain('Payment status: Overdue (due Jan 2, 2020).');
    const tracking = orderTrackingEmail(
      env,
      to,
      netThirty({ status: 'shipped', trackingNumber: '1Z999', paymentStatus: 'invoice_sent' }),
    );
    expect(tracking?.text).toContain('Payment status: Payment due Dec 29, 2099.');
  });

  it('leave it out of an order that is not approved: cancelled', () => {
    const cancelled = orderStatusEmail(env, to, order({ status: 'cancelled' }), 'cancelled');
    expect(cancelled?.text).not.toContain('Payment status');
  });

  it('carry it in the payment e-mails, as of the moment they are sent', () => {
    const due = new Date('2031-06-15T12:00:00Z');
    const mail = paymentNoticeEmail(
      env,
      to,
      { ...netThirty(), paymentDueAt: due },
      'overdue',
      new Date('2031-06-16T13:00:00Z'),
    );
    expect(mail.text).toContain('Payment status: Overdue (due Jun 15, 2031).');
    const soon = paymentNoticeEmail(
      env,
      to,
      { ...netThirty(), paymentDueAt: due },
      'due-soon',
      new Date('2031-06-12T13:00:00Z'),
    );
    expect(soon.text).toContain('Payment status: Payment due Jun 15, 2031.');
  });
});
