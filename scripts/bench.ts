/**
 * Throughput benchmark: the built portal against two baselines that answer the very same bytes (bench-bare.ts):
 * a bare `node:http` server, Node's HTTP floor, and a bare Fastify route that sends the portal's answer
 * headers, the floor of a Fastify app that must send them; so the figures show what the portal's plugins,
 * hooks and work cost on top of each; the
 * larger API answers with and without compression (bench-compression.ts); order submission
 * (bench-orders.ts) on PGlite and, when a server answers on 127.0.0.1:5432, on PostgreSQL; and the time of
 * an order PDF (bench-order-pdf.ts).
 *
 *   npm run bench                       # build, then everything below (~11 min), then bench-web.ts
 *   BENCH_SECONDS=5 BENCH_ROUNDS=1 npm run bench
 *   BENCH_COMPRESSION_ROUNDS=5 npm run bench   # paired identity/compressed rounds (default 3)
 *   BENCH_ONLY=api npm run bench        # only the product list and cart prices against the baselines
 *   BENCH_ONLY=pdf node --import tsx scripts/bench.ts   # after a build: only the order PDF (~20 s)
 *   BENCH_ONLY=orders-pg node --import tsx scripts/bench.ts   # after a build: only orders on PostgreSQL
 *   BENCH_ONLY=hostile-body node --import tsx scripts/bench.ts   # after a build: a deep body vs a cart (~10 s)
 *   BENCH_CUSTOMERS=50 BENCH_ORDERS_PER_CUSTOMER=25 BENCH_POSTGRES_URL=postgres://… npm run bench
 *
 * Each server runs in its own child process; autocannon runs here. Runs alternate portal, bare, Fastify,
 * portal…, so a noisy neighbour on the machine hurts every side alike. Exits 1 if any request failed or got
 * a non-2xx answer, or the orders in a database are not exactly the ones answered as created.
 * `npm run bench` then runs bench-web.ts (Lighthouse on the pages) as its own step, after this script
 * succeeded.
 */
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import {
  benchmarkOrders,
  benchmarkOrdersOnPostgres,
  printOrderSummary,
  newCustomer,
  readOrderSettings,
  sessionCookie,
  targetOf,
  writeCustomerList,
  type OrderBench,
  type OrderRun,
  type OrderSettings,
} from './bench-orders';
import { ENDPOINT_TARGETS, writeApiReadme } from './bench-api-report';
import { startBaselines, type CapturedResponse, type HttpMethod } from './bench-bare';
import {
  benchmarkOrderPdf,
  printOrderPdf,
  readOrderPdfSettings,
  type OrderPdfSettings,
} from './bench-order-pdf';
import { benchmarkHostileBody, printHostileBody, readHostileBodySettings } from './bench-hostile-body';
import {
  adminCases,
  benchmarkCompression,
  printCompressionSummary,
  signInAdmin,
  type CompressionCase,
  type CompressionSettings,
  type CompressionSummary,
  type LoadRunner,
} from './bench-compression';
import {
  CleanupStack,
  integerFormat,
  isRunning,
  latencyFormat,
  makeTempDir,
  readPositiveNumber,
  startPortal,
  stopChild,
  type Portal,
  type Target,
  type TargetName,
} from './bench-support';
import { median } from './bench-readme';

/** One request to load-test. Add POST endpoints here: Origin and JSON content-type are added for them. */
interface BenchEndpoint {
  name: string;
  method: HttpMethod;
  /** Path and query, e.g. '/api/products'. */
  path: string;
  /** JSON body, sent as is if a string, else JSON.stringify'd. */
  body?: unknown;
  headers?: Record<string, string>;
}

const ENDPOINTS: readonly BenchEndpoint[] = [
  { name: 'Product list', method: 'GET', path: '/api/products' },
  {
    name: 'Cart prices',
    method: 'POST',
    path: '/api/calculate-prices',
    body: {
      items: [
        { productId: 1, quantity: 24 },
        { productId: 21, quantity: 12 },
      ],
      totalCases: 3,
    },
  },
];

/** One customer's first page of order history, read after the order run (so it holds orders): compressed. */
function orderHistoryEndpoint(portal: Portal, bench: OrderBench): BenchEndpoint {
  const customer = bench.customers.groups[0]?.[0];
  if (!customer) throw new Error('No customer to read the order history of');
  return {
    name: 'Order history',
    method: 'GET',
    path: '/api/orders?page=1&limit=5',
    headers: { cookie: sessionCookie(portal, customer.sessionTokens[0] ?? '') },
  };
}

/** The larger answers whose compression is measured: order history and the admin orders page and export. */
async function compressionCases(portal: Portal, bench: OrderBench): Promise<CompressionCase[]> {
  const history = orderHistoryEndpoint(portal, bench);
  const customerCookie = history.headers?.cookie ?? '';
  return [
    { name: 'Order history (5 a page)', path: history.path, cookie: customerCookie },
    ...adminCases(await signInAdmin(portal)),
  ];
}

/**
 * Fewer connections than the portal/bare runs: an admin page or an export is not asked for by 50 at once,
 * and 10 keep the single-threaded portal busy. A CSV export of every order takes tens of milliseconds on
 * PGlite; 50 queued exports would wait seconds each.
 */
const COMPRESSION_CONNECTIONS = 10;

const README_PATH = fileURLToPath(new URL('../README.md', import.meta.url));
/** After the orders, wait for the portal's outbox worker to finish printing their e-mails (at most 60 s). */
const OUTBOX_QUIET_MS = 1_500;
const OUTBOX_WAIT_MS = 60_000;
const SAFE_METHODS = new Set<HttpMethod>(['GET']);

interface Settings {
  seconds: number;
  rounds: number;
  connections: number;
  warmupSeconds: number;
  compression: CompressionSettings;
  pdf: OrderPdfSettings;
}

interface RunResult {
  target: TargetName;
  round: number;
  requestsPerSecond: number;
  p50: number;
  p99: number;
  problems: string[];
}

// ---------------------------------------------------------------------------------------------------------
// Settings
// ---------------------------------------------------------------------------------------------------------

function readSettings(): Settings {
  const seconds = readPositiveNumber('BENCH_SECONDS', 8);
  // A short unmeasured run per server lets V8 optimise the hot paths before the first measured round.
  const warmupSeconds = readPositiveNumber('BENCH_WARMUP_SECONDS', 1, { allowZero: true });
  return {
    seconds,
    rounds: readPositiveNumber('BENCH_ROUNDS', 3, { integer: true }),
    connections: readPositiveNumber('BENCH_CONNECTIONS', 50, { integer: true }),
    warmupSeconds,
    compression: {
      // Several paired rounds: the ratio of each pair is read, and their median is the figure.
      rounds: readPositiveNumber('BENCH_COMPRESSION_ROUNDS', 3, { integer: true }),
      connections: COMPRESSION_CONNECTIONS,
      seconds,
      warmupRequests: warmupSeconds > 0 ? COMPRESSION_CONNECTIONS * 3 : 0,
    },
    pdf: readOrderPdfSettings(),
  };
}

// ---------------------------------------------------------------------------------------------------------
// Requests and load
// ---------------------------------------------------------------------------------------------------------

/** State-changing requests need the portal's own Origin (same-origin check) and a JSON body. */
function requestHeaders(endpoint: BenchEndpoint, appOrigin: string): Record<string, string> {
  const defaults: Record<string, string> = SAFE_METHODS.has(endpoint.method)
    ? {}
    : { origin: appOrigin, 'content-type': 'application/json' };
  return { ...defaults, ...endpoint.headers };
}

function requestBody(endpoint: BenchEndpoint): string | undefined {
  if (endpoint.body === undefined) return undefined;
  return typeof endpoint.body === 'string' ? endpoint.body : JSON.stringify(endpoint.body);
}

/** Asks the portal once per endpoint; the baselines will answer with exactly these bytes. */
async function captureResponses(
  portal: Portal,
  endpoints: readonly BenchEndpoint[],
): Promise<CapturedResponse[]> {
  const captured: CapturedResponse[] = [];
  for (const endpoint of endpoints) {
    const response = await fetch(portal.baseUrl + endpoint.path, {
      method: endpoint.method,
      // As autocannon asks: for the answer uncompressed.
      headers: { ...requestHeaders(endpoint, portal.appOrigin), 'accept-encoding': 'identity' },
      body: requestBody(endpoint),
    });
    const body = Buffer.from(await response.arrayBuffer());
    if (!response.ok) {
      throw new Error(
        `${describe(endpoint)} answered ${response.status}: ${body.toString('utf8').slice(0, 500)}`,
      );
    }
    captured.push({
      method: endpoint.method,
      path: endpoint.path,
      status: response.status,
      headers: replayedHeaders(response.headers),
      bodyBase64: body.toString('base64'),
    });
  }
  return captured;
}

/** Written by Node's http module on its own, or about the connection, not the answer. */
const NODE_WRITES = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding', 'content-length']);

/**
 * The answer's own headers (security headers, cache-control, request id…), so the baselines send the same
 * bytes as the portal: the comparison is of the work behind them, not of how many headers go out.
 */
function replayedHeaders(headers: Headers): Record<string, string> {
  return Object.fromEntries([...headers].filter(([name]) => !NODE_WRITES.has(name)));
}

let activeLoad: autocannon.Instance | null = null;
let interrupted = false;

const loadRunner: LoadRunner = {
  run: (options) => runLoad(options),
  problems: (result) => findProblems(result),
};

function runLoad(options: autocannon.Options): Promise<autocannon.Result> {
  if (interrupted) return Promise.reject(new Error('interrupted'));
  return new Promise((resolve, reject) => {
    activeLoad = autocannon(options, (error: unknown, result) => {
      activeLoad = null;
      if (error) reject(error instanceof Error ? error : new Error('autocannon failed', { cause: error }));
      else resolve(result);
    });
  });
}

/** Anything that is not a clean 2xx answer makes the whole benchmark fail. */
function findProblems(result: autocannon.Result): string[] {
  const problems: string[] = [];
  if (result.errors > 0) problems.push(`${result.errors} errors (${result.timeouts} of them timeouts)`);
  if (result.non2xx > 0) {
    const codes = Object.entries(result.statusCodeStats ?? {})
      .filter(([code]) => !code.startsWith('2'))
      .map(([code, stats]) => `${code}×${stats.count ?? 0}`);
    problems.push(`${result.non2xx} non-2xx answers (${codes.join(', ')})`);
  }
  if (result.requests.total === 0) problems.push('no request completed');
  return problems;
}

interface LoadPlan {
  endpoint: BenchEndpoint;
  appOrigin: string;
  settings: Settings;
}

function loadOptions(target: Target, plan: LoadPlan, seconds: number): autocannon.Options {
  return {
    url: target.baseUrl + plan.endpoint.path,
    method: plan.endpoint.method,
    headers: requestHeaders(plan.endpoint, plan.appOrigin),
    body: requestBody(plan.endpoint),
    connections: plan.settings.connections,
    duration: seconds,
  };
}

async function measure(target: Target, plan: LoadPlan, round: number): Promise<RunResult> {
  if (!isRunning(target.child)) throw new Error(`The ${target.name} server is no longer running`);
  const result = await runLoad(loadOptions(target, plan, plan.settings.seconds));
  return {
    target: target.name,
    round,
    requestsPerSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    problems: findProblems(result),
  };
}

async function warmUp(targets: readonly Target[], plan: LoadPlan): Promise<string[]> {
  if (plan.settings.warmupSeconds === 0) return [];
  const problems: string[] = [];
  for (const target of targets) {
    const result = await runLoad(loadOptions(target, plan, plan.settings.warmupSeconds));
    problems.push(...findProblems(result).map((problem) => `${target.name} warm-up: ${problem}`));
  }
  return problems;
}

// ---------------------------------------------------------------------------------------------------------
// Report
// ---------------------------------------------------------------------------------------------------------

interface EndpointSummary {
  endpoint: BenchEndpoint;
  runs: RunResult[];
  portal: Averages;
  bare: Averages;
  fastify: Averages;
  /** portal / bare node:http requests per second. */
  ratio: number;
  /** portal / bare Fastify route requests per second. */
  fastifyRatio: number;
  problems: string[];
}

interface Averages {
  requestsPerSecond: number;
  p50: number;
  p99: number;
}

function describe(endpoint: BenchEndpoint): string {
  return `${endpoint.method} ${endpoint.path}`;
}

/** Medians over the rounds (issue 15: the machine is shared and noisy). */
function averageOf(runs: readonly RunResult[]): Averages {
  return {
    requestsPerSecond: median(runs.map((run) => run.requestsPerSecond)),
    p50: median(runs.map((run) => run.p50)),
    p99: median(runs.map((run) => run.p99)),
  };
}

function tableRow(label: string, values: Averages): string {
  return [
    label.padEnd(16),
    integerFormat.format(values.requestsPerSecond).padStart(10),
    latencyFormat.format(values.p50).padStart(9),
    latencyFormat.format(values.p99).padStart(9),
  ].join(' ');
}

function printEndpointTable(summary: EndpointSummary, settings: Settings) {
  console.log(`\n${summary.endpoint.name}: ${describe(summary.endpoint)}`);
  console.log(`${''.padEnd(16)} ${'req/s'.padStart(10)} ${'p50 ms'.padStart(9)} ${'p99 ms'.padStart(9)}`);
  for (const run of summary.runs) console.log(tableRow(`${run.target} #${run.round}`, run));
  const meanLabel = settings.rounds > 1 ? `median of ${settings.rounds}` : 'result';
  console.log(tableRow(`portal ${meanLabel}`, summary.portal));
  console.log(tableRow(`bare ${meanLabel}`, summary.bare));
  console.log(tableRow(`fastify ${meanLabel}`, summary.fastify));
  console.log(
    `ratio portal/bare node:http req/s: ${summary.ratio.toFixed(2)}; ` +
      `portal/bare Fastify route: ${summary.fastifyRatio.toFixed(2)}`,
  );
  for (const problem of summary.problems) console.log(`  FAILED: ${problem}`);
}

function printSummary(summaries: readonly EndpointSummary[]) {
  console.log('\nSummary (medians over rounds)');
  console.log(
    'endpoint'.padEnd(28),
    'portal req/s  p50/p99 ms'.padEnd(27),
    'bare req/s  p50/p99 ms'.padEnd(25),
    'Fastify req/s  p50/p99 ms'.padEnd(27),
    'ratio bare',
    'ratio Fastify',
  );
  for (const summary of summaries) {
    const side = (values: Averages) =>
      `${integerFormat.format(values.requestsPerSecond).padStart(12)}  ${latencyFormat.format(values.p50)}/${latencyFormat.format(values.p99)}`;
    console.log(
      describe(summary.endpoint).padEnd(28),
      side(summary.portal).padEnd(27),
      side(summary.bare).padEnd(25),
      side(summary.fastify).padEnd(27),
      summary.ratio.toFixed(2).padStart(10),
      summary.fastifyRatio.toFixed(2).padStart(13),
    );
  }
}

// ---------------------------------------------------------------------------------------------------------
// Main
// ---------------------------------------------------------------------------------------------------------

/** Warm-up, then rounds of portal, bare, Fastify, so all see the same machine conditions over time. */
async function benchmarkEndpoint(
  endpoint: BenchEndpoint,
  portal: Portal,
  baselines: { bare: Target; fastify: Target },
  settings: Settings,
): Promise<EndpointSummary> {
  const plan: LoadPlan = { endpoint, appOrigin: portal.appOrigin, settings };
  const targets = [portal, baselines.bare, baselines.fastify];
  const problems = await warmUp(targets, plan);
  const runs: RunResult[] = [];
  for (let round = 1; round <= settings.rounds; round += 1) {
    for (const target of targets) {
      const run = await measure(target, plan, round);
      runs.push(run);
      problems.push(...run.problems.map((problem) => `${run.target} #${round}: ${problem}`));
    }
  }
  const averages = (name: TargetName) => averageOf(runs.filter((run) => run.target === name));
  const [portalAverages, bareAverages, fastifyAverages] = [
    averages('portal'),
    averages('bare'),
    averages('fastify'),
  ];
  return {
    endpoint,
    runs,
    portal: portalAverages,
    bare: bareAverages,
    fastify: fastifyAverages,
    ratio: portalAverages.requestsPerSecond / bareAverages.requestsPerSecond,
    fastifyRatio: portalAverages.requestsPerSecond / fastifyAverages.requestsPerSecond,
    problems,
  };
}

function installSignalHandlers(cleanup: CleanupStack) {
  const onSignal = (signal: NodeJS.Signals) => {
    if (interrupted) return;
    interrupted = true;
    console.error(`\n${signal}: stopping the load and the servers…`);
    activeLoad?.stop();
    void cleanup.run().finally(() => process.exit(130));
  };
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
}

function readAllSettings(): { settings: Settings; orderSettings: OrderSettings } | null {
  try {
    const settings = readSettings();
    return { settings, orderSettings: readOrderSettings({ warmUp: settings.warmupSeconds > 0 }) };
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    return null;
  }
}

/** The endpoints against the baselines, on a fresh PGlite portal: for quick work on those ratios. */
async function benchmarkApiOnly(cleanup: CleanupStack, settings: Settings): Promise<EndpointSummary[]> {
  const portal = await startPortal(cleanup, { DATA_DIR: makeTempDir(cleanup, 'wholesale-bench-') });
  const summaries = await benchmarkAgainstBare(portal, cleanup, settings);
  printSummary(summaries);
  return summaries;
}

/** The order PDF alone, on a fresh PGlite portal with one customer of its own: prints, writes nothing. */
async function benchmarkPdfOnly(cleanup: CleanupStack, settings: Settings) {
  const database = { DATA_DIR: makeTempDir(cleanup, 'wholesale-bench-') };
  const customer = newCustomer('bench-pdf', 1);
  await writeCustomerList(targetOf(database), [customer], false);
  const figures = await benchmarkOrderPdf(await startPortal(cleanup, database), customer, settings.pdf);
  printOrderPdf(figures);
}

/** A deeply nested body against a cart's, on a fresh PGlite portal (issue 29 §3): prints, writes nothing. */
async function benchmarkHostileBodyOnly(cleanup: CleanupStack) {
  const portal = await startPortal(cleanup, { DATA_DIR: makeTempDir(cleanup, 'wholesale-bench-') });
  const figures = await benchmarkHostileBody(portal, readHostileBodySettings());
  printHostileBody(figures);
}

async function benchmarkAgainstBare(
  portal: Portal,
  cleanup: CleanupStack,
  settings: Settings,
): Promise<EndpointSummary[]> {
  const baselines = await startBaselines(await captureResponses(portal, ENDPOINTS), cleanup);
  console.log(
    `\nPortal (PGlite) vs bare node:http and a bare Fastify route (bench-bare.ts): ${settings.connections} ` +
      `connections, ${settings.rounds} round(s) × ${settings.seconds} s per server, alternating.`,
  );
  const summaries: EndpointSummary[] = [];
  for (const endpoint of ENDPOINTS) {
    const summary = await benchmarkEndpoint(endpoint, portal, baselines, settings);
    printEndpointTable(summary, settings);
    summaries.push(summary);
  }
  await stopChild(baselines.bare.child);
  await stopChild(baselines.fastify.child);
  return summaries;
}

async function main() {
  const all = readAllSettings();
  if (!all) {
    process.exitCode = 1;
    return;
  }
  const { settings, orderSettings } = all;
  const cleanup = new CleanupStack();
  installSignalHandlers(cleanup);
  const startedAt = Date.now();
  try {
    console.log(`Benchmark on ${os.cpus().length} CPUs, Node ${process.version}.`);
    if (process.env.BENCH_ONLY === 'api') {
      const summaries = await benchmarkApiOnly(cleanup, settings);
      if (summaries.some((summary) => summary.problems.length > 0)) process.exitCode = 1;
      return;
    }
    if (process.env.BENCH_ONLY === 'pdf') {
      await benchmarkPdfOnly(cleanup, settings);
      return;
    }
    if (process.env.BENCH_ONLY === 'hostile-body') {
      await benchmarkHostileBodyOnly(cleanup);
      return;
    }
    if (process.env.BENCH_ONLY === 'orders-pg') {
      const postgres = await benchmarkOrdersOnPostgres(cleanup, orderSettings);
      if (postgres) printOrderSummary([postgres], orderSettings);
      return;
    }
    // Orders first, on the portal's PGlite, so that the order history read below has orders to show.
    const pglite = await benchmarkOrders(
      cleanup,
      { DATA_DIR: makeTempDir(cleanup, 'wholesale-bench-') },
      orderSettings,
    );
    const portal = pglite.portal;
    const waited = await portal.waitUntilQuiet(OUTBOX_QUIET_MS, OUTBOX_WAIT_MS);
    console.log(`(${(waited / 1000).toFixed(1)} s until the portal had sent the order e-mails)`);
    // Order history is measured against its raw query (bench-orders.ts), not against fixed bytes.
    const summaries = await benchmarkAgainstBare(portal, cleanup, settings);

    const compression: CompressionSummary[] = await benchmarkCompression(
      portal,
      await compressionCases(portal, pglite),
      settings.compression,
      loadRunner,
    );
    const pdf = await benchmarkOrderPdf(portal, pglite.customers.pdf, settings.pdf);
    pglite.run.ordersAnswered += pdf.ordersPlaced;
    printOrderPdf(pdf);
    const hostileBody = await benchmarkHostileBody(portal, readHostileBodySettings());

    const orderRuns: OrderRun[] = [await pglite.finish()];
    const postgres = await benchmarkOrdersOnPostgres(cleanup, orderSettings);
    if (postgres) orderRuns.push(postgres);

    printSummary(summaries);
    printCompressionSummary(compression);
    printOrderSummary(orderRuns, orderSettings);
    printOrderPdf(pdf);
    printHostileBody(hostileBody);
    const failed =
      summaries.some((summary) => summary.problems.length > 0) ||
      compression.some((summary) => summary.problems.length > 0) ||
      orderRuns.some((run) => run.problems.length > 0);
    console.log(
      `\n${failed ? 'FAILED: some requests errored or were not 2xx, or an order count is off' : 'OK'} in ${Math.round((Date.now() - startedAt) / 1000)} s`,
    );
    if (failed) process.exitCode = 1;
    else if (process.env.BENCH_README !== '0') {
      const bare = summaries.map((summary) => ({
        label: describe(summary.endpoint),
        portal: summary.portal.requestsPerSecond,
        bare: summary.bare.requestsPerSecond,
        ratio: summary.ratio,
        fastify: summary.fastify.requestsPerSecond,
        fastifyRatio: summary.fastifyRatio,
        ...(ENDPOINT_TARGETS[describe(summary.endpoint)] === undefined
          ? {}
          : { target: ENDPOINT_TARGETS[describe(summary.endpoint)] }),
      }));
      await writeApiReadme(README_PATH, bare, orderRuns, pdf, {
        rounds: settings.rounds,
        seconds: settings.seconds,
        orders: orderSettings,
      });
      console.log(`Wrote the figures into ${README_PATH} (BENCH_README=0 to leave it alone).`);
    }
  } catch (error) {
    if (!interrupted) {
      console.error(error instanceof Error ? error.message : error);
      process.exitCode = 1;
    }
  } finally {
    await cleanup.run();
  }
}

void main();
