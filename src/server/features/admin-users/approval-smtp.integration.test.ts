import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema';
import { startSmtpInbox, type SmtpInbox } from '../../test/smtp-inbox';
import { createTestApp, type TestApp } from '../../test/test-app';
import { send } from './admin-test-support';
import { get, post, sessionCookie } from '../../test/requests';
import { uniqueEmail, registrationRequest } from '../../test/factories/users';
import { signInAdmin } from '../../test/factories/sign-in';

/** Issue 6 'Tests': approval and rejection e-mails arrive at a real SMTP server, and the link signs in. */
describe('approval and rejection e-mails through a real SMTP server', () => {
  let t: TestApp;
  let inbox: SmtpInbox;
  let cookie: string;

  beforeAll(async () => {
    t = await createTestApp();
    cookie = await signInAdmin(t.app);
    inbox = await startSmtpInbox();
  });

  afterAll(async () => {
    await inbox.close();
    await t.close();
  });

  const deliverOutbox = () => inbox.deliverOutbox(t.db, t.env);

  /** A registration through the real form endpoint; the pending user's id. */
  async function register(email: string) {
    const response = await post(t.app, '/api/register', registrationRequest(email));
    expect(response.statusCode).toBe(200);
    const [user] = await t.db.select().from(users).where(eq(users.email, email));
    return user!.id;
  }

  const messageTo = (address: string, subject: string) => inbox.messageTo(address, subject)?.text;

  it('delivers the approval with a sign-in link that signs the customer in', async () => {
    const email = uniqueEmail('smtp-approved');
    const id = await register(email);
    const decision = await send(t.app, 'POST', `/api/admin/users/${id}/approve`, cookie, {
      decision: 'approved',
    });
    expect(decision.json()).toEqual({ message: 'User approved successfully' });
    await deliverOutbox();

    const body = messageTo(email, 'Your wholesale account is approved');
    expect(body).toBeDefined();
    // The sign-in page, for when the link has expired.
    expect(body).toMatch(/http:\/\/portal\.test\/auth(?![\w/?])/);
    const match = /http:\/\/portal\.test\/auth\/verify\?token=([A-Za-z0-9_-]{43})/.exec(body ?? '');
    expect(match).not.toBeNull();

    const verify = await post(t.app, '/api/auth/verify', { token: match?.[1] });
    expect(verify.statusCode).toBe(200);
    expect((await get(t.app, '/api/user', { cookie: sessionCookie(verify) })).json()).toMatchObject({
      email,
    });
  });

  it('delivers the rejection notice, which carries no sign-in link', async () => {
    const email = uniqueEmail('smtp-rejected');
    const id = await register(email);
    const decision = await send(t.app, 'POST', `/api/admin/users/${id}/approve`, cookie, {
      decision: 'rejected',
    });
    expect(decision.json()).toEqual({ message: 'User rejected' });
    await deliverOutbox();

    const body = messageTo(email, 'Your wholesale account application');
    expect(body).toBeDefined();
    expect(body).toContain('unable to approve it at this time');
    expect(body).not.toContain('/auth/verify');
  });
});
