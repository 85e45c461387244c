import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startJobWorker } from '../../jobs/worker';
import { createMailer } from '../../mail/mailer';
import { createSendEmailHandler, SEND_EMAIL_JOB } from '../../mail/send-email-job';
import { findFreePort } from '../../test/portal-process';
import { createTestApp, type TestApp } from '../../test/test-app';
import { createUser, get, post, sessionCookie } from './accounts-test-support';

describe('magic link through a real SMTP server', () => {
  let t: TestApp;
  let server: SMTPServer;
  let port: number;
  const received: { rcptTo: string[]; raw: string }[] = [];

  beforeAll(async () => {
    t = await createTestApp();
    port = await findFreePort();
    server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          received.push({
            rcptTo: session.envelope.rcptTo.map((recipient) => recipient.address),
            raw: Buffer.concat(chunks).toString('utf8'),
          });
          callback();
        });
      },
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => resolve());
    });
  });

  afterAll(async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await t.close();
  });

  it('delivers the sign-in link, and the link signs in', async () => {
    const user = await createUser(t.db);
    expect((await post(t.app, '/api/request-magic-link', { email: user.email })).statusCode).toBe(200);

    const mailer = createMailer({ SMTP_URL: `smtp://127.0.0.1:${port}`, MAIL_FROM: t.env.MAIL_FROM });
    const worker = startJobWorker({
      db: t.db,
      handlers: { [SEND_EMAIL_JOB]: createSendEmailHandler(mailer) },
      log: { info() {}, warn() {}, error() {} },
      autoStart: false,
    });
    try {
      await worker.runOnce();
    } finally {
      await worker.stop();
      mailer.close();
    }

    const message = received.find((candidate) => candidate.rcptTo.includes(user.email));
    expect(message).toBeDefined();
    // Undo quoted-printable soft line breaks and '=3D' before looking for the link.
    const body = (message?.raw ?? '').replace(/=\r?\n/g, '').replaceAll('=3D', '=');
    const match = /http:\/\/portal\.test\/auth\/verify\?token=([A-Za-z0-9_-]{43})/.exec(body);
    expect(match).not.toBeNull();

    const verify = await post(t.app, '/api/auth/verify', { token: match?.[1] });
    expect(verify.statusCode).toBe(200);
    expect((await get(t.app, '/api/user', { cookie: sessionCookie(verify) })).json()).toMatchObject({
      email: user.email,
    });
  });
});
