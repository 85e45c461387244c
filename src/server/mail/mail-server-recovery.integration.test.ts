import { sql } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../db/client';
import { jobs } from '../db/schema';
import { createJobHandlers, createRetryPolicies } from '../jobs/registry';
import { startJobWorker, type JobLogger, type JobWorker } from '../jobs/worker';
import { sqlRows } from '../test/sql-rows';
import { findFreePort } from '../test/portal-process';
import { testEnv } from '../test/test-app';
import { createTestDatabase } from '../test/test-database';
import { enqueueEmail } from './email.jobs';
import { createMailer, type Mailer } from './mailer';

const silentLog: JobLogger = { info() {}, warn() {}, error() {} };

/** The address this mail server refuses for good (550), while it takes every other. */
const UNKNOWN_MAILBOX = 'nobody@example.com';

/** A real SMTP server on 127.0.0.1:`port` that keeps what it receives and refuses UNKNOWN_MAILBOX. */
async function startSmtpServer(port: number) {
  const received: string[] = [];
  const server = new SMTPServer({
    authOptional: true,
    // A pooled client keeps its connection open; close it at once instead of waiting up to 30 s.
    closeTimeout: 100,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onRcptTo(address, _session, callback) {
      if (address.address === UNKNOWN_MAILBOX) {
        callback(Object.assign(new Error('Mailbox unavailable'), { responseCode: 550 }));
        return;
      }
      callback();
    },
    onData(stream, session, callback) {
      stream.on('data', () => {});
      stream.on('end', () => {
        received.push(...session.envelope.rcptTo.map((recipient) => recipient.address));
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  return { received, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

interface JobRow {
  id: number;
  to: string;
  state: string;
  attempts: number;
  waits_seconds: number;
  last_error: string | null;
}

describe('e-mail catch-up when the mail server is back (docs/operations.md#e-mail-delivery)', () => {
  let handle: DatabaseHandle;
  let port: number;
  let mailer: Mailer;
  let worker: JobWorker;
  const servers: { close(): Promise<void> }[] = [];
  const env = testEnv();

  const jobRows = () =>
    sqlRows<JobRow>(
      handle.db,
      sql`select id::int as id, payload ->> 'to' as "to", state, attempts, last_error,
                 extract(epoch from run_at - now())::int as waits_seconds
            from jobs order by id`,
    );
  const queue = (to: string) => enqueueEmail(handle.db, { to, subject: `For ${to}`, text: 'Hello.' });
  /** An e-mail another instance found the server unreachable for, waiting ten minutes for its retry. */
  const leftWaitingByAnotherInstance = async (to: string) => {
    const id = await queue(to);
    await handle.db.execute(
      sql`update jobs set attempts = 5, run_at = now() + interval '10 minutes',
                 last_error = 'MailServerUnreachableError: connect ECONNREFUSED 127.0.0.1:25'
           where id = ${id}`,
    );
    return id;
  };
  const startServer = async () => {
    const server = await startSmtpServer(port);
    servers.push(server);
    return server;
  };
  const stopServers = () => Promise.all(servers.splice(0).map((server) => server.close()));

  beforeAll(async () => {
    handle = await createTestDatabase();
    port = await findFreePort();
  });

  afterEach(async () => {
    await worker.stop();
    mailer.close();
    await stopServers();
    await handle.db.delete(jobs);
  });

  afterAll(async () => {
    await handle.close();
  });

  /** The portal's own wiring: every job it runs, and the default e-mail retry policy (15 min at most). */
  function startWorker() {
    mailer = createMailer({ SMTP_URL: `smtp://127.0.0.1:${port}`, MAIL_FROM: env.MAIL_FROM });
    worker = startJobWorker({
      db: handle.db,
      handlers: createJobHandlers({ db: handle.db, env, mailer, shopify: null, log: silentLog }),
      retryPolicies: createRetryPolicies(env),
      log: silentLog,
      autoStart: false,
      random: () => 0.5,
    });
  }

  it('sends every e-mail that waited on the mail server right after the first one it takes again', async () => {
    startWorker();
    // Every e-mail here has been failing for a while (its 12th attempt comes), so each failure makes it wait
    // minutes for its next try.
    const asIfFailingForAWhile = () =>
      handle.db.execute(sql`update jobs set attempts = 11 where state = 'pending' and attempts = 0`);
    // While the server is up, one e-mail is refused for good (550): its retry is its own matter.
    await startServer();
    await queue(UNKNOWN_MAILBOX);
    await asIfFailingForAWhile();
    expect(await worker.runOnce()).toBe(1);

    // The server goes away: e-mails keep coming and fail.
    await stopServers();
    const waiting = ['a@example.com', 'b@example.com', 'c@example.com', 'd@example.com', 'e@example.com'];
    for (const to of waiting) await queue(to);
    await asIfFailingForAWhile();
    expect(await worker.runOnce()).toBe(waiting.length);
    const failed = await jobRows();
    for (const row of failed.filter((job) => job.to !== UNKNOWN_MAILBOX)) {
      expect(row).toMatchObject({ state: 'pending', attempts: 12 });
      expect(row.waits_seconds).toBeGreaterThan(60);
      expect(row.last_error).toMatch(/^MailServerUnreachableError: .*ECONNREFUSED/);
    }

    // Back on the same port. The next e-mail goes through, and with it every one that waited on the server:
    // all in the same worker round, none waiting for its own retry time.
    const server = await startServer();
    await queue('new-order@example.com');
    expect(await worker.runOnce()).toBe(1 + waiting.length);
    expect(server.received.sort()).toEqual(['new-order@example.com', ...waiting].sort());
    const after = await jobRows();
    expect(after.filter((job) => job.to !== UNKNOWN_MAILBOX).map((job) => job.state)).toEqual(
      Array<string>(1 + waiting.length).fill('done'),
    );
    // The e-mail the server refused for good keeps its own retry time.
    const refused = after.find((job) => job.to === UNKNOWN_MAILBOX);
    expect(refused).toMatchObject({ state: 'pending', attempts: 12 });
    expect(refused?.waits_seconds).toBeGreaterThan(60);
    expect(refused?.last_error).toMatch(/550/);
    expect(refused?.last_error).not.toMatch(/^MailServerUnreachableError/);

    // Caught up once: the server's later sends do not do it again (an e-mail another instance left waiting
    // keeps its time).
    const other = await leftWaitingByAnotherInstance('other-instance@example.com');
    await queue('later@example.com');
    expect(await worker.runOnce()).toBe(1);
    expect((await jobRows()).find((job) => job.id === other)?.waits_seconds).toBeGreaterThan(60);
  });

  it('does not catch up in a process that never found the server unreachable', async () => {
    startWorker();
    const server = await startServer();
    const other = await leftWaitingByAnotherInstance('other-instance@example.com');
    await queue('fresh@example.com');
    expect(await worker.runOnce()).toBe(1);
    expect(server.received).toEqual(['fresh@example.com']);
    const waitingRow = (await jobRows()).find((job) => job.id === other);
    expect(waitingRow).toMatchObject({ state: 'pending', attempts: 5 });
    expect(waitingRow?.waits_seconds).toBeGreaterThan(60);
  });
});
