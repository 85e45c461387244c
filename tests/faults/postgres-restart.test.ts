import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findFreePort } from '../../scripts/free-port';
import { reportFigures } from './support/checks';
import { Cleanup } from './support/cleanup';
import { MailSink } from './support/mail-sink';
import { Portal } from './support/portal';
import { OwnPostgres, postgresUnavailableReason } from './support/postgres';
import {
  confirmationSubject,
  createCustomers,
  planOrders,
  sendOrder,
  signIn,
  submitUntilAcknowledged,
  type Order,
} from './support/shop';
import { seconds, sleep, waitFor } from './support/wait';

/**
 * Issue 18, fault 4 (docs/operations.md#database-outages, #faults-we-test): the portal's PostgreSQL is
 * stopped (`pg_ctl stop -m fast`) and started again. Meanwhile readiness answers 503, the catalogue is served
 * from memory marked stale, orders get 503 with Retry-After (never a 500); readiness is back within 30 s of
 * the database, orders work again, and the log holds one line for the outage's start and one for its end,
 * without SQL.
 */

const OUTAGE_MS = 8_000;
const READY_AGAIN_TIMEOUT_MS = 30_000;
/** What the database outage's two log lines say (src/server/db/outage-watch.ts). */
const UNREACHABLE = /database unreachable/;
const REACHABLE_AGAIN = /database reachable again/;
/** SQL in a log line: a statement's words, or a parameter placeholder. */
const SQL_TEXT = /\b(select|insert|update|delete)\b.*\b(from|into|set|where)\b|\$\d+\b/i;
/** Requests a shopper's pages make that need the database, asked throughout the outage: none may be a 500. */
const SWEEP = [
  '/api/orders',
  '/api/user',
  '/api/session',
  '/api/products',
  '/api/health',
  '/api/health/ready',
];

const postgresMissing = postgresUnavailableReason();
const cleanup = new Cleanup();
afterAll(() => cleanup.run());

describe('fault 4: PostgreSQL stops and starts again under the portal', () => {
  let postgres: OwnPostgres;

  beforeAll(async () => {
    if (postgresMissing) return;
    postgres = await OwnPostgres.create(await findFreePort());
    cleanup.add(() => postgres.destroy());
  });

  it.runIf(postgresMissing)('is skipped when the PostgreSQL binaries are missing', () => {
    console.warn(`Skipping fault 4 (PostgreSQL restart): ${postgresMissing}`);
    reportFigures('Fault 4: PostgreSQL restart', { skipped: postgresMissing! });
  });

  it.skipIf(postgresMissing)(
    'answers 503 (never 500) and serves the stale catalogue while it is away, and is ready within 30 s of its return',
    async () => {
      const url = postgres.url();
      const sink = new MailSink(await findFreePort());
      await sink.start();
      cleanup.add(() => sink.stop());
      const email = 'pg-restart@faults.example.com';
      await createCustomers({ kind: 'postgres', url }, [email]);
      const portal = await Portal.start({
        port: await findFreePort(),
        database: { DATABASE_URL: url },
        env: { SMTP_URL: sink.url },
      });
      cleanup.add(() => portal.running && portal.kill9());
      const customer = await signIn(portal, sink, email);
      const [before, during, after] = planOrders([customer], 3, 'pg-restart') as [Order, Order, Order];
      await submitUntilAcknowledged(portal, before, Date.now() + 10_000);
      expect(before.state).toBe('acknowledged');
      const catalogue = await portal.request('GET', '/api/products');
      expect(catalogue.status).toBe(200);
      expect(catalogue.headers.get('x-catalogue-stale')).toBeNull();
      const logLinesBefore = portal.logLines().length;

      await postgres.stop();
      const downAt = Date.now();
      const ready = await portal.request('GET', '/api/health/ready');
      expect(ready.status, 'readiness while the database is down').toBe(503);
      expect(ready.body).toMatchObject({ status: 'not ready', database: 'down' });
      const products = await portal.request('GET', '/api/products');
      expect(products.status, 'the product list while the database is down').toBe(200);
      expect(products.headers.get('x-catalogue-stale')).toBe('1');
      expect(products.body, 'the last catalogue loaded').toEqual(catalogue.body);
      const refused = await sendOrder(portal, during);
      if (refused.kind !== 'answer')
        throw new Error(`The order during the outage got no answer: ${refused.error}`);
      expect(
        refused.answer.status,
        `an order while the database is down: ${JSON.stringify(refused.answer.body)}`,
      ).toBe(503);
      expect(refused.answer.headers.get('retry-after')).toBe('5');
      expect(refused.answer.body).toMatchObject({ code: 'UNAVAILABLE' });

      // The rest of the outage: what a shopper's pages ask, again and again; never a 500.
      const answers = new Map<string, Set<number>>();
      const withoutRetryAfter = new Set<string>();
      while (Date.now() - downAt < OUTAGE_MS) {
        for (const path of SWEEP) {
          const { status, headers } = await portal.request('GET', path, { cookie: customer.cookie });
          answers.set(path, (answers.get(path) ?? new Set()).add(status));
          if (status === 503 && !headers.get('retry-after')) withoutRetryAfter.add(path);
        }
        await sleep(250);
      }
      const fiveHundreds = [...answers].filter(([, statuses]) =>
        [...statuses].some((status) => status >= 500 && status !== 503),
      );
      expect(fiveHundreds.map(([path, statuses]) => `${path}: ${[...statuses].join(', ')}`)).toEqual([]);
      expect([...withoutRetryAfter], '503 answers without Retry-After').toEqual([]);

      await postgres.start();
      const backAt = Date.now();
      await waitFor(
        'readiness to answer 200 after the database came back',
        async () => (await portal.request('GET', '/api/health/ready')).status === 200,
        { timeoutMs: READY_AGAIN_TIMEOUT_MS, intervalMs: 100 },
      );
      const readyAgainMs = Date.now() - backAt;

      // Orders work again: the refused one with its key (a 503 stores nothing), and a new one.
      for (const order of [during, after]) {
        const attempt = await sendOrder(portal, order);
        if (attempt.kind !== 'answer')
          throw new Error(`No answer to an order after the outage: ${attempt.error}`);
        expect(
          attempt.answer.status,
          `an order once ready again: ${JSON.stringify(attempt.answer.body)}`,
        ).toBe(201);
        expect(attempt.answer.headers.get('idempotent-replayed')).toBeNull();
        order.orderName = (attempt.answer.body as { orderName: string }).orderName;
      }
      const fresh = await portal.request('GET', '/api/products');
      expect(fresh.headers.get('x-catalogue-stale'), 'the catalogue once the database is back').toBeNull();
      await waitFor(
        'the confirmations of the orders before and after the outage',
        () =>
          [before, during, after].every(
            (order) => sink.to(email, confirmationSubject(order.orderName!)).length,
          ),
        { timeoutMs: 30_000 },
      );

      // One log line at the start of the outage and one at its end, without SQL.
      const outageLines = () => portal.logLines().slice(logLinesBefore);
      await waitFor(
        "the log line 'database reachable again'",
        () => outageLines().some((line) => REACHABLE_AGAIN.test(String(line.msg))),
        { timeoutMs: 10_000 },
      );
      const lines = outageLines();
      const unreachable = lines.filter((line) => UNREACHABLE.test(String(line.msg)));
      const reachable = lines.filter((line) => REACHABLE_AGAIN.test(String(line.msg)));
      expect(
        unreachable.map((line) => line.raw),
        "'database unreachable' lines",
      ).toHaveLength(1);
      expect(
        reachable.map((line) => line.raw),
        "'database reachable again' lines",
      ).toHaveLength(1);
      for (const line of [...unreachable, ...reachable]) expect(line.raw).not.toMatch(SQL_TEXT);
      // Reported, not judged: the job worker's own lines while it cannot claim (one per loop and poll).
      const otherWarnings = lines.filter(
        (line) => Number(line.level) >= 40 && !unreachable.includes(line) && !reachable.includes(line),
      );
      const warningKinds = [...new Set(otherWarnings.map((line) => String(line.msg)))].join("', '");
      const warningsWithSql = otherWarnings.filter((line) => SQL_TEXT.test(line.raw));
      expect(await portal.stop(), 'the portal stops cleanly on SIGTERM').toBe(0);

      reportFigures('Fault 4: PostgreSQL stopped (pg_ctl stop -m fast) and started again', {
        'database away': `${seconds(backAt - downAt)} s`,
        'readiness while away': ready.status,
        'product list while away': `${products.status}, X-Catalogue-Stale: ${products.headers.get('x-catalogue-stale')}`,
        'order while away': `${refused.answer.status}, Retry-After: ${refused.answer.headers.get('retry-after')}`,
        'answers to a signed-in buyer while away': [...answers]
          .map(([path, statuses]) => `${path} ${[...statuses].join('/')}`)
          .join(', '),
        'time to ready after the database came back': `${seconds(readyAgainMs)} s`,
        'orders after it came back': '201, 201',
        "log lines 'database unreachable' / 'database reachable again'": `${unreachable.length} / ${reachable.length}`,
        'other warning/error lines during the outage': `${otherWarnings.length} ('${warningKinds}'), ${warningsWithSql.length} with SQL text`,
      });
    },
  );
});
