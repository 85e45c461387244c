/**
 * `npm run bench:insights`: how long GET /api/admin/insights takes on the database the portal would use
 * (DATABASE_URL for PostgreSQL, else PGlite in DATA_DIR/pglite), filled by `npm run seed:volume` first. The
 * budget is 200 ms on PostgreSQL with 100,000 orders (issue 20, docs/admin.md#insights).
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/insights_bench npm run seed:volume
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/insights_bench npm run bench:insights
 *   BENCH_ROUNDS=30 npm run bench:insights     # PGlite in ./data; BENCH_README=0 leaves the README alone
 *
 * The portal's app runs in this process (buildApp, as the tests do) on a loopback port, with an
 * administrator's session made for the run and removed after it. Each round asks, over HTTP and one after
 * the other: the Insights answer, and two baselines of the same run: GET /api/admin/user (an administrator's
 * request that reads one row by index: the floor of any admin answer) and a one-row indexed query straight
 * on the driver. Then each of the answer's queries alone. Medians of the rounds are printed beside the budget
 * and written to the README (the `bench:insights` block, one line per database).
 */
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql, type SQL } from 'drizzle-orm';
import { buildApp } from '../src/server/app';
import { openDatabase, type Database } from '../src/server/db/client';
import { databaseTargetFor, describeTarget } from '../src/server/db/connect';
import { selectRows } from '../src/server/db/select-rows';
import { acquireDataDirLock } from '../src/server/db/data-dir-lock';
import { sessionCookieName } from '../src/server/plugins/session';
import { loadEnv } from '../src/server/env';
import { insertSession } from '../src/server/features/sessions/sessions.repository';
import { generateToken, hashToken } from '../src/server/security/tokens';
import * as insightQueries from '../src/server/features/admin-insights/admin-insights.repository';
import { periodWeeks } from '../src/server/features/admin-insights/insights-weeks';
import {
  insightsResponseSchema,
  OVERDUE_LIST_LIMIT,
  TOP_CUSTOMERS_COUNT,
} from '../src/shared/schemas/admin-insights';
import { markdownTable, median, wrap, writeReadmeBlock } from './bench-readme';
import { LOOPBACK, readPositiveNumber } from './bench-support';

const BUDGET_MS = 200;
const README_PATH = fileURLToPath(new URL('../README.md', import.meta.url));
const rounds = readPositiveNumber('BENCH_ROUNDS', 15, { integer: true, max: 1000 });
const warmups = 3;

const env = loadEnv({ ...process.env, LOG_LEVEL: 'silent' });
const target = databaseTargetFor(env);
const releaseLock = target.kind === 'pglite' ? acquireDataDirLock(path.resolve(env.DATA_DIR)) : () => {};
const database = await openDatabase(target);
let closeApp = async () => {};
try {
  await database.migrate();
  // The overload guard would read this process's start-up (loading the sources) as an event loop delay.
  const app = await buildApp({ env, database, clientDir: null, logger: false, maxEventLoopDelayMs: 0 });
  closeApp = () => app.close();
  const base = await app.listen({ host: LOOPBACK, port: 0 });
  const db = database.db;
  const orders = await one<{ orders: number }>(db, sql`select count(*)::int as orders from orders`);
  const { cookie, removeSession } = await adminSession(db, sessionCookieName(env));
  try {
    const timed = async (url: string) => {
      const started = performance.now();
      const response = await fetch(`${base}${url}`, { headers: { cookie, origin: env.APP_ORIGIN } });
      const body = await response.text();
      if (!response.ok) throw new Error(`${url} answered ${response.status}: ${body.slice(0, 300)}`);
      return { ms: performance.now() - started, body };
    };
    const rawQuery = async () => {
      const started = performance.now();
      await db.execute(sql`select id, status from orders where id = ${1 + Math.floor(Math.random() * 1000)}`);
      return performance.now() - started;
    };
    console.log(
      `${describeTarget(target)}: ${orders?.orders.toLocaleString('en-US')} orders; ${warmups} warm-up rounds, then ${rounds}.`,
    );
    const samples = { insights: [] as number[], adminUser: [] as number[], raw: [] as number[] };
    for (let round = 0; round < warmups + rounds; round++) {
      const insights = await timed('/api/admin/insights');
      const adminUser = await timed('/api/admin/user');
      const raw = await rawQuery();
      if (round === 0) insightsResponseSchema.parse(JSON.parse(insights.body));
      if (round < warmups) continue;
      samples.insights.push(insights.ms);
      samples.adminUser.push(adminUser.ms);
      samples.raw.push(raw);
    }
    const perQuery = await timeEachQuery(db);
    await report({
      kind: target.kind,
      orders: orders?.orders ?? 0,
      insights: median(samples.insights),
      slowest: Math.max(...samples.insights),
      adminUser: median(samples.adminUser),
      raw: median(samples.raw),
      perQuery,
    });
  } finally {
    await removeSession();
  }
} finally {
  await closeApp();
  await database.close();
  releaseLock();
}

async function one<Row>(db: Database, query: SQL): Promise<Row | undefined> {
  return (await selectRows<Row>(db, query))[0];
}

/** A session of the first administrator, for this run only. */
async function adminSession(db: Database, cookieName: string) {
  const admin = await one<{ id: number }>(
    db,
    sql`select id from users where role = 'admin' and status = 'approved' order by id limit 1`,
  );
  if (!admin) throw new Error('No administrator: start the portal or run npm run seed:volume first.');
  const token = generateToken();
  const tokenHash = hashToken(token);
  await insertSession(db, { tokenHash, userId: admin.id, userAgent: 'bench-insights' });
  return {
    cookie: `${cookieName}=${token}`,
    removeSession: async () => {
      await db.execute(sql`delete from sessions where token_hash = ${tokenHash}`);
    },
  };
}

/** Each query of the answer alone, the median of `rounds` runs (the plans: ADR 0033). */
async function timeEachQuery(db: Database): Promise<Array<[string, number]>> {
  const now = new Date();
  const since = periodWeeks(now)[0] ?? now;
  const queries: Array<[string, () => Promise<unknown>]> = [
    ['last order', () => insightQueries.findLastOrderAt(db)],
    ['per week', () => insightQueries.countOrdersPerWeek(db, since)],
    ['per tier', () => insightQueries.countOrdersPerTier(db, since)],
    ['tiers', () => insightQueries.findTiers(db)],
    ['pipeline', () => insightQueries.countPipeline(db, since)],
    ['oldest pending order', () => insightQueries.findOldestPendingOrder(db)],
    ['oldest registration', () => insightQueries.findOldestPendingRegistration(db)],
    ['top customers', () => insightQueries.findTopCustomers(db, since, TOP_CUSTOMERS_COUNT)],
    ['overdue', () => insightQueries.findOverdueOrders(db, now, OVERDUE_LIST_LIMIT)],
  ];
  const result: Array<[string, number]> = [];
  for (const [name, run] of queries) {
    const times: number[] = [];
    for (let round = 0; round < warmups + rounds; round++) {
      const started = performance.now();
      await run();
      if (round >= warmups) times.push(performance.now() - started);
    }
    result.push([name, median(times)]);
  }
  return result;
}

interface Figures {
  kind: 'pglite' | 'postgres';
  orders: number;
  insights: number;
  slowest: number;
  adminUser: number;
  raw: number;
  perQuery: Array<[string, number]>;
}

async function report(figures: Figures) {
  const ms = (value: number) => `${value.toFixed(1)} ms`;
  const database = figures.kind === 'postgres' ? 'PostgreSQL' : 'PGlite';
  // The budget is PostgreSQL's (issue 20); PGlite's figure is reported beside it.
  const verdict = figures.insights < BUDGET_MS ? 'met' : 'MISSED';
  const budget = figures.kind === 'postgres' ? `< ${BUDGET_MS} ms (${verdict})` : '(PostgreSQL only)';
  console.log(
    markdownTable(
      ['figure', 'median', 'budget'],
      [
        ['GET /api/admin/insights', ms(figures.insights), budget],
        ['  slowest round', ms(figures.slowest), ''],
        ['GET /api/admin/user (baseline)', ms(figures.adminUser), ''],
        ['one-row indexed query (baseline)', ms(figures.raw), ''],
        ...figures.perQuery.map(([name, value]) => [`  query: ${name}`, ms(value), '']),
      ],
    ),
  );
  if (process.env.BENCH_README === '0') return;
  const line = wrap(
    `${database}, ${new Date().toISOString().slice(0, 10)}, ${figures.orders.toLocaleString('en-US')} orders ` +
      `(\`npm run bench:insights\`, medians of ${rounds} rounds, ${os.cpus().length} CPUs at a load average ` +
      `of ${os.loadavg()[0]?.toFixed(1)}): the answer ${ms(figures.insights)}` +
      `${figures.kind === 'postgres' ? ` (budget ${BUDGET_MS} ms: ${verdict})` : ''}, slowest round ` +
      `${ms(figures.slowest)}; in the same run \`/api/admin/user\` ${ms(figures.adminUser)} and a one-row ` +
      `indexed query ${ms(figures.raw)}; the queries alone: ` +
      `${figures.perQuery.map(([name, value]) => `${name} ${value.toFixed(1)}`).join(', ')} ms.`,
  );
  return writeReadmeBlock(README_PATH, `insights-${figures.kind}`, [line]);
}
