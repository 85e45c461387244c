import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema';
import { startSmtpInbox, type SmtpInbox } from '../../test/smtp-inbox';
import { createTestApp, TEST_ORIGIN, type TestApp } from '../../test/test-app';
import { queueDueReminders } from './reorder-reminder.jobs';
import { companyWithOrders, DAY_MS, daysAfter } from './reorder-reminders-test-support';

/*
 * The reorder reminder through a real SMTP server, sent by the portal's own worker: the RFC 8058 headers
 * arrive as a mail provider reads them, and the provider's one-click POST unsubscribes
 * (docs/reorder-reminders.md#unsubscribe).
 */
describe('reorder reminder through a real SMTP server', () => {
  let t: TestApp;
  let inbox: SmtpInbox;

  beforeAll(async () => {
    t = await createTestApp();
    inbox = await startSmtpInbox();
  });

  afterAll(async () => {
    await inbox.close();
    await t.close();
  });

  it('carries List-Unsubscribe and List-Unsubscribe-Post, and the provider’s POST unsubscribes', async () => {
    const base = new Date(Math.floor(Date.now() / DAY_MS) * DAY_MS);
    const { owner } = await companyWithOrders(t.db, base, [90, 60, 30]);
    expect(await queueDueReminders(t.db, daysAfter(base, 5))).toBe(1);
    await inbox.deliverOutbox(t.db, t.env);

    const message = inbox.messageTo(owner.email, 'Time to reorder?');
    expect(message).toBeDefined();
    // Long headers are folded onto continuation lines; a mail client reads them unfolded.
    const raw = (message?.text ?? '').replace(/\r?\n[ \t]+/g, ' ');
    const header = new RegExp(
      `^List-Unsubscribe: <${TEST_ORIGIN}/api/reorder-reminders/unsubscribe\\?token=([A-Za-z0-9_-]{43})>\\r?$`,
      'm',
    ).exec(raw);
    expect(header, raw.slice(0, 2000)).not.toBeNull();
    expect(raw).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click\r?$/m);
    expect(raw).toContain(`${TEST_ORIGIN}/reorder-link?token=`);
    expect(raw).toContain(`${TEST_ORIGIN}/unsubscribe?token=${header?.[1]}`);

    // What Gmail and others send: a cross-site POST of the form body to the header's address, no cookie.
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/reorder-reminders/unsubscribe?token=${header?.[1]}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(response.statusCode, response.body).toBe(200);
    const [person] = await t.db.select().from(users).where(eq(users.id, owner.id));
    expect(person?.reorderReminderEmails).toBe(false);
  });
});
