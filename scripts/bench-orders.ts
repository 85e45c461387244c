/**
 * Order submission for `npm run bench` (see bench.ts; issue 15): approved customers with sessions are written
 * straight into two fresh databases (sign-in is by magic link only): the portal's, and the raw ceiling's
 * (bench-ceiling.ts: node:http, the driver and the portal's own order statement, nothing else). Then, in
 * alternating rounds, 50 customers submit orders to the portal, and the same to the ceiling, each customer on
 * its own keep-alive connection, all at once; the CPU each side used is read from /proc. A fixed number of
 * orders per customer, not a duration, and new customers each round: the portal allows 30 submissions per
 * minute per customer. Then one more portal round while a visitor keeps reading GET /api/products (its p99
 * is what a shopper feels while orders pour in), the same-key run, and order history and detail against the
 * ceiling's raw reads. Afterwards, with the portal stopped, the orders in its database must be exactly the
 * orders it answered as created.
 */
import { fork, type ChildProcess } from 'node:child_process';
import http from 'node:http';
import net from 'node:net';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { count, eq } from 'drizzle-orm';
import { openDatabase, type Database, type DatabaseTarget } from '../src/server/db/client';
import { databaseTargetFor } from '../src/server/db/connect';
import { orders, users } from '../src/server/db/schema';
import { createCustomer } from '../src/server/test/factories/users';
import { seedDatabase } from '../src/server/db/seed';
import { loadEnv } from '../src/server/env';
import { insertSession } from '../src/server/features/sessions/sessions.repository';
import { sessionCookieName } from '../src/server/plugins/session';
import { generateToken, hashToken } from '../src/server/security/tokens';
// The tests' way to make (and drop) a throwaway PostgreSQL database.
import { createScratchPostgresDatabase } from '../src/server/test/test-database';
import { IDEMPOTENCY_KEY_HEADER, type CreateDraftOrderRequest } from '../src/shared/schemas/orders';
import type { CeilingDatabase, CeilingReply, CeilingRequest } from './bench-ceiling';
import { deliveredPerSecond, startMailSink, type MailSink } from './bench-mail-sink';
import { postgresCpuMs, processCpuMs, startCpuMeter } from './bench-cpu';
import { median } from './bench-readme';
import {
  BENCH_ADMIN_PASSWORD,
  integerFormat,
  latencyFormat,
  makeTempDir,
  readPositiveNumber,
  startPortal,
  stopChild,
  type CleanupStack,
  type Portal,
  type PortalDatabase,
} from './bench-support';

/** The portal's limit on POST /api/create-draft-order per customer (orders.routes.ts SUBMIT_LIMIT). */
const SUBMISSIONS_PER_CUSTOMER_PER_MINUTE = 30;
/**
 * Unmeasured orders per customer of the warm-up group, first 10 customers at a time, then all at once: enough
 * for V8 to optimise both servers' hot paths (the first measured rounds were otherwise up to 1.5× slower).
 */
const WARM_UP_ORDERS_PER_CUSTOMER = 20;
const WARM_UP_CONNECTIONS = 10;
const REQUEST_TIMEOUT_MS = 30_000;
const SUBMIT_PATH = '/api/create-draft-order';
const PRODUCTS_PATH = '/api/products';
const CEILING_SCRIPT = fileURLToPath(new URL('./bench-ceiling.ts', import.meta.url));

/** Issue 15's targets, printed beside each figure. */
export const ORDER_TARGETS = {
  postgresRatio: 0.8,
  postgresP99Ms: 150,
  pgliteOrdersPerSecond: 250,
  productsUnderLoadP99Ms: 50,
  historyRatio: 0.8,
} as const;

export interface OrderSettings {
  /** Customers submitting at once; also the number of concurrent requests of the same-key run. */
  customers: number;
  ordersPerCustomer: number;
  /** Measured rounds per side (portal, ceiling), alternating. */
  rounds: number;
  /** Unmeasured orders per customer first (0: none). */
  warmUpOrders: number;
  /** Seconds of each history and detail round. */
  readSeconds: number;
  /** PostgreSQL server (any database on it) where scratch databases are created. */
  postgresUrl: string;
}

export function readOrderSettings({ warmUp }: { warmUp: boolean }): OrderSettings {
  const warmUpOrders = warmUp ? WARM_UP_ORDERS_PER_CUSTOMER : 0;
  return {
    customers: readPositiveNumber('BENCH_CUSTOMERS', 50, { integer: true }),
    // Within the portal's limit (a 429 is an error here); the warm-up has customers of its own.
    ordersPerCustomer: readPositiveNumber('BENCH_ORDERS_PER_CUSTOMER', 20, {
      integer: true,
      max: SUBMISSIONS_PER_CUSTOMER_PER_MINUTE,
    }),
    rounds: readPositiveNumber('BENCH_ORDER_ROUNDS', 7, { integer: true }),
    warmUpOrders,
    readSeconds: readPositiveNumber('BENCH_READ_SECONDS', 5),
    postgresUrl: process.env.BENCH_POSTGRES_URL || 'postgres://postgres@127.0.0.1:5432/postgres',
  };
}

// ---------------------------------------------------------------------------------------------------------
// Customers, created in both databases before the servers start
// ---------------------------------------------------------------------------------------------------------

export interface Customer {
  email: string;
  /** Raw session cookie values; the databases keep only their SHA-256. */
  sessionTokens: string[];
}

export interface BenchCustomers {
  /** One group of customers per measured round, and one for the round under a products reader. */
  groups: Customer[][];
  /** The customers of the unmeasured warm-up orders. */
  warmUp: Customer[];
  /** The customer of the same-key run, with a session per request (one browser tab each). */
  sameKey: Customer;
  /** The customer whose order of every product is read as a PDF (bench-order-pdf.ts). */
  pdf: Customer;
}

export function newCustomer(name: string, sessions: number): Customer {
  return {
    email: `${name}@bench.example.com`,
    sessionTokens: Array.from({ length: sessions }, () => generateToken()),
  };
}

export function planCustomers(settings: OrderSettings): BenchCustomers {
  return {
    groups: Array.from({ length: settings.rounds + 1 }, (_, group) =>
      Array.from({ length: settings.customers }, (_, index) =>
        newCustomer(`bench-buyer-${group + 1}-${index + 1}`, 1),
      ),
    ),
    warmUp: Array.from({ length: settings.customers }, (_, index) =>
      newCustomer(`bench-warm-up-${index + 1}`, 1),
    ),
    sameKey: newCustomer('bench-same-key', settings.customers),
    pdf: newCustomer('bench-pdf', 1),
  };
}

async function writeCustomer(db: Database, customer: Customer): Promise<number> {
  const user = await createCustomer(db, {
    email: customer.email,
    business: { name: 'Bench Shop', contact: { firstName: 'Bench', lastName: 'Buyer' } },
  });
  for (const token of customer.sessionTokens) {
    await insertSession(db, { tokenHash: hashToken(token), userId: user.id });
  }
  return user.id;
}

/**
 * Migrates the new database and adds the customers. The portal seeds its catalogue when it starts; the
 * ceiling's database is seeded here, as the portal would.
 */
export function writeCustomers(target: DatabaseTarget, customers: BenchCustomers, seed: boolean) {
  const { groups, warmUp, sameKey, pdf } = customers;
  return writeCustomerList(target, [...groups.flat(), ...warmUp, sameKey, pdf], seed);
}

/** Migrates the new database and adds `customers`, each approved and with their sessions. */
export async function writeCustomerList(
  target: DatabaseTarget,
  customers: readonly Customer[],
  seed: boolean,
) {
  const database = await openDatabase(target);
  try {
    await database.migrate();
    for (const customer of customers) await writeCustomer(database.db, customer);
    if (seed)
      await seedDatabase(database.db, {
        admin: { username: 'admin', email: 'admin@bench.example.com', password: BENCH_ADMIN_PASSWORD },
        demo: false,
      });
  } finally {
    await database.close();
  }
}

/** The database the portal will use for `database`, resolved as the portal itself does. */
export const targetOf = (database: PortalDatabase): DatabaseTarget => databaseTargetFor(loadEnv(database));

/** Where a request goes: the portal or the ceiling (which reads the same cookie and ignores the Origin). */
export interface Server {
  baseUrl: string;
  appOrigin: string;
}

export function sessionCookie(server: Server, token: string): string {
  return `${sessionCookieName({ APP_ORIGIN: server.appOrigin })}=${token}`;
}

// ---------------------------------------------------------------------------------------------------------
// Submitting
// ---------------------------------------------------------------------------------------------------------

interface Submission {
  customer: Customer;
  sessionToken: string;
  idempotencyKey: string;
}

interface Answer {
  /** 0 when the request failed without an answer. */
  status: number;
  replayed: boolean;
  orderId: number | null;
  ms: number;
  error?: string;
}

function orderBody(customer: Customer): string {
  const body: CreateDraftOrderRequest = {
    customer: { customerName: 'Bench Buyer', customerEmail: customer.email, businessName: 'Bench Shop' },
    orderItems: [
      { productId: 1, quantity: 24 },
      { productId: 21, quantity: 12 },
    ],
  };
  return JSON.stringify(body);
}

/** "503 UNAVAILABLE: The portal is very busy…", without the request id, so equal failures group together. */
function describeFailure(status: number, text: string): string {
  try {
    const { code, message } = JSON.parse(text) as { code?: string; message?: string };
    return `${status} ${code}: ${message}`;
  } catch {
    return `${status} ${text.slice(0, 100)}`;
  }
}

function submitOne(server: Server, agent: http.Agent, submission: Submission): Promise<Answer> {
  const body = orderBody(submission.customer);
  const started = performance.now();
  return new Promise((resolve) => {
    const finish = (answer: Omit<Answer, 'ms'>) => resolve({ ...answer, ms: performance.now() - started });
    const request = http.request(
      server.baseUrl + SUBMIT_PATH,
      {
        method: 'POST',
        agent,
        headers: {
          origin: server.appOrigin,
          cookie: sessionCookie(server, submission.sessionToken),
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
          [IDEMPOTENCY_KEY_HEADER]: submission.idempotencyKey,
        },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          const status = response.statusCode ?? 0;
          let orderId: number | null = null;
          if (status === 201) orderId = (JSON.parse(text) as { orderId: number }).orderId;
          finish({
            status,
            replayed: response.headers['idempotent-replayed'] === 'true',
            orderId,
            ...(status === 201 ? {} : { error: describeFailure(status, text) }),
          });
        });
      },
    );
    request.setTimeout(REQUEST_TIMEOUT_MS, () => request.destroy(new Error('timed out')));
    request.on('error', (error) =>
      finish({ status: 0, replayed: false, orderId: null, error: error.message }),
    );
    request.end(body);
  });
}

interface Batch {
  answers: Answer[];
  seconds: number;
}

/** Each inner list is one connection, sent one request after another; the connections run side by side. */
async function submitAll(server: Server, connections: Submission[][]): Promise<Batch> {
  const started = performance.now();
  const perConnection = await Promise.all(
    connections.map(async (submissions) => {
      const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
      const answers: Answer[] = [];
      for (const submission of submissions) answers.push(await submitOne(server, agent, submission));
      agent.destroy();
      return answers;
    }),
  );
  return { answers: perConnection.flat(), seconds: (performance.now() - started) / 1000 };
}

// ---------------------------------------------------------------------------------------------------------
// Results
// ---------------------------------------------------------------------------------------------------------

export interface OrderStats {
  ordersPerSecond: number;
  p50: number;
  p99: number;
  /** Answers that were not 201, or no answer at all. */
  errors: number;
}

function percentile(sorted: readonly number[], fraction: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1)] ?? 0;
}

function statsOf(batch: Batch): OrderStats {
  const sorted = batch.answers.map((answer) => answer.ms).sort((a, b) => a - b);
  const created = batch.answers.filter((answer) => answer.status === 201).length;
  return {
    ordersPerSecond: created / batch.seconds,
    p50: percentile(sorted, 0.5),
    p99: percentile(sorted, 0.99),
    errors: batch.answers.length - created,
  };
}

/** The failed answers of a batch, grouped by status and message. */
function failures(label: string, batch: Batch): string[] {
  const counts = new Map<string, number>();
  for (const { error } of batch.answers) {
    if (error !== undefined) counts.set(error, (counts.get(error) ?? 0) + 1);
  }
  return [...counts].map(([error, times]) => `${label}: ${times}× ${error}`);
}

// ---------------------------------------------------------------------------------------------------------
// The ceiling server
// ---------------------------------------------------------------------------------------------------------

interface Ceiling extends Server {
  child: ChildProcess;
}

async function startCeiling(
  cleanup: CleanupStack,
  database: CeilingDatabase,
  appOrigin: string,
): Promise<Ceiling> {
  const child = fork(CEILING_SCRIPT, [], {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  cleanup.push(() => stopChild(child));
  const port = await new Promise<number>((resolve, reject) => {
    child.once('message', (reply: CeilingReply) => {
      if (reply.type === 'listening') resolve(reply.port);
      else reject(new Error(`The ceiling server failed to start: ${reply.message}`));
    });
    child.once('exit', (code) =>
      reject(new Error(`The ceiling server exited during start-up (code ${code})`)),
    );
    const request: CeilingRequest = {
      type: 'serve',
      database,
      cookieName: sessionCookieName({ APP_ORIGIN: appOrigin }),
    };
    child.send(request);
  });
  return { baseUrl: `http://127.0.0.1:${port}`, appOrigin, child };
}

// ---------------------------------------------------------------------------------------------------------
// The runs
// ---------------------------------------------------------------------------------------------------------

const runId = Date.now().toString(36);

/** `perCustomer` orders per customer, each under a key of its own, one connection per customer. */
function ordersOf(customers: readonly Customer[], perCustomer: number, phase: string): Submission[][] {
  return customers.map((customer, index) =>
    Array.from({ length: perCustomer }, (_, order) => ({
      customer,
      sessionToken: customer.sessionTokens[0] ?? '',
      idempotencyKey: `bench-${runId}-${phase}-${index}-${order}`,
    })),
  );
}

/**
 * `count` orders of one customer, one after another on one connection (bench-web.ts gives a customer signed in
 * through the magic link an order history this way). Returns the failed answers, grouped; empty when all were
 * created.
 */
export async function submitOrdersOf(server: Server, customer: Customer, count: number): Promise<string[]> {
  return failures(
    'orders',
    await submitAll(server, ordersOf([customer], count, `history-${customer.email}`)),
  );
}

type Side = 'portal' | 'ceiling';

export interface OrderRound {
  side: Side;
  round: number;
  stats: OrderStats;
  /** CPU per created order: the server's Node process (with PGlite's thread), and PostgreSQL's processes. */
  nodeMsPerOrder: number | null;
  databaseMsPerOrder: number | null;
}

export interface SideFigures {
  ordersPerSecond: number;
  p99: number;
  nodeMsPerOrder: number | null;
  databaseMsPerOrder: number | null;
}

export interface ReadFigures {
  requestsPerSecond: number;
  p99: number;
  /** CPU of the server's Node process per answer. */
  nodeMsPerRequest: number | null;
}

export interface ReadComparison {
  name: string;
  path: string;
  portal: ReadFigures;
  ceiling: ReadFigures;
  ratio: number;
}

export interface OrderRun {
  database: 'PGlite' | 'PostgreSQL';
  rounds: OrderRound[];
  /** Medians over the rounds. */
  portal: SideFigures;
  ceiling: SideFigures;
  /** portal / ceiling orders per second. */
  ratio: number;
  underLoad: {
    ordersPerSecond: number;
    unavailable: number;
    productsP99: number;
    productsRead: number;
    /** E-mails queued and delivered per second while the orders came in; the last one's lag. */
    outbox: {
      emails: number;
      queuedPerSecond: number;
      deliveredPerSecond: number;
      drainedPerSecond: number;
      lastEmailLagSeconds: number | null;
    };
  };
  sameKey: { created: number; replayed: number; inProgress: number; rateLimited: number };
  reads: ReadComparison[];
  /** Distinct orders the portal answered as created, warm-up and same-key run included. */
  ordersAnswered: number;
  /** Orders in the portal's database once it has stopped (null until counted). */
  ordersInDatabase: number | null;
  problems: string[];
}

/** Orders answered as newly created (not replays). */
const createdOf = (answers: readonly Answer[]) =>
  answers.filter((answer) => answer.status === 201 && !answer.replayed).length;

const medianOrNull = (values: ReadonlyArray<number | null>) =>
  values.some((value) => value === null) ? null : median(values as number[]);

function figuresOf(rounds: readonly OrderRound[]): SideFigures {
  return {
    ordersPerSecond: median(rounds.map((round) => round.stats.ordersPerSecond)),
    p99: median(rounds.map((round) => round.stats.p99)),
    nodeMsPerOrder: medianOrNull(rounds.map((round) => round.nodeMsPerOrder)),
    databaseMsPerOrder: medianOrNull(rounds.map((round) => round.databaseMsPerOrder)),
  };
}

interface Sides {
  portal: Portal;
  ceiling: Ceiling;
  database: OrderRun['database'];
  /** The SMTP server the portal's outbox sends the order e-mails to. */
  mail: MailSink;
}

/** Each order sends two e-mails: the confirmation to the customer and the notice to STAFF_EMAIL. */
const EMAILS_PER_ORDER = 2;

/** The portal has printed nothing for this long: its outbox has sent the e-mails of the orders before. */
const OUTBOX_QUIET_MS = 1_000;
const OUTBOX_WAIT_MS = 60_000;

/**
 * One measured batch on one side, with the CPU it cost. Each round starts once the portal's outbox has
 * caught up, so neither side's round pays for the e-mails of the round before.
 */
async function measureRound(
  sides: Sides,
  side: Side,
  round: number,
  group: readonly Customer[],
  settings: OrderSettings,
  /** Orders the portal has created so far: their e-mails are sent before the round starts. */
  createdSoFar: number,
) {
  const server = sides[side];
  await sides.mail.waitFor(EMAILS_PER_ORDER * createdSoFar, OUTBOX_WAIT_MS);
  await sides.portal.waitUntilQuiet(OUTBOX_QUIET_MS, OUTBOX_WAIT_MS);
  const node = startCpuMeter(() => processCpuMs(server.child.pid));
  const database = sides.database === 'PostgreSQL' ? startCpuMeter(postgresCpuMs) : null;
  const batch = await submitAll(server, ordersOf(group, settings.ordersPerCustomer, `${side}-${round}`));
  const nodeMs = node.stop();
  const databaseMs = database?.stop() ?? null;
  const created = batch.answers.filter((answer) => answer.status === 201).length || 1;
  const result: OrderRound = {
    side,
    round,
    stats: statsOf(batch),
    nodeMsPerOrder: nodeMs === null ? null : nodeMs / created,
    databaseMsPerOrder: databaseMs === null ? null : databaseMs / created,
  };
  return { result, batch };
}

/** GETs `path` one after another on one keep-alive connection until `until` settles: each answer's ms. */
async function readWhile(server: Server, path: string, until: Promise<unknown>) {
  let done = false;
  void until.finally(() => {
    done = true;
  });
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const times: number[] = [];
  let failed = 0;
  while (!done) {
    const started = performance.now();
    const status = await new Promise<number>((resolve) => {
      http
        .get(server.baseUrl + path, { agent }, (response) => {
          response.resume();
          response.on('end', () => resolve(response.statusCode ?? 0));
        })
        .on('error', () => resolve(0));
    });
    times.push(performance.now() - started);
    if (status !== 200) failed += 1;
  }
  agent.destroy();
  return { times: times.sort((a, b) => a - b), failed };
}

/** Order history and detail: the portal against the ceiling's raw reads, alternating, autocannon each. */
async function compareReads(
  sides: Sides,
  customer: Customer,
  settings: OrderSettings,
): Promise<ReadComparison[]> {
  const cookie = (server: Server) => sessionCookie(server, customer.sessionTokens[0] ?? '');
  const newestOrder = async (server: Server) => {
    const response = await fetch(`${server.baseUrl}/api/orders?page=1&limit=1`, {
      headers: { cookie: cookie(server) },
    });
    const body = (await response.json()) as { orders: Array<{ id: number }> };
    const id = body.orders[0]?.id;
    if (!id) throw new Error(`No order to read at ${server.baseUrl}`);
    return id;
  };
  const detail = { portal: await newestOrder(sides.portal), ceiling: await newestOrder(sides.ceiling) };
  const reads = [
    { name: 'Order history (5 a page)', path: () => '/api/orders?page=1&limit=5' },
    { name: 'Order detail', path: (side: Side) => `/api/orders/${detail[side]}` },
  ];
  const comparisons: ReadComparison[] = [];
  for (const read of reads) {
    const runs: Record<Side, autocannon.Result[]> = { portal: [], ceiling: [] };
    const cpuPerRequest: Record<Side, Array<number | null>> = { portal: [], ceiling: [] };
    for (let round = 0; round <= settings.rounds; round += 1) {
      for (const side of ['portal', 'ceiling'] as const) {
        const server = sides[side];
        const node = startCpuMeter(() => processCpuMs(server.child.pid));
        const result = await autocannon({
          url: server.baseUrl + read.path(side),
          headers: { cookie: cookie(server) },
          connections: settings.customers,
          // The first round of each side warms it up and is not counted.
          duration: round === 0 ? 1 : settings.readSeconds,
        });
        if (result.errors > 0 || result.non2xx > 0) {
          throw new Error(
            `${read.name} on the ${side}: ${result.errors} errors, ${result.non2xx} non-2xx answers`,
          );
        }
        const nodeMs = node.stop();
        if (round > 0) {
          runs[side].push(result);
          cpuPerRequest[side].push(nodeMs === null ? null : nodeMs / result.requests.total);
        }
      }
    }
    const figures = (side: Side) => ({
      requestsPerSecond: median(runs[side].map((result) => result.requests.average)),
      p99: median(runs[side].map((result) => result.latency.p99)),
      nodeMsPerRequest: medianOrNull(cpuPerRequest[side]),
    });
    const portal = figures('portal');
    const ceiling = figures('ceiling');
    comparisons.push({
      name: read.name,
      path: read.path('portal'),
      portal,
      ceiling,
      ratio: portal.requestsPerSecond / ceiling.requestsPerSecond,
    });
  }
  return comparisons;
}

async function runOrders(
  sides: Sides,
  customers: BenchCustomers,
  settings: OrderSettings,
): Promise<OrderRun> {
  const problems: string[] = [];
  const answered: Answer[] = [];
  const [firstGroup = []] = customers.groups;
  for (const side of ['portal', 'ceiling'] as const) {
    const warmUpOrders = ordersOf(customers.warmUp, settings.warmUpOrders, `${side}-warm-up`);
    // A few customers first (a cold server is not asked for 50 orders in its first second), then the rest.
    const batches = [warmUpOrders.slice(0, WARM_UP_CONNECTIONS), warmUpOrders.slice(WARM_UP_CONNECTIONS)];
    for (const batch of batches) {
      const group = await submitAll(sides[side], batch);
      problems.push(...failures(`${side} warm-up`, group));
      if (side === 'portal') answered.push(...group.answers);
    }
  }

  const rounds: OrderRound[] = [];
  for (let round = 1; round <= settings.rounds; round += 1) {
    for (const side of ['portal', 'ceiling'] as const) {
      const { result, batch } = await measureRound(
        sides,
        side,
        round,
        customers.groups[round - 1] ?? [],
        settings,
        createdOf(answered),
      );
      rounds.push(result);
      problems.push(...failures(`${side} round ${round}`, batch));
      if (side === 'portal') answered.push(...batch.answers);
    }
  }

  // Orders again, while a shopper reads the product list: what the rest of the portal feels of the load.
  const lastGroup = customers.groups[settings.rounds] ?? [];
  await sides.mail.waitFor(EMAILS_PER_ORDER * createdOf(answered), OUTBOX_WAIT_MS);
  const loadStarted = Date.now();
  const sentBefore = sides.mail.arrivals.length;
  const loadBatch = submitAll(sides.portal, ordersOf(lastGroup, settings.ordersPerCustomer, 'under-load'));
  const products = await readWhile(sides.portal, PRODUCTS_PATH, loadBatch);
  const loaded = await loadBatch;
  const loadEnded = Date.now();
  // The outbox under order load (issue 18): e-mails delivered per second while the orders came in, against
  // the rate the orders queued them, and how long after the last order its e-mails had all arrived.
  const queuedThere = EMAILS_PER_ORDER * createdOf(loaded.answers);
  const lastArrival = await sides.mail.waitFor(sentBefore + queuedThere, 120_000);
  const loadSeconds = Math.max((loadEnded - loadStarted) / 1000, 0.001);
  const outbox = {
    emails: queuedThere,
    queuedPerSecond: queuedThere / loadSeconds,
    deliveredPerSecond: deliveredPerSecond(sides.mail, loadStarted, loadEnded),
    // From the first order to the last e-mail: how fast the whole batch's e-mail got out.
    drainedPerSecond:
      lastArrival === null ? 0 : queuedThere / Math.max((lastArrival - loadStarted) / 1000, 0.001),
    lastEmailLagSeconds: lastArrival === null ? null : Math.max(0, (lastArrival - loadEnded) / 1000),
  };
  if (lastArrival === null)
    problems.push(`outbox: the e-mails of the orders under load did not all arrive in 120 s`);
  answered.push(...loaded.answers);
  problems.push(...failures('orders under load', loaded));
  if (products.failed > 0) problems.push(`products under load: ${products.failed} answers were not 200`);
  const underLoad = {
    ordersPerSecond: statsOf(loaded).ordersPerSecond,
    unavailable: loaded.answers.filter((answer) => answer.status === 503).length,
    productsP99: percentile(products.times, 0.99),
    productsRead: products.times.length,
    outbox,
  };

  // One customer, one key, every request at once (a double click, many times over): one order at most.
  // Beyond the customer's 30 submissions a minute the limiter answers 429 before the key is looked at.
  const sameKeyBatch = await submitAll(
    sides.portal,
    customers.sameKey.sessionTokens.map((sessionToken) => [
      { customer: customers.sameKey, sessionToken, idempotencyKey: `bench-${runId}-same-key` },
    ]),
  );
  answered.push(...sameKeyBatch.answers);
  const sameKey = {
    created: sameKeyBatch.answers.filter((answer) => answer.status === 201 && !answer.replayed).length,
    replayed: sameKeyBatch.answers.filter((answer) => answer.status === 201 && answer.replayed).length,
    inProgress: sameKeyBatch.answers.filter((answer) => answer.status === 409).length,
    rateLimited: sameKeyBatch.answers.filter((answer) => answer.status === 429).length,
  };
  const sameKeyOrders = new Set(
    sameKeyBatch.answers.map((answer) => answer.orderId).filter((id) => id !== null),
  );
  const unexpected = sameKeyBatch.answers.filter((answer) => ![201, 409, 429].includes(answer.status));
  problems.push(...failures('same key', { ...sameKeyBatch, answers: unexpected }));
  if (sameKey.created !== 1 || sameKeyOrders.size !== 1) {
    problems.push(
      `same key: ${sameKey.created} orders created, ${sameKeyOrders.size} order ids answered (expected 1)`,
    );
  }

  const reads = await compareReads(sides, firstGroup[0] ?? customers.sameKey, settings);

  const ordersAnswered = new Set(answered.map((answer) => answer.orderId).filter((id) => id !== null)).size;
  const fresh = answered.filter((answer) => answer.status === 201 && !answer.replayed).length;
  if (fresh !== ordersAnswered)
    problems.push(`${fresh} orders answered as created, but ${ordersAnswered} distinct ids`);
  const portal = figuresOf(rounds.filter((round) => round.side === 'portal'));
  const ceiling = figuresOf(rounds.filter((round) => round.side === 'ceiling'));
  return {
    database: sides.database,
    rounds,
    portal,
    ceiling,
    ratio: portal.ordersPerSecond / ceiling.ordersPerSecond,
    underLoad,
    sameKey,
    reads,
    ordersAnswered,
    ordersInDatabase: null,
    problems,
  };
}

/** With the portal stopped: the orders in its database must be exactly the ones it answered as created. */
async function countOrders(target: DatabaseTarget, run: OrderRun, sameKeyEmail: string) {
  const database = await openDatabase(target);
  try {
    const [all] = await database.db.select({ count: count() }).from(orders);
    const [sameKey] = await database.db
      .select({ count: count() })
      .from(orders)
      .innerJoin(users, eq(users.id, orders.userId))
      .where(eq(users.email, sameKeyEmail));
    run.ordersInDatabase = all?.count ?? 0;
    if (run.ordersInDatabase !== run.ordersAnswered) {
      run.problems.push(
        `${run.ordersInDatabase} orders in the database, ${run.ordersAnswered} answered as created`,
      );
    }
    if (sameKey?.count !== 1)
      run.problems.push(`same key: ${sameKey?.count} orders in the database (expected 1)`);
  } finally {
    await database.close();
  }
}

// ---------------------------------------------------------------------------------------------------------
// Report
// ---------------------------------------------------------------------------------------------------------

const cpu = (ms: number | null) => (ms === null ? 'n/a' : ms.toFixed(2));
const ratio = (value: number) => `${value.toFixed(2)}×`;

function printRun(run: OrderRun, settings: OrderSettings) {
  console.log(
    `\nOrder submission on ${run.database}: POST ${SUBMIT_PATH}, ${settings.customers} customers × ` +
      `${settings.ordersPerCustomer} orders a round, portal and raw ceiling (bench-ceiling.ts) alternating`,
  );
  console.log(
    `${'round'.padEnd(14)} ${'orders/s'.padStart(9)} ${'p50 ms'.padStart(8)} ${'p99 ms'.padStart(8)} ${'errors'.padStart(7)} ` +
      `${'Node ms/order'.padStart(14)} ${`${run.database === 'PGlite' ? '(in Node)' : 'PostgreSQL'} ms/order`.padStart(20)}`,
  );
  for (const round of run.rounds) {
    console.log(
      [
        `${round.side} #${round.round}`.padEnd(14),
        integerFormat.format(round.stats.ordersPerSecond).padStart(9),
        latencyFormat.format(round.stats.p50).padStart(8),
        latencyFormat.format(round.stats.p99).padStart(8),
        String(round.stats.errors).padStart(7),
        cpu(round.nodeMsPerOrder).padStart(14),
        cpu(round.databaseMsPerOrder).padStart(20),
      ].join(' '),
    );
  }
  console.log(
    `medians: portal ${integerFormat.format(run.portal.ordersPerSecond)}/s (p99 ${latencyFormat.format(run.portal.p99)} ms), ` +
      `ceiling ${integerFormat.format(run.ceiling.ordersPerSecond)}/s (p99 ${latencyFormat.format(run.ceiling.p99)} ms): ` +
      `portal/ceiling ${ratio(run.ratio)}`,
  );
  const { underLoad } = run;
  console.log(
    `under load: ${integerFormat.format(underLoad.ordersPerSecond)} orders/s, ${underLoad.unavailable} answered 503; ` +
      `GET ${PRODUCTS_PATH} meanwhile p99 ${latencyFormat.format(underLoad.productsP99)} ms over ${underLoad.productsRead} reads`,
  );
  const { outbox } = underLoad;
  console.log(
    `outbox (pooled SMTP): ${integerFormat.format(outbox.emails)} e-mails queued at ${integerFormat.format(outbox.queuedPerSecond)}/s, ` +
      `${integerFormat.format(outbox.deliveredPerSecond)}/s delivered while the orders came in (the worker gives way, ADR 0022), ` +
      `all delivered at ${integerFormat.format(outbox.drainedPerSecond)}/s from the first order; the last e-mail ` +
      `${outbox.lastEmailLagSeconds === null ? 'never arrived' : `arrived ${latencyFormat.format(outbox.lastEmailLagSeconds)} s after the last order`}`,
  );
  const { created, replayed, inProgress, rateLimited } = run.sameKey;
  console.log(
    `same key, ${settings.customers} requests at once: ${created} created, ${replayed} replayed (201), ` +
      `${inProgress} still in progress (409), ${rateLimited} over the customer's limit (429)`,
  );
  for (const read of run.reads) {
    console.log(
      `${read.name}: portal ${integerFormat.format(read.portal.requestsPerSecond)} req/s (p99 ${latencyFormat.format(read.portal.p99)} ms), ` +
        `ceiling ${integerFormat.format(read.ceiling.requestsPerSecond)} req/s: portal/ceiling ${ratio(read.ratio)}; ` +
        `Node ms/answer ${cpu(read.portal.nodeMsPerRequest)} / ${cpu(read.ceiling.nodeMsPerRequest)}`,
    );
  }
}

function printCount(run: OrderRun) {
  const answered = integerFormat.format(run.ordersAnswered);
  const stored = integerFormat.format(run.ordersInDatabase ?? 0);
  const same = run.ordersInDatabase === run.ordersAnswered;
  console.log(
    `${run.database} database: ${stored} orders ${same ? '=' : '≠'} ${answered} answered as created`,
  );
  for (const problem of run.problems) console.log(`  FAILED: ${problem}`);
}

/** Each figure of issue 15 beside its target: [label, figure, target, met]. */
export function orderTargetRows(run: OrderRun): Array<[string, string, string, boolean]> {
  const history = run.reads.find((read) => read.name.startsWith('Order history'));
  const rows: Array<[string, string, string, boolean]> = [];
  if (run.database === 'PostgreSQL') {
    rows.push([
      'Orders on PostgreSQL, portal / one-statement ceiling',
      `${ratio(run.ratio)} (${integerFormat.format(run.portal.ordersPerSecond)} / ${integerFormat.format(run.ceiling.ordersPerSecond)} orders/s)`,
      `≥ ${ORDER_TARGETS.postgresRatio}×`,
      run.ratio >= ORDER_TARGETS.postgresRatio,
    ]);
    rows.push([
      'Orders on PostgreSQL, p99',
      `${latencyFormat.format(run.portal.p99)} ms`,
      `< ${ORDER_TARGETS.postgresP99Ms} ms`,
      run.portal.p99 < ORDER_TARGETS.postgresP99Ms,
    ]);
    if (history) {
      rows.push([
        'Order history on PostgreSQL, portal / raw query',
        `${ratio(history.ratio)} (${integerFormat.format(history.portal.requestsPerSecond)} / ${integerFormat.format(history.ceiling.requestsPerSecond)} req/s)`,
        `≥ ${ORDER_TARGETS.historyRatio}×`,
        history.ratio >= ORDER_TARGETS.historyRatio,
      ]);
    }
  } else {
    rows.push([
      'Orders on PGlite, sustained (503 answers)',
      `${integerFormat.format(run.portal.ordersPerSecond)} orders/s (${run.underLoad.unavailable})`,
      `≥ ${ORDER_TARGETS.pgliteOrdersPerSecond}/s, 0`,
      run.portal.ordersPerSecond >= ORDER_TARGETS.pgliteOrdersPerSecond && run.underLoad.unavailable === 0,
    ]);
    rows.push([
      'GET /api/products p99 during PGlite order load',
      `${latencyFormat.format(run.underLoad.productsP99)} ms`,
      `< ${ORDER_TARGETS.productsUnderLoadP99Ms} ms`,
      run.underLoad.productsP99 < ORDER_TARGETS.productsUnderLoadP99Ms,
    ]);
  }
  return rows;
}

/** The order runs side by side, for the end of the report. */
export function printOrderSummary(runs: readonly OrderRun[], settings: OrderSettings) {
  console.log(
    `\nOrder submission: POST ${SUBMIT_PATH}, ${settings.customers} customers × ${settings.ordersPerCustomer} orders, ` +
      `medians of ${settings.rounds} rounds`,
  );
  console.log(
    `${'database'.padEnd(11)} ${'portal/s'.padStart(9)} ${'ceiling/s'.padStart(10)} ${'ratio'.padStart(6)} ${'p99 ms'.padStart(7)} ` +
      `${'Node ms'.padStart(8)} ${'DB ms'.padStart(6)}  orders in database / answered`,
  );
  for (const run of runs) {
    console.log(
      [
        run.database.padEnd(11),
        integerFormat.format(run.portal.ordersPerSecond).padStart(9),
        integerFormat.format(run.ceiling.ordersPerSecond).padStart(10),
        run.ratio.toFixed(2).padStart(6),
        latencyFormat.format(run.portal.p99).padStart(7),
        cpu(run.portal.nodeMsPerOrder).padStart(8),
        cpu(run.portal.databaseMsPerOrder).padStart(6),
        ` ${integerFormat.format(run.ordersInDatabase ?? 0)} / ${integerFormat.format(run.ordersAnswered)}`,
      ].join(' '),
    );
  }
  for (const run of runs) {
    for (const [label, figure, target, met] of orderTargetRows(run)) {
      console.log(`${met ? 'met ' : 'MISS'} ${label}: ${figure} (target ${target})`);
    }
  }
}

export interface OrderBench {
  portal: Portal;
  run: OrderRun;
  customers: BenchCustomers;
  /** Stops both servers, then counts the orders in the portal's database. */
  finish(): Promise<OrderRun>;
}

/** The ceiling's own database beside the portal's: a PGlite folder, or a scratch PostgreSQL database. */
function ceilingTargetFor(
  target: DatabaseTarget,
  dataDir: () => string,
  postgresUrl: string | null,
): CeilingDatabase {
  if (target.kind === 'pglite') return { kind: 'pglite', dataDir: dataDir() };
  if (!postgresUrl) throw new Error('A PostgreSQL ceiling needs a database URL');
  return { kind: 'postgres', url: postgresUrl };
}

/**
 * Creates the customers in the fresh portal and ceiling databases, starts both servers and runs the orders.
 * The portal keeps running (other endpoints can be measured on it) until finish().
 */
export async function benchmarkOrders(
  cleanup: CleanupStack,
  database: PortalDatabase,
  settings: OrderSettings,
  ceilingPostgresUrl: string | null = null,
): Promise<OrderBench> {
  const target = targetOf(database);
  const customers = planCustomers(settings);
  const ceilingDatabase = ceilingTargetFor(
    target,
    () => makeTempDir(cleanup, 'wholesale-ceiling-'),
    ceilingPostgresUrl,
  );
  await writeCustomers(target, customers, false);
  await writeCustomers(
    ceilingDatabase.kind === 'pglite'
      ? { kind: 'pglite', dataDir: ceilingDatabase.dataDir }
      : { kind: 'postgres', url: ceilingDatabase.url },
    customers,
    true,
  );
  const mail = await startMailSink(cleanup);
  const portal = await startPortal(cleanup, database, { SMTP_URL: mail.url });
  const ceiling = await startCeiling(cleanup, ceilingDatabase, portal.appOrigin);
  const run = await runOrders(
    { portal, ceiling, database: target.kind === 'pglite' ? 'PGlite' : 'PostgreSQL', mail },
    customers,
    settings,
  );
  printRun(run, settings);
  return {
    portal,
    run,
    customers,
    async finish() {
      await stopChild(ceiling.child);
      await portal.stop();
      await countOrders(target, run, customers.sameKey.email);
      printCount(run);
      return run;
    },
  };
}

function answersOnPort(host: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host, port, timeout: 2_000 });
    const done = (answered: boolean) => {
      socket.destroy();
      resolve(answered);
    };
    socket.once('connect', () => done(true));
    socket.once('timeout', () => done(false));
    socket.once('error', () => done(false));
  });
}

/** The same run on scratch databases of the PostgreSQL server, dropped afterwards; null when none answers. */
export async function benchmarkOrdersOnPostgres(
  cleanup: CleanupStack,
  settings: OrderSettings,
): Promise<OrderRun | null> {
  const server = new URL(settings.postgresUrl);
  if (!(await answersOnPort(server.hostname, Number(server.port || 5432)))) {
    console.log(`\nOrder submission on PostgreSQL: skipped, nothing answers on ${server.host}.`);
    return null;
  }
  if (cleanup.started) throw new Error('interrupted');
  const scratch = await createScratchPostgresDatabase(settings.postgresUrl);
  cleanup.push(scratch.drop);
  const ceiling = await createScratchPostgresDatabase(settings.postgresUrl);
  cleanup.push(ceiling.drop);
  const bench = await benchmarkOrders(cleanup, { DATABASE_URL: scratch.url }, settings, ceiling.url);
  return bench.finish();
}
