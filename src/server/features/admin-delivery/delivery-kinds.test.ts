import { describe, expect, it } from 'vitest';
import { EMAIL_JOB_TYPES } from '../../jobs/registry';
import { sendEmailJob } from '../../mail/email.jobs';
import { approvalLinkJob } from '../accounts';
import { DELIVERY_KINDS, deliveryKindOf } from './delivery-kinds';

describe('the kinds of delivery problems', () => {
  it('knows every kind of job that sends an e-mail (a new one without its line would list no recipient)', () => {
    expect([...DELIVERY_KINDS.keys()].sort()).toEqual([...EMAIL_JOB_TYPES].sort());
  });

  it("takes each kind's label from its job definition", () => {
    expect(deliveryKindOf(sendEmailJob.type).label).toBe('E-mail');
    expect(deliveryKindOf(approvalLinkJob.type).label).toBe('Approval e-mail');
  });

  it('reads the addressee from a payload its schema accepts, and nothing from one it refuses', () => {
    const mail = deliveryKindOf(sendEmailJob.type);
    expect(mail.read({ to: 'shop@example.com', subject: 'Order received', text: 'Thanks.' })).toEqual({
      to: 'shop@example.com',
      subject: 'Order received',
    });
    expect(mail.read({ to: 42 })).toBeNull();
    expect(mail.read(null)).toBeNull();
    expect(deliveryKindOf(approvalLinkJob.type).read({ userId: 7 })).toEqual({ userId: 7 });
    expect(deliveryKindOf(approvalLinkJob.type).read({ userId: 'seven' })).toBeNull();
  });

  it('names a job of a type it does not know by its type, unread', () => {
    const unknown = deliveryKindOf('email.unknown');
    expect(unknown.label).toBe('email.unknown');
    expect(unknown.read({ to: 'shop@example.com' })).toBeNull();
  });
});
