/**
 * Order submission for `npm run bench` (see bench.ts): approved customers with sessions are written straight
 * into a fresh database before the portal starts (sign-in is by magic link only), then each customer submits
 * orders on its own keep-alive connection, all customers at once. A fixed number of orders per customer, not
 * a duration: the portal allows 30 submissions per minute per customer. Afterwards, with the portal stopped,
 * the orders in the database must be exactly the orders the portal answered as created.
 */
import http from 'node:http';
import net from 'node:net';
import { count, eq } from 'drizzle-orm';
import { openDatabase, type Database, type DatabaseTarget } from '../src/server/db/client';
import { databaseTargetFor } from '../src/server/db/connect';
import { orders, users } from '../src/server/db/schema';
import { loadEnv } from '../src/server/env';
import { insertSession } from '../src/server/features/sessions/sessions.repository';
import { sessionCookieName } from '../src/server/plugins/session';
import { generateToken, hashToken } from '../src/server/security/tokens';
// The tests' way to make (and drop) a throwaway PostgreSQL database.
import { createScratchPostgresDatabase } from '../src/server/test/test-database';
import { IDEMPOTENCY_KEY_HEADER, type CreateDraftOrderRequest } from '../src/shared/schemas/orders';
import {
  integerFormat,
  latencyFormat,
  readPositiveNumber,
  startPortal,
  type CleanupStack,
  type Portal,
  type PortalDatabase,
} from './bench-support';

/** The portal's limit on POST /api/create-draft-order per customer (orders.routes.ts SUBMIT_LIMIT). */
const SUBMISSIONS_PER_CUSTOMER_PER_MINUTE = 30;
const WARM_UP_ORDERS_PER_CUSTOMER = 2;
/**
 * Customers warming up at once. A cold portal on PGlite stalls its event loop for over a second when 50
 * customers submit together (see README.md 'Performance'), and its overload guard then answers 503.
 */
const WARM_UP_CONNECTIONS = 10;
const REQUEST_TIMEOUT_MS = 30_000;
const SUBMIT_PATH = '/api/create-draft-order';

export interface OrderSettings {
  /** Customers submitting at once; also the number of concurrent requests of the same-key run. */
  customers: number;
  ordersPerCustomer: number;
  /** Unmeasured orders per customer first (0: none). */
  warmUpOrders: number;
  /** PostgreSQL server (any database on it) where a scratch database is created. */
  postgresUrl: string;
}

export function readOrderSettings({ warmUp }: { warmUp: boolean }): OrderSettings {
  const warmUpOrders = warmUp ? WARM_UP_ORDERS_PER_CUSTOMER : 0;
  return {
    customers: readPositiveNumber('BENCH_CUSTOMERS', 50, { integer: true }),
    // Warm-up and measured orders together stay within the portal's limit (a 429 is an error here).
    ordersPerCustomer: readPositiveNumber('BENCH_ORDERS_PER_CUSTOMER', 25, {
      integer: true,
      max: SUBMISSIONS_PER_CUSTOMER_PER_MINUTE - warmUpOrders,
    }),
    warmUpOrders,
    postgresUrl: process.env.BENCH_POSTGRES_URL || 'postgres://postgres@127.0.0.1:5432/postgres',
  };
}

// ---------------------------------------------------------------------------------------------------------
// Customers, created in the database before the portal starts
// ---------------------------------------------------------------------------------------------------------

export interface Customer {
  userId: number;
  email: string;
  /** Raw session cookie values; the database keeps only their SHA-256. */
  sessionTokens: string[];
}

export interface BenchCustomers {
  buyers: Customer[];
  /** The customer of the same-key run, with a session per request (one browser tab each). */
  sameKey: Customer;
}

async function createCustomer(db: Database, name: string, sessions: number): Promise<Customer> {
  const email = `${name}@bench.example.com`;
  const [user] = await db
    .insert(users)
    .values({
      username: name,
      email,
      role: 'customer',
      status: 'approved',
      approvedAt: new Date(),
      businessName: 'Bench Shop',
      firstName: 'Bench',
      lastName: 'Buyer',
    })
    .returning({ id: users.id });
  if (!user) throw new Error(`Could not create the customer ${name}`);
  const sessionTokens: string[] = [];
  for (let index = 0; index < sessions; index += 1) {
    const token = generateToken();
    await insertSession(db, { tokenHash: hashToken(token), userId: user.id });
    sessionTokens.push(token);
  }
  return { userId: user.id, email, sessionTokens };
}

/** Migrates the new database and adds the customers; the portal seeds the catalogue when it starts. */
async function prepareCustomers(target: DatabaseTarget, settings: OrderSettings): Promise<BenchCustomers> {
  const database = await openDatabase(target);
  try {
    await database.migrate();
    const buyers: Customer[] = [];
    for (let index = 1; index <= settings.customers; index += 1) {
      buyers.push(await createCustomer(database.db, `bench-buyer-${index}`, 1));
    }
    const sameKey = await createCustomer(database.db, 'bench-same-key', settings.customers);
    return { buyers, sameKey };
  } finally {
    await database.close();
  }
}

/** The database the portal will use for `database`, resolved as the portal itself does. */
const targetOf = (database: PortalDatabase): DatabaseTarget => databaseTargetFor(loadEnv(database));

export function sessionCookie(portal: Portal, token: string): string {
  return `${sessionCookieName({ APP_ORIGIN: portal.appOrigin })}=${token}`;
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

function submitOne(portal: Portal, agent: http.Agent, submission: Submission): Promise<Answer> {
  const body = orderBody(submission.customer);
  const started = performance.now();
  return new Promise((resolve) => {
    const finish = (answer: Omit<Answer, 'ms'>) => resolve({ ...answer, ms: performance.now() - started });
    const request = http.request(
      portal.baseUrl + SUBMIT_PATH,
      {
        method: 'POST',
        agent,
        headers: {
          origin: portal.appOrigin,
          cookie: sessionCookie(portal, submission.sessionToken),
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
async function submitAll(portal: Portal, connections: Submission[][]): Promise<Batch> {
  const started = performance.now();
  const perConnection = await Promise.all(
    connections.map(async (submissions) => {
      const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
      const answers: Answer[] = [];
      for (const submission of submissions) answers.push(await submitOne(portal, agent, submission));
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

export interface OrderRun {
  database: 'PGlite' | 'PostgreSQL';
  measured: OrderStats;
  sameKey: { created: number; replayed: number; inProgress: number; rateLimited: number };
  /** Distinct orders the portal answered as created, warm-up and same-key run included. */
  ordersAnswered: number;
  /** Orders in the database once the portal has stopped (null until counted). */
  ordersInDatabase: number | null;
  problems: string[];
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
// The runs
// ---------------------------------------------------------------------------------------------------------

const runId = Date.now().toString(36);

/** `perBuyer` orders per buyer, each under a key of its own. */
function ordersOfBuyers(customers: BenchCustomers, perBuyer: number, phase: string): Submission[][] {
  return customers.buyers.map((customer, buyer) =>
    Array.from({ length: perBuyer }, (_, index) => ({
      customer,
      sessionToken: customer.sessionTokens[0] ?? '',
      idempotencyKey: `bench-${runId}-${phase}-${buyer}-${index}`,
    })),
  );
}

/**
 * `count` orders of one customer, one after another on one connection (bench-web.ts gives a customer signed in
 * through the magic link an order history this way). Returns the failed answers, grouped; empty when all were
 * created.
 */
export async function submitOrdersOf(portal: Portal, customer: Customer, count: number): Promise<string[]> {
  const submissions = Array.from({ length: count }, (_, index) => ({
    customer,
    sessionToken: customer.sessionTokens[0] ?? '',
    idempotencyKey: `bench-${runId}-history-${customer.userId}-${index}`,
  }));
  return failures('orders', await submitAll(portal, [submissions]));
}

async function runOrders(
  portal: Portal,
  customers: BenchCustomers,
  settings: OrderSettings,
  database: OrderRun['database'],
): Promise<OrderRun> {
  const warmUp: Batch = { answers: [], seconds: 0 };
  const warmUpOrders = ordersOfBuyers(customers, settings.warmUpOrders, 'warm-up');
  for (let first = 0; first < warmUpOrders.length; first += WARM_UP_CONNECTIONS) {
    const group = await submitAll(portal, warmUpOrders.slice(first, first + WARM_UP_CONNECTIONS));
    warmUp.answers.push(...group.answers);
  }
  const measured = await submitAll(portal, ordersOfBuyers(customers, settings.ordersPerCustomer, 'run'));
  // One customer, one key, every request at once (a double click, many times over): one order at most.
  // Beyond the customer's 30 submissions a minute the limiter answers 429 before the key is looked at.
  const sameKeyBatch = await submitAll(
    portal,
    customers.sameKey.sessionTokens.map((sessionToken) => [
      { customer: customers.sameKey, sessionToken, idempotencyKey: `bench-${runId}-same-key` },
    ]),
  );

  const sameKey = {
    created: sameKeyBatch.answers.filter((answer) => answer.status === 201 && !answer.replayed).length,
    replayed: sameKeyBatch.answers.filter((answer) => answer.status === 201 && answer.replayed).length,
    inProgress: sameKeyBatch.answers.filter((answer) => answer.status === 409).length,
    rateLimited: sameKeyBatch.answers.filter((answer) => answer.status === 429).length,
  };
  const sameKeyOrders = new Set(
    sameKeyBatch.answers.map((answer) => answer.orderId).filter((id) => id !== null),
  );
  const problems = [...failures('warm-up', warmUp), ...failures('orders', measured)];
  const unexpected = sameKeyBatch.answers.filter((answer) => ![201, 409, 429].includes(answer.status));
  problems.push(...failures('same key', { ...sameKeyBatch, answers: unexpected }));
  if (sameKey.created !== 1 || sameKeyOrders.size !== 1) {
    problems.push(
      `same key: ${sameKey.created} orders created, ${sameKeyOrders.size} order ids answered (expected 1)`,
    );
  }

  const answered = [...warmUp.answers, ...measured.answers, ...sameKeyBatch.answers];
  const ordersAnswered = new Set(answered.map((answer) => answer.orderId).filter((id) => id !== null)).size;
  const fresh = answered.filter((answer) => answer.status === 201 && !answer.replayed).length;
  if (fresh !== ordersAnswered)
    problems.push(`${fresh} orders answered as created, but ${ordersAnswered} distinct ids`);
  return { database, measured: statsOf(measured), sameKey, ordersAnswered, ordersInDatabase: null, problems };
}

/** With the portal stopped: the orders in the database must be exactly the ones answered as created. */
async function countOrders(target: DatabaseTarget, run: OrderRun, sameKeyUserId: number) {
  const database = await openDatabase(target);
  try {
    const [all] = await database.db.select({ count: count() }).from(orders);
    const [sameKey] = await database.db
      .select({ count: count() })
      .from(orders)
      .where(eq(orders.userId, sameKeyUserId));
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

function printRun(run: OrderRun, settings: OrderSettings) {
  console.log(
    `\nOrder submission on ${run.database}: POST ${SUBMIT_PATH}, ${settings.customers} customers × ` +
      `${settings.ordersPerCustomer} orders, one connection each` +
      (settings.warmUpOrders ? ` (after ${settings.warmUpOrders} unmeasured orders each)` : ''),
  );
  console.log(
    `${'orders/s'.padStart(10)} ${'p50 ms'.padStart(9)} ${'p99 ms'.padStart(9)} ${'errors'.padStart(8)}`,
  );
  console.log(
    [
      integerFormat.format(run.measured.ordersPerSecond).padStart(10),
      latencyFormat.format(run.measured.p50).padStart(9),
      latencyFormat.format(run.measured.p99).padStart(9),
      String(run.measured.errors).padStart(8),
    ].join(' '),
  );
  const { created, replayed, inProgress, rateLimited } = run.sameKey;
  console.log(
    `same key, ${settings.customers} requests at once: ${created} created, ${replayed} replayed (201), ` +
      `${inProgress} still in progress (409), ${rateLimited} over the customer's limit (429)`,
  );
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

/** The order runs side by side, for the end of the report. */
export function printOrderSummary(runs: readonly OrderRun[], settings: OrderSettings) {
  console.log(
    `\nOrder submission: POST ${SUBMIT_PATH}, ${settings.customers} customers × ${settings.ordersPerCustomer} orders`,
  );
  console.log(
    'database'.padEnd(12),
    'orders/s'.padStart(9),
    'p50/p99 ms'.padStart(13),
    'errors'.padStart(7),
    '  orders in database / answered as created',
  );
  for (const run of runs) {
    const latency = `${latencyFormat.format(run.measured.p50)}/${latencyFormat.format(run.measured.p99)}`;
    console.log(
      run.database.padEnd(12),
      integerFormat.format(run.measured.ordersPerSecond).padStart(9),
      latency.padStart(13),
      String(run.measured.errors).padStart(7),
      ` ${integerFormat.format(run.ordersInDatabase ?? 0)} / ${integerFormat.format(run.ordersAnswered)}`,
    );
  }
}

export interface OrderBench {
  portal: Portal;
  run: OrderRun;
  customers: BenchCustomers;
  /** Stops the portal, then counts the orders in its database. */
  finish(): Promise<OrderRun>;
}

/**
 * Creates the customers in the fresh `database`, starts the portal on it and runs the orders. The portal
 * keeps running (other endpoints can be measured on it) until finish().
 */
export async function benchmarkOrders(
  cleanup: CleanupStack,
  database: PortalDatabase,
  settings: OrderSettings,
): Promise<OrderBench> {
  const target = targetOf(database);
  const customers = await prepareCustomers(target, settings);
  const portal = await startPortal(cleanup, database);
  const run = await runOrders(
    portal,
    customers,
    settings,
    target.kind === 'pglite' ? 'PGlite' : 'PostgreSQL',
  );
  printRun(run, settings);
  return {
    portal,
    run,
    customers,
    async finish() {
      await portal.stop();
      await countOrders(target, run, customers.sameKey.userId);
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

/** The same run on a scratch database of the PostgreSQL server, dropped afterwards; null when none answers. */
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
  const bench = await benchmarkOrders(cleanup, { DATABASE_URL: scratch.url }, settings);
  return bench.finish();
}
