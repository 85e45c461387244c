import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { findFreePort } from '../../scripts/free-port';
import { readDatabase, reportFigures, tallyRun } from './support/checks';
import { Cleanup } from './support/cleanup';
import { MailSink } from './support/mail-sink';
import { Portal } from './support/portal';
import {
  confirmationSubject,
  createCustomers,
  planOrders,
  signInAdmin,
  signInAll,
  submitUntilAcknowledged,
} from './support/shop';
import { seconds, sleep, waitFor } from './support/wait';

/**
 * Issue 18, fault 3 (docs/operations.md#faults-we-test): the mail server stops for 25 s while orders come
 * in, then starts again on the same port. Orders are unaffected, the outbox retries with the default backoff,
 * every confirmation ends up delivered, and nothing is listed under Delivery problems. Issue 29 §15: the
 * first e-mail the server takes again makes every e-mail waiting on it due at once (one catch-up), so they
 * go out in one pass instead of each at its own retry time.
 */

const CUSTOMERS = 4;
const OUTAGE_MS = 25_000;
/** Each customer orders this often while the mail server is away (10 orders each, within 30 a minute). */
const ORDER_EVERY_MS = 2_500;
const SMTP_POOL_SIZE = 4;
const DELIVERY_TIMEOUT_MS = 45_000;
const CATCH_UP_LINE = 'mail server reachable again; e-mails waiting on it are due now';

const cleanup = new Cleanup();
afterAll(() => cleanup.run());

describe('fault 3: the mail server stops while orders come in', () => {
  it('delivers every confirmation once it is back, and lists none as failed', async () => {
    const dataDir = cleanup.tempDir('portal-faults-smtp-');
    const target = { kind: 'pglite' as const, dataDir: path.join(dataDir, 'pglite') };
    const sink = new MailSink(await findFreePort());
    await sink.start();
    cleanup.add(() => sink.stop());
    const emails = Array.from(
      { length: CUSTOMERS },
      (_, index) => `smtp-outage-${index + 1}@faults.example.com`,
    );
    await createCustomers(target, emails);
    const portal = await Portal.start({
      port: await findFreePort(),
      database: { DATA_DIR: dataDir },
      env: {
        SMTP_URL: sink.url,
        SMTP_POOL_SIZE: String(SMTP_POOL_SIZE),
      },
    });
    cleanup.add(() => portal.running && portal.kill9());
    const customers = await signInAll(portal, sink, emails);
    const admin = await signInAdmin(portal);

    // The mail server goes away; each customer keeps ordering for the outage's length.
    await sink.stop();
    const receivedBefore = sink.messages.length;
    const stoppedAt = Date.now();
    const rounds = Math.floor(OUTAGE_MS / ORDER_EVERY_MS);
    const orders = planOrders(customers, rounds, 'smtp');
    await Promise.all(
      customers.map(async (customer) => {
        for (const [round, order] of orders.filter((order) => order.customer === customer).entries()) {
          await sleep(Math.max(0, stoppedAt + round * ORDER_EVERY_MS - Date.now()));
          await submitUntilAcknowledged(portal, order, Date.now() + 20_000);
        }
      }),
    );
    expect(
      orders
        .filter((order) => order.state !== 'acknowledged')
        .map((order) => `${order.key}: ${order.refusal}`),
      'orders refused while the mail server was away',
    ).toEqual([]);
    await sleep(Math.max(0, stoppedAt + OUTAGE_MS - Date.now()));
    const waiting = await portal.outbox();
    expect(waiting.pending, 'e-mails waiting in the outbox during the outage').toBeGreaterThan(0);
    // The outage is logged as one (docs/operations.md#logs-during-an-outage): a warning when it starts and
    // one a minute while it lasts, never one per failed attempt.
    const warningsDuringOutage = portal.logLines().filter((line) => Number(line.level) >= 40);
    const [first, ...summaries] = warningsDuringOutage.map((line) => String(line.msg));
    expect(first, 'the first warning of the outage').toBe(
      'mail server failing: e-mails wait in the outbox and are retried',
    );
    for (const summary of summaries) {
      expect(summary).toMatch(/^mail server still failing: \d+ sends failed in the last minute$/);
    }
    expect(warningsDuringOutage.length).toBeLessThanOrEqual(1 + Math.ceil((Date.now() - stoppedAt) / 60_000));

    // Back on the same port: the first e-mail it takes makes the others due, and the outbox delivers them.
    const linesBeforeBack = portal.logLines().length;
    await sink.start();
    const backAt = Date.now();
    const outageMs = backAt - stoppedAt;
    const undelivered = () =>
      orders.filter(
        (order) => sink.to(order.customer.email, confirmationSubject(order.orderName!)).length === 0,
      );
    let outbox = { pending: -1, running: -1, failed: -1 };
    await waitFor(
      'every confirmation to arrive after the mail server came back',
      async () => {
        outbox = await portal.outbox();
        return outbox.pending === 0 && outbox.running === 0 && undelivered().length === 0;
      },
      {
        timeoutMs: DELIVERY_TIMEOUT_MS,
        intervalMs: 250,
        describe: () =>
          `${outbox.pending} pending, ${outbox.running} running, ${outbox.failed} failed; ${undelivered().length} ` +
          `confirmations missing`,
      },
    );
    const deliveredMs = Date.now() - backAt;

    // One catch-up made the e-mails that waited on the server due at once, and they went out in that one pass:
    // after it, no more failed attempts than the sends already under way when the server came back.
    const linesSinceBack = portal.logLines().slice(linesBeforeBack);
    const catchUps = linesSinceBack.filter((line) => line.msg === CATCH_UP_LINE);
    expect(catchUps.length, 'catch-ups after the mail server came back').toBeGreaterThan(0);
    const madeDue = Number(catchUps[0]?.due);
    expect(madeDue, 'e-mails made due by the first catch-up').toBeGreaterThan(0);
    // After it the outage is over: no send fails for the server's sake again (a new outage would log
    // 'mail server failing' again; the failed attempts themselves are counted in the outage lines below).
    const firstCatchUp = linesSinceBack.indexOf(catchUps[0]!);
    const outagesAfterCatchUp = linesSinceBack
      .slice(firstCatchUp)
      .filter((line) => String(line.msg).startsWith('mail server failing')).length;
    expect(outagesAfterCatchUp, 'mail outages logged after the catch-up').toBe(0);

    const problems = await portal.request('GET', '/api/admin/delivery-problems', { cookie: admin });
    expect(problems.status).toBe(200);
    expect(problems.body, 'Delivery problems in admin').toMatchObject({ total: 0, problems: [] });
    expect(outbox.failed, 'jobs given up on (metrics)').toBe(0);

    const ended = portal.logLines().filter((line) => line.msg === 'mail server accepting e-mails again');
    expect(ended, 'one line when the mail server accepts again').toHaveLength(1);
    const attemptsDuringOutage = Number(ended[0]?.failures);
    expect(attemptsDuringOutage, 'failed sends counted in the outage').toBeGreaterThan(0);
    expect(portal.logLines().filter((line) => line.msg === 'job failed; will retry')).toEqual([]);

    expect(await portal.stop(), 'the portal stops cleanly on SIGTERM').toBe(0);
    const tally = tallyRun(orders, await readDatabase(target), sink);
    reportFigures('Fault 3: mail server stopped while orders come in (PGlite)', {
      'mail server away': `${seconds(outageMs)} s`,
      'orders acknowledged while it was away': `${tally.acknowledged} of ${orders.length}`,
      'orders in the database': tally.inDatabase,
      'failed send attempts (retried; counted in the outage lines)': attemptsDuringOutage,
      'warning lines while it was away': warningsDuringOutage.length,
      'confirmations delivered': `${tally.confirmationsDelivered} of ${tally.acknowledged}`,
      'e-mails made due at once by the first catch-up': madeDue,
      'catch-ups after the server came back': catchUps.length,
      'all delivered after the server came back (default backoff, up to 15 min)': `${seconds(deliveredMs)} s`,
      'e-mails received after it came back': sink.messages.length - receivedBefore,
      duplicates: tally.duplicates,
      'listed under Delivery problems': 0,
    });
    expect(tally.problems).toEqual([]);
    expect(tally.duplicates, 'duplicate e-mails (same Message-ID) without a crash').toBeLessThanOrEqual(
      SMTP_POOL_SIZE,
    );
  });
});
