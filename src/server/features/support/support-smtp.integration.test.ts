import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtpInbox, type SmtpInbox } from '../../test/smtp-inbox';
import { createTestApp, type TestApp } from '../../test/test-app';
import { createCustomer } from '../../test/factories/users';
import { signIn } from '../../test/factories/sign-in';
import { storeOrder } from '../../test/factories/orders';
import { sendSupportMessage } from './support-test-support';

const SUPPORT_EMAIL = 'help-desk@portal.example';

/** Issue 7 'Tests': the support message arrives at a real SMTP server, addressed to staff, Reply-To the customer. */
describe('support messages through a real SMTP server', () => {
  let t: TestApp;
  let inbox: SmtpInbox;

  beforeAll(async () => {
    t = await createTestApp({ env: { SUPPORT_EMAIL } });
    inbox = await startSmtpInbox();
  });

  afterAll(async () => {
    await inbox.close();
    await t.close();
  });

  async function customer(businessName: string) {
    const user = await createCustomer(t.db, { business: { name: businessName } });
    return { user, cookie: await signIn(t.app, t.db, user.email) };
  }

  /** The header block of a raw message, unfolded, one header per line. */
  const headersOf = (raw: string) => (raw.split(/\r?\n\r?\n/)[0] ?? '').replace(/\r?\n[ \t]+/g, ' ');

  it('delivers the message to SUPPORT_EMAIL with Reply-To the customer and the order context', async () => {
    const { user, cookie } = await customer('Hopper Naturals');
    const order = await storeOrder(t.db, { userId: user.id, notes: 'Fragile' });
    const response = await sendSupportMessage(t.app, cookie, {
      subject: `Order Issue - Order #WO-${1000 + order.id}`,
      priority: 'high',
      message: 'One case arrived damaged, please advise.',
      specificOrderId: order.id,
    });
    expect(response.statusCode, response.body).toBe(201);
    await inbox.deliverOutbox(t.db, t.env);

    const received = inbox.messageTo(SUPPORT_EMAIL, 'One case arrived damaged');
    expect(received?.rcptTo).toEqual([SUPPORT_EMAIL]);
    const headers = headersOf(received?.text ?? '');
    expect(headers).toMatch(new RegExp(`^To: ${SUPPORT_EMAIL}$`, 'm'));
    expect(headers).toMatch(new RegExp(`^Reply-To: ${user.email}$`, 'm'));
    expect(headers).toContain(
      `Subject: ${t.env.STORE_NAME}: Support [HIGH] Order Issue - Order #WO-${1000 + order.id}`,
    );
    expect(received?.text).toContain(`WO-${1000 + order.id}`);
    expect(received?.text).toContain(`${t.env.APP_ORIGIN}/admin?section=support&order=${order.id}`);
  });

  it('sends a business name with line breaks as one subject line: no header is added, no one else receives it', async () => {
    const { user, cookie } = await customer('Mist\r\nBcc: victim@example.com\r\nX-Injected: yes');
    const response = await sendSupportMessage(t.app, cookie, {
      subject: 'other',
      priority: 'low',
      message: 'Just a question about my account.',
    });
    expect(response.statusCode, response.body).toBe(201);
    await inbox.deliverOutbox(t.db, t.env);

    const received = inbox.received.filter((message) => message.text.includes(`Reply-To: ${user.email}`));
    expect(received.map((message) => message.rcptTo)).toEqual([[SUPPORT_EMAIL]]);
    const headers = headersOf(received[0]?.text ?? '');
    expect(headers).not.toMatch(/^Bcc:/im);
    expect(headers).not.toMatch(/^X-Injected:/im);
    expect(headers).toContain('Support [LOW] Other - Mist Bcc: victim@example.com X-Injected: yes');
  });
});
