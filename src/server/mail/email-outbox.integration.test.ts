import { sql } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../db/client';
import { jobs } from '../db/schema';
import { enqueueJob } from '../jobs/queue';
import { startJobWorker, type JobLogger } from '../jobs/worker';
import { sqlRows } from '../test/sql-rows';
import { createTestDatabase } from '../test/test-database';
import { createMailer, InvalidMailMessageError, type Mailer } from './mailer';
import { handlerTable } from '../jobs/job-definition';
import { emailJobs, enqueueEmail, SEND_EMAIL_JOB } from './email.jobs';
import { findFreePort } from '../test/portal-process';

interface Received {
  rcptTo: string[];
  raw: string;
}

const silentLog: JobLogger = { info() {}, warn() {}, error() {} };

/** A real SMTP server on 127.0.0.1; `reject` makes it answer 421 to the message data. */
async function startSmtpServer(port: number) {
  const received: Received[] = [];
  const state = { reject: false };
  const server = new SMTPServer({
    authOptional: true,
    // A pooled client keeps its connection open; close it at once instead of waiting up to 30 s.
    closeTimeout: 100,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        if (state.reject) {
          const error = Object.assign(new Error('Service not available, try again later'), {
            responseCode: 421,
          });
          callback(error);
          return;
        }
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
  return {
    received,
    state,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

function header(raw: string, name: string): string | undefined {
  const headers = raw.split(/\r?\n\r?\n/)[0] ?? '';
  const line = headers
    .split(/\r?\n/)
    .find((candidate) => candidate.toLowerCase().startsWith(`${name.toLowerCase()}:`));
  return line?.slice(name.length + 1).trim();
}

describe('e-mail outbox over a real SMTP server', () => {
  let handle: DatabaseHandle;
  let port: number;
  let mailer: Mailer;
  let clock: Date;
  const servers: { close(): Promise<void> }[] = [];

  const worker = () =>
    startJobWorker({
      db: handle.db,
      handlers: handlerTable(emailJobs(mailer)),
      log: silentLog,
      autoStart: false,
      now: () => clock,
      random: () => 0.5,
    });

  const jobRows = () =>
    sqlRows<{
      id: number;
      state: string;
      attempts: number;
      run_at: string | Date;
      last_error: string | null;
    }>(handle.db, sql`select id, state, attempts, run_at, last_error from jobs order by id`);

  beforeAll(async () => {
    handle = await createTestDatabase();
    port = await findFreePort();
    mailer = createMailer({ SMTP_URL: `smtp://127.0.0.1:${port}`, MAIL_FROM: 'Dew Mist <shop@example.com>' });
  });

  afterEach(async () => {
    await Promise.all(servers.splice(0).map((server) => server.close()));
    await handle.db.delete(jobs);
  });

  afterAll(async () => {
    mailer.close();
    await handle.close();
  });

  it('delivers an e-mail enqueued in a committed transaction with the right To, Subject and Reply-To', async () => {
    const smtp = await startSmtpServer(port);
    servers.push(smtp);
    await handle.db.transaction(async (tx) => {
      await enqueueEmail(tx, {
        to: 'buyer@example.com',
        subject: 'Your order was received',
        text: 'Thank you for your order.',
        replyTo: 'support@example.com',
      });
    });

    clock = new Date(Date.now() + 1_000);
    expect(await worker().runOnce()).toBe(1);

    expect(smtp.received).toHaveLength(1);
    const [message] = smtp.received;
    expect(message?.rcptTo).toEqual(['buyer@example.com']);
    expect(header(message?.raw ?? '', 'To')).toBe('buyer@example.com');
    expect(header(message?.raw ?? '', 'Subject')).toBe('Your order was received');
    expect(header(message?.raw ?? '', 'Reply-To')).toBe('support@example.com');
    expect(header(message?.raw ?? '', 'From')).toBe('Dew Mist <shop@example.com>');
    const [job] = await jobRows();
    expect(job?.state).toBe('done');
    expect(job?.attempts).toBe(1);
    // Named by its job: a copy sent again after a crash carries the same Message-ID.
    expect(header(message?.raw ?? '', 'Message-ID')).toBe(`<job-${job?.id}@example.com>`);
  });

  it('retries later when the mail server is down, then delivers exactly once when it is back', async () => {
    clock = new Date('2030-01-01T10:00:00Z');
    await enqueueEmail(
      handle.db,
      { to: 'buyer@example.com', subject: 'Approved', text: 'Welcome.' },
      { runAt: clock },
    );

    // Nothing listens on the port: the attempt fails, nothing escapes, the job waits for its retry.
    expect(await worker().runOnce()).toBe(1);
    let [job] = await jobRows();
    expect(job?.state).toBe('pending');
    expect(job?.attempts).toBe(1);
    expect(new Date(job?.run_at ?? 0).getTime()).toBeGreaterThan(clock.getTime());
    expect(job?.last_error).toMatch(/ECONNREFUSED|connect/i);

    // Not due yet: a second run does nothing even though the server is now up.
    const smtp = await startSmtpServer(port);
    servers.push(smtp);
    expect(await worker().runOnce()).toBe(0);
    expect(smtp.received).toHaveLength(0);

    clock = new Date(clock.getTime() + 11 * 60_000);
    expect(await worker().runOnce()).toBe(1);
    expect(await worker().runOnce()).toBe(0);
    expect(smtp.received).toHaveLength(1);
    [job] = await jobRows();
    expect(job?.state).toBe('done');
    expect(job?.attempts).toBe(2);
  });

  it('retries when the server answers 421 to the message, without delivering twice', async () => {
    clock = new Date('2030-01-01T10:00:00Z');
    const smtp = await startSmtpServer(port);
    servers.push(smtp);
    smtp.state.reject = true;
    await enqueueEmail(
      handle.db,
      { to: 'buyer@example.com', subject: 'Shipped', text: 'On its way.' },
      { runAt: clock },
    );

    expect(await worker().runOnce()).toBe(1);
    let [job] = await jobRows();
    expect(job?.state).toBe('pending');
    expect(job?.attempts).toBe(1);
    expect(job?.last_error).toMatch(/421/);
    expect(smtp.received).toHaveLength(0);

    smtp.state.reject = false;
    await handle.db.execute(
      sql`update jobs set run_at = ${clock.toISOString()}::timestamptz - interval '1 second'`,
    );
    expect(await worker().runOnce()).toBe(1);
    expect(smtp.received).toHaveLength(1);
    [job] = await jobRows();
    expect(job?.state).toBe('done');
  });

  it('leaves no job when the transaction that enqueued the e-mail rolls back', async () => {
    await expect(
      handle.db.transaction(async (tx) => {
        await enqueueEmail(tx, { to: 'buyer@example.com', subject: 'Never sent', text: 'x' });
        throw new Error('the order could not be saved');
      }),
    ).rejects.toThrow('the order could not be saved');
    expect(await jobRows()).toEqual([]);
  });

  it('keeps one job when the same dedupeKey is enqueued twice', async () => {
    const first = await enqueueEmail(
      handle.db,
      { to: 'buyer@example.com', subject: 'Order 42 submitted', text: 'x' },
      { dedupeKey: 'order-submitted:42' },
    );
    const second = await handle.db.transaction((tx) =>
      enqueueEmail(
        tx,
        { to: 'buyer@example.com', subject: 'Order 42 submitted', text: 'x' },
        { dedupeKey: 'order-submitted:42' },
      ),
    );
    expect(first).toEqual(expect.any(Number));
    expect(second).toBeNull();
    expect(await jobRows()).toHaveLength(1);
  });

  it('rejects CR/LF in the subject before anything is queued or sent', async () => {
    await expect(
      enqueueEmail(handle.db, {
        to: 'buyer@example.com',
        subject: 'Hi\r\nBcc: victim@example.com',
        text: 'x',
      }),
    ).rejects.toBeInstanceOf(InvalidMailMessageError);
    expect(await jobRows()).toEqual([]);
    await expect(
      mailer.send({ to: 'buyer@example.com', subject: 'Hi\nBcc: victim@example.com', text: 'x' }),
    ).rejects.toBeInstanceOf(InvalidMailMessageError);
  });

  it('fails an e-mail job with an invalid stored payload for good instead of retrying it', async () => {
    await enqueueJob(handle.db, { type: SEND_EMAIL_JOB, payload: { to: 'x', subject: 'a\r\nb', text: 'x' } });
    clock = new Date(Date.now() + 1_000);
    expect(await worker().runOnce()).toBe(1);
    const [job] = await jobRows();
    expect(job?.state).toBe('failed');
    expect(job?.last_error).toMatch(/line breaks/);
  });

  it('retries a job of an unknown type with a clear error', async () => {
    await enqueueJob(handle.db, { type: 'no.such.job', payload: {} });
    clock = new Date(Date.now() + 1_000);
    expect(await worker().runOnce()).toBe(1);
    const [job] = await jobRows();
    expect(job?.state).toBe('pending');
    expect(job?.last_error).toContain('No handler for job type "no.such.job"');
  });
});
