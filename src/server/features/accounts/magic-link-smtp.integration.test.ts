import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtpInbox, type SmtpInbox } from '../../test/smtp-inbox';
import { createTestApp, type TestApp } from '../../test/test-app';
import { createUser } from '../../test/factories/users';
import { get, post, sessionCookie } from '../../test/requests';

describe('magic link through a real SMTP server', () => {
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

  it('delivers the sign-in link, and the link signs in', async () => {
    const user = await createUser(t.db);
    expect((await post(t.app, '/api/request-magic-link', { email: user.email })).statusCode).toBe(200);
    await inbox.deliverOutbox(t.db, t.env);

    const message = inbox.messageTo(user.email);
    expect(message).toBeDefined();
    const match = /http:\/\/portal\.test\/auth\/verify\?token=([A-Za-z0-9_-]{43})/.exec(message?.text ?? '');
    expect(match).not.toBeNull();

    const verify = await post(t.app, '/api/auth/verify', { token: match?.[1] });
    expect(verify.statusCode).toBe(200);
    expect((await get(t.app, '/api/user', { cookie: sessionCookie(verify) })).json()).toMatchObject({
      email: user.email,
    });
  });
});
