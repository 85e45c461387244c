import { Writable } from 'node:stream';
import pino from 'pino';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../db/client';
import { handlerTable } from '../jobs/job-definition';
import { startJobWorker } from '../jobs/worker';
import { findFreePort } from '../test/portal-process';
import { createTestDatabase } from '../test/test-database';
import { emailJobs, enqueueEmail } from './email.jobs';
import { watchMailer } from './mail-outage';
import { createMailer } from './mailer';

const EMAILS = 30;
const ROUNDS = 5;

/** A real SMTP server that refuses every connection (421 at the greeting) while `refusing` is set. */
async function startRefusingSmtpServer(port: number) {
  const state = { refusing: true, received: 0 };
  const server = new SMTPServer({
    authOptional: true,
    closeTimeout: 100,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onConnect(_session, callback) {
      if (!state.refusing) return callback();
      callback(Object.assign(new Error('Service not available, try again later'), { responseCode: 421 }));
    },
    onData(stream, _session, callback) {
      stream.resume();
      stream.on('end', () => {
        state.received += 1;
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', () => resolve()));
  return { state, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

/**
 * Issue 29 §14 (docs/operations.md#logs-during-an-outage): a mail server that refuses every e-mail for a while
 * is logged as an outage (one warning at its start, one line when sends succeed again), not a warning for every
 * failed attempt of every e-mail; a rejected e-mail of its own is still logged with its job.
 */
describe('a mail server outage in the log', () => {
  let handle: DatabaseHandle;
  let port: number;
  let smtp: Awaited<ReturnType<typeof startRefusingSmtpServer>>;
  const lines: Array<Record<string, unknown>> = [];
  const log = pino(
    { level: 'info' },
    new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(JSON.parse(chunk.toString()) as Record<string, unknown>);
        done();
      },
    }),
  );

  beforeAll(async () => {
    handle = await createTestDatabase();
    port = await findFreePort();
    smtp = await startRefusingSmtpServer(port);
  });

  afterAll(async () => {
    await smtp?.close();
    await handle?.close();
  });

  it(`writes a bounded number of warnings for ${EMAILS} e-mails failing ${ROUNDS} times each, then one line when they go out`, async () => {
    const mailer = watchMailer(
      createMailer({ SMTP_URL: `smtp://127.0.0.1:${port}`, MAIL_FROM: 'Shop <shop@example.com>' }),
      log,
    );
    let clock = new Date();
    const worker = startJobWorker({
      db: handle.db,
      handlers: handlerTable(emailJobs(mailer)),
      log,
      autoStart: false,
      now: () => clock,
      random: () => 0.5,
    });
    for (let i = 0; i < EMAILS; i += 1) {
      await enqueueEmail(handle.db, {
        to: `buyer${i}@example.com`,
        subject: `Order ${i}`,
        text: 'Thank you.',
      });
    }
    clock = new Date(Date.now() + 1_000);
    try {
      for (let round = 0; round < ROUNDS; round += 1) {
        expect(await worker.runOnce()).toBe(EMAILS);
        // Past the longest wait between attempts: every e-mail is due again.
        clock = new Date(clock.getTime() + 11 * 60_000);
      }
      expect(smtp.state.received).toBe(0);
      const warnings = lines.filter((line) => Number(line.level) >= 40);
      expect(warnings.map((line) => line.msg)).toEqual([
        'mail server failing: e-mails wait in the outbox and are retried',
      ]);

      smtp.state.refusing = false;
      expect(await worker.runOnce()).toBe(EMAILS);
      expect(smtp.state.received).toBe(EMAILS);
      expect(lines.filter((line) => line.msg === 'mail server accepting e-mails again')).toEqual([
        expect.objectContaining({ level: 30, failures: EMAILS * ROUNDS }),
      ]);
      expect(lines.filter((line) => Number(line.level) >= 40)).toHaveLength(1);
    } finally {
      await worker.stop();
      mailer.close();
    }
  }, 60_000);
});
