import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createJobHandlers, createRetryPolicies } from '../jobs/registry';
import { startJobWorker } from '../jobs/worker';
import { enqueueEmail } from '../mail/email.jobs';
import { createTestApp, type TestApp } from '../test/test-app';

const TOKEN = 'metrics-token-for-tests-0001';

/** Issue 18 'An operator's view': GET /metrics in Prometheus's text format (docs/operations.md#metrics). */
describe('metrics', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ env: { METRICS_TOKEN: TOKEN }, metrics: true });
  });
  afterAll(() => t.close());

  const scrape = (authorization?: string) =>
    t.app.inject({ url: '/metrics', headers: authorization ? { authorization } : {} });

  it('needs the token, compared whole', async () => {
    expect((await scrape()).statusCode).toBe(401);
    expect((await scrape(`Bearer ${TOKEN}x`)).statusCode).toBe(401);
    expect((await scrape(`Bearer ${TOKEN.slice(0, -1)}`)).statusCode).toBe(401);
    expect((await scrape(`Bearer ${TOKEN}`)).statusCode).toBe(200);
  });

  it('reports request durations by route pattern, the event loop, the outbox and e-mail outcomes', async () => {
    await t.app.inject({ url: '/api/products' });
    await t.app.inject({ url: '/api/products/999999' });
    await enqueueEmail(t.db, { to: 'a@example.com', subject: 'Hello', text: 'Hello.' });
    await enqueueEmail(
      t.db,
      { to: 'b@example.com', subject: 'Later', text: 'Later.' },
      { runAt: new Date(Date.now() + 3_600_000) },
    );

    // One e-mail job given up on (the mail server refuses, no retry time left).
    const log = { info() {}, warn() {}, error() {} };
    const mailer = { kind: 'smtp' as const, send: () => Promise.reject(new Error('refused')), close() {} };
    const worker = startJobWorker({
      db: t.db,
      handlers: createJobHandlers({ db: t.db, env: t.env, mailer, shopify: null, log }),
      retryPolicies: createRetryPolicies({ EMAIL_RETRY_HOURS: 0, EMAIL_RETRY_MAX_DELAY_MINUTES: 1 }),
      onJobFinished: t.metrics!.jobFinished,
      log,
      autoStart: false,
    });
    await worker.runOnce();
    await worker.stop();

    const response = await scrape(`Bearer ${TOKEN}`);
    expect(response.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = response.body;
    expect(text).toMatch(
      /portal_http_request_duration_seconds_count\{route="\/api\/products",method="GET",status="200"\} 1/,
    );
    // The pattern, never the raw path with its id.
    expect(text).toMatch(/route="\/api\/products\/:id",method="GET",status="404"/);
    expect(text).not.toContain('/api/products/999999');
    expect(text).toMatch(/nodejs_eventloop_lag_seconds \d/);
    expect(text).toMatch(/portal_outbox_pending_jobs\{state="pending"\} 1/);
    expect(text).toMatch(/portal_outbox_oldest_pending_seconds 0/);
    expect(text).toMatch(/portal_jobs_failed\{type="email.send"\} 1/);
    expect(text).toMatch(/portal_emails_total\{outcome="failed"\} 1/);
    expect(text).toMatch(/portal_job_attempts_total\{type="email.send",outcome="failed"\} 1/);
  });
});
