import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DELIVERY_PROBLEM_NOT_FOUND,
  deliveryProblemsResponseSchema,
  SEND_AGAIN_MESSAGE,
} from '../../../shared/schemas/admin-delivery';
import { jobToQueue } from '../../jobs/job-definition';
import { enqueueJob } from '../../jobs/queue';
import { createJobHandlers, createRetryPolicies } from '../../jobs/registry';
import { startJobWorker } from '../../jobs/worker';
import { enqueueEmail, SEND_EMAIL_JOB } from '../../mail/email.jobs';
import { sqlRows } from '../../test/sql-rows';
import { createTestApp, type TestApp } from '../../test/test-app';
import { approvalLinkJob, signInLinkJob } from '../accounts';
import { send } from '../admin-users/admin-test-support';
import { createUser } from '../../test/factories/users';
import { signIn, signInAdmin } from '../../test/factories/sign-in';
import { auditRowsOf } from '../../test/factories/audit';

/** Issue 18: e-mail is never given up silently (docs/admin.md#delivery-problems). */
describe('admin delivery problems', () => {
  let t: TestApp;
  let admin: string;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await signInAdmin(t.app);
  });
  afterAll(() => t.close());

  /** Runs the due jobs once with a mail server that refuses everything and no time left to retry. */
  async function failEverythingDue() {
    const log = { info() {}, warn() {}, error() {} };
    const mailer = {
      kind: 'smtp' as const,
      send: () => Promise.reject(new Error('connect ECONNREFUSED 127.0.0.1:25')),
      close() {},
    };
    const worker = startJobWorker({
      db: t.db,
      handlers: createJobHandlers({ db: t.db, env: t.env, mailer, shopify: null, log }),
      retryPolicies: createRetryPolicies({ EMAIL_RETRY_HOURS: 0, EMAIL_RETRY_MAX_DELAY_MINUTES: 1 }),
      log,
      autoStart: false,
    });
    await worker.runOnce();
    await worker.stop();
  }

  const list = async (cookie = admin) => {
    const response = await send(t.app, 'GET', '/api/admin/delivery-problems', cookie);
    expect(response.statusCode).toBe(200);
    return deliveryProblemsResponseSchema.parse(response.json());
  };

  it('lists e-mails given up on with kind, recipient, subject and last error; Send again queues them afresh', async () => {
    const customer = await createUser(t.db);
    const mailId = await enqueueEmail(t.db, {
      to: 'shop@example.com',
      subject: 'Order received',
      text: 'Thanks.',
    });
    const approvalId = await enqueueJob(t.db, jobToQueue(approvalLinkJob, { userId: customer.id }));
    await failEverythingDue();

    const { problems, total } = await list();
    expect(total).toBeGreaterThanOrEqual(2);
    expect(problems.find((problem) => problem.id === mailId)).toMatchObject({
      kind: 'E-mail',
      subject: 'Order received',
      recipient: 'shop@example.com',
      unreadable: false,
      lastError: 'Error: connect ECONNREFUSED 127.0.0.1:25',
      attempts: 1,
    });
    expect(problems.find((problem) => problem.id === approvalId)).toMatchObject({
      kind: 'Approval e-mail',
      subject: null,
      recipient: customer.email,
      unreadable: false,
    });

    const again = await send(t.app, 'POST', `/api/admin/delivery-problems/${mailId}/send-again`, admin);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ message: SEND_AGAIN_MESSAGE });
    const [row] = await sqlRows<{ state: string; attempts: number }>(
      t.db,
      sql`select state, attempts from jobs where id = ${mailId}`,
    );
    expect(row).toEqual({ state: 'pending', attempts: 0 });
    expect((await list()).problems.map((problem) => problem.id)).not.toContain(mailId);
    expect(
      (await auditRowsOf(t.db, { entityType: 'job', entityId: mailId! })).map((entry) => entry.action),
    ).toEqual(['email.send-again']);

    // Twice, or a job that is not a failed e-mail: 404, nothing changes.
    const twice = await send(t.app, 'POST', `/api/admin/delivery-problems/${mailId}/send-again`, admin);
    expect(twice.statusCode).toBe(404);
    expect(twice.json()).toMatchObject({ message: DELIVERY_PROBLEM_NOT_FOUND });
  });

  it('reads each job with its own schema and label, and lists one whose payload no longer parses as unreadable', async () => {
    const customer = await createUser(t.db);
    const linkId = await enqueueJob(t.db, jobToQueue(signInLinkJob, { email: customer.email }));
    // Rows as an older release (or a hand edit) might have left them: queued without their schema's check.
    const badApprovalId = await enqueueJob(t.db, {
      type: approvalLinkJob.type,
      payload: { userId: 'seven' },
    });
    const badMailId = await enqueueJob(t.db, {
      type: SEND_EMAIL_JOB,
      payload: { to: 42, subject: ['Order received'] },
    });
    await failEverythingDue();

    const { problems } = await list();
    expect(problems.find((problem) => problem.id === linkId)).toMatchObject({
      kind: 'Sign-in link',
      subject: null,
      recipient: customer.email,
      unreadable: false,
    });
    for (const [id, kind] of [
      [badApprovalId, 'Approval e-mail'],
      [badMailId, 'E-mail'],
    ] as const) {
      const problem = problems.find((listed) => listed.id === id);
      expect(problem).toMatchObject({ kind, subject: null, recipient: null, unreadable: true });
      // The worker refused the same payload for good: its error says why.
      expect(problem?.lastError).toMatch(/invalid|expected/i);
    }
  });

  it('is for administrators only', async () => {
    const customer = await createUser(t.db);
    const cookie = await signIn(t.app, t.db, customer.email);
    expect((await send(t.app, 'GET', '/api/admin/delivery-problems', cookie)).statusCode).toBe(403);
    expect((await send(t.app, 'GET', '/api/admin/delivery-problems', undefined)).statusCode).toBe(401);
    expect((await send(t.app, 'POST', '/api/admin/delivery-problems/1/send-again', cookie)).statusCode).toBe(
      403,
    );
  });
});
