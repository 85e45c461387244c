/**
 * Throughput benchmark: the built portal against a bare `node:http` server that answers the very same bytes,
 * so the figure shows what Fastify, its plugins and the database cost on top of Node's HTTP floor.
 *
 *   npm run bench                       # build, then 2 rounds × 10 s per server and endpoint (~45 s)
 *   BENCH_SECONDS=5 BENCH_ROUNDS=1 npm run bench
 *
 * Each server runs in its own child process; autocannon runs here. Runs alternate portal, bare, portal,
 * bare, so a noisy neighbour on the machine hurts both sides alike. Exits 1 if any request failed or got a
 * non-2xx answer. The same file, started with --bare-server, is the bare server (see runBareServer).
 */
import { fork, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { findFreePort } from './free-port';

type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

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

const SCRIPT_PATH = fileURLToPath(import.meta.url);
const SERVER_ENTRY = path.resolve(path.dirname(SCRIPT_PATH), '..', 'dist', 'server', 'main.js');
const BARE_SERVER_FLAG = '--bare-server';
const LOOPBACK = '127.0.0.1';
const PORTAL_START_TIMEOUT_MS = 60_000;
const CHILD_STOP_TIMEOUT_MS = 10_000;
const SAFE_METHODS = new Set<HttpMethod>(['GET']);

interface Settings {
  seconds: number;
  rounds: number;
  connections: number;
  warmupSeconds: number;
}

/** What the portal answered once, replayed byte for byte by the bare server. */
interface CapturedResponse {
  method: HttpMethod;
  path: string;
  status: number;
  contentType: string;
  bodyBase64: string;
}

type ParentMessage = { type: 'serve'; responses: CapturedResponse[] };
type ChildMessage = { type: 'listening'; port: number };

type TargetName = 'portal' | 'bare';

interface Target {
  name: TargetName;
  baseUrl: string;
  child: ChildProcess;
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
// Bare server (child process)
// ---------------------------------------------------------------------------------------------------------

function routeKey(method: string, requestPath: string): string {
  return `${method} ${requestPath}`;
}

/** Serves the captured responses on a free port and reports it to the parent over IPC. */
function runBareServer() {
  // The parent going away, even killed, closes the IPC channel: never outlive it.
  process.once('disconnect', () => process.exit(0));
  process.once('message', (message: ParentMessage) => {
    const routes = new Map(
      message.responses.map((captured) => {
        const body = Buffer.from(captured.bodyBase64, 'base64');
        const headers = { 'content-type': captured.contentType, 'content-length': String(body.length) };
        return [routeKey(captured.method, captured.path), { status: captured.status, headers, body }];
      }),
    );
    const server = http.createServer((request, response) => {
      const route = routes.get(routeKey(request.method ?? 'GET', request.url ?? '/'));
      // Read the request body to its end before answering, as the portal has to for a POST.
      request.resume();
      request.once('end', () => {
        if (!route) {
          response.writeHead(404).end();
          return;
        }
        response.writeHead(route.status, route.headers).end(route.body);
      });
    });
    server.listen(0, LOOPBACK, () => {
      const address = server.address();
      if (typeof address !== 'object' || !address) throw new Error('bare server has no port');
      const reply: ChildMessage = { type: 'listening', port: address.port };
      process.send?.(reply);
    });
  });
}

// ---------------------------------------------------------------------------------------------------------
// Settings and clean-up
// ---------------------------------------------------------------------------------------------------------

function readPositiveNumber(
  name: string,
  fallback: number,
  { integer = false, allowZero = false } = {},
): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  const valid =
    Number.isFinite(value) && (allowZero ? value >= 0 : value > 0) && (!integer || Number.isInteger(value));
  if (!valid) {
    const kind = integer ? 'whole number' : 'number';
    throw new Error(`${name} must be a ${kind} ${allowZero ? 'of 0 or more' : 'above 0'}, got "${raw}"`);
  }
  return value;
}

function readSettings(): Settings {
  return {
    seconds: readPositiveNumber('BENCH_SECONDS', 10),
    rounds: readPositiveNumber('BENCH_ROUNDS', 2, { integer: true }),
    connections: readPositiveNumber('BENCH_CONNECTIONS', 50, { integer: true }),
    // A short unmeasured run per server lets V8 optimise the hot paths before the first measured round.
    warmupSeconds: readPositiveNumber('BENCH_WARMUP_SECONDS', 1, { allowZero: true }),
  };
}

/** Undo steps run once, newest first, whether the run ends normally, fails or is interrupted. */
class CleanupStack {
  private readonly steps: Array<() => Promise<void> | void> = [];
  private running: Promise<void> | null = null;

  push(step: () => Promise<void> | void) {
    this.steps.push(step);
  }

  get started(): boolean {
    return this.running !== null;
  }

  run(): Promise<void> {
    this.running ??= (async () => {
      for (const step of this.steps.reverse()) {
        try {
          await step();
        } catch (error) {
          console.error('clean-up step failed:', error);
        }
      }
    })();
    return this.running;
  }
}

function isRunning(child: ChildProcess): boolean {
  return child.exitCode === null && child.signalCode === null;
}

/** SIGTERM first, so the portal closes PGlite cleanly; SIGKILL if it takes too long. */
async function stopChild(child: ChildProcess): Promise<void> {
  if (!isRunning(child)) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), CHILD_STOP_TIMEOUT_MS);
  await exited;
  clearTimeout(timer);
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

// ---------------------------------------------------------------------------------------------------------
// Starting the servers
// ---------------------------------------------------------------------------------------------------------

/** Keeps the last few KiB a child printed, to show when it fails to start or dies. */
function keepRecentOutput(child: ChildProcess): () => string {
  let recent = '';
  const append = (chunk: Buffer) => {
    recent = (recent + chunk.toString('utf8')).slice(-8_192);
  };
  child.stdout?.on('data', append);
  child.stderr?.on('data', append);
  return () => recent.trim();
}

async function waitForHealth(url: string, child: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + PORTAL_START_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (!isRunning(child)) throw new Error(`The portal exited during start-up:\n${output()}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // Not listening yet (first start runs initdb, migrations and the seed).
    }
    await sleep(200);
  }
  throw new Error(
    `The portal did not answer ${url} within ${PORTAL_START_TIMEOUT_MS / 1000} s:\n${output()}`,
  );
}

/**
 * The built portal on a free loopback port with a throwaway PGlite folder. The environment is built from
 * scratch so a DATABASE_URL, APP_ORIGIN or Shopify setting in the caller's shell cannot leak into the run.
 */
async function startPortal(cleanup: CleanupStack): Promise<Target & { appOrigin: string }> {
  if (!existsSync(SERVER_ENTRY)) throw new Error(`${SERVER_ENTRY} is missing: run "npm run build" first.`);
  const port = await findFreePort(LOOPBACK);
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'wholesale-bench-'));
  cleanup.push(() => rmSync(dataDir, { recursive: true, force: true }));
  const appOrigin = `http://localhost:${port}`;

  const child = spawn(process.execPath, [SERVER_ENTRY], {
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      TMPDIR: process.env.TMPDIR,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: LOOPBACK,
      APP_ORIGIN: appOrigin,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      ADMIN_PASSWORD: 'Bench-Pass-1',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  cleanup.push(() => stopChild(child));
  const output = keepRecentOutput(child);
  child.once('exit', (code, signal) => {
    if (!cleanup.started) console.error(`\nThe portal exited unexpectedly (${signal ?? code}):\n${output()}`);
  });

  await waitForHealth(`http://${LOOPBACK}:${port}/api/health`, child, output);
  return { name: 'portal', baseUrl: `http://${LOOPBACK}:${port}`, child, appOrigin };
}

async function startBareServer(responses: CapturedResponse[], cleanup: CleanupStack): Promise<Target> {
  const child = fork(SCRIPT_PATH, [BARE_SERVER_FLAG], {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  cleanup.push(() => stopChild(child));
  const port = await new Promise<number>((resolve, reject) => {
    child.once('message', (message: ChildMessage) => resolve(message.port));
    child.once('exit', (code) => reject(new Error(`The bare server exited during start-up (code ${code})`)));
    const request: ParentMessage = { type: 'serve', responses };
    child.send(request);
  });
  return { name: 'bare', baseUrl: `http://${LOOPBACK}:${port}`, child };
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

/** Asks the portal once per endpoint; the bare server will answer with exactly these bytes. */
async function captureResponses(portal: Target, appOrigin: string): Promise<CapturedResponse[]> {
  const captured: CapturedResponse[] = [];
  for (const endpoint of ENDPOINTS) {
    const response = await fetch(portal.baseUrl + endpoint.path, {
      method: endpoint.method,
      headers: requestHeaders(endpoint, appOrigin),
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
      contentType: response.headers.get('content-type') ?? 'application/json',
      bodyBase64: body.toString('base64'),
    });
  }
  return captured;
}

let activeLoad: autocannon.Instance | null = null;
let interrupted = false;

function runLoad(options: autocannon.Options): Promise<autocannon.Result> {
  if (interrupted) return Promise.reject(new Error('interrupted'));
  return new Promise((resolve, reject) => {
    activeLoad = autocannon(options, (error: unknown, result) => {
      activeLoad = null;
      if (error) reject(error instanceof Error ? error : new Error(String(error)));
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
  ratio: number;
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

function averageOf(runs: readonly RunResult[]): Averages {
  const mean = (pick: (run: RunResult) => number) =>
    runs.reduce((sum, run) => sum + pick(run), 0) / runs.length;
  return {
    requestsPerSecond: mean((run) => run.requestsPerSecond),
    p50: mean((run) => run.p50),
    p99: mean((run) => run.p99),
  };
}

const integerFormat = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });
const latencyFormat = new Intl.NumberFormat('en-US', { minimumFractionDigits: 1, maximumFractionDigits: 1 });

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
  const meanLabel = settings.rounds > 1 ? `mean of ${settings.rounds}` : 'result';
  console.log(tableRow(`portal ${meanLabel}`, summary.portal));
  console.log(tableRow(`bare ${meanLabel}`, summary.bare));
  console.log(`ratio portal/bare req/s: ${summary.ratio.toFixed(2)}`);
  for (const problem of summary.problems) console.log(`  FAILED: ${problem}`);
}

function printSummary(summaries: readonly EndpointSummary[]) {
  console.log('\nSummary (means over rounds)');
  console.log(
    'endpoint'.padEnd(28),
    'portal req/s  p50/p99 ms'.padEnd(27),
    'bare req/s  p50/p99 ms'.padEnd(25),
    'ratio',
  );
  for (const summary of summaries) {
    const side = (values: Averages) =>
      `${integerFormat.format(values.requestsPerSecond).padStart(12)}  ${latencyFormat.format(values.p50)}/${latencyFormat.format(values.p99)}`;
    console.log(
      describe(summary.endpoint).padEnd(28),
      side(summary.portal).padEnd(27),
      side(summary.bare).padEnd(25),
      summary.ratio.toFixed(2),
    );
  }
}

// ---------------------------------------------------------------------------------------------------------
// Main
// ---------------------------------------------------------------------------------------------------------

/** Warm-up, then rounds of portal then bare, so both see the same machine conditions over time. */
async function benchmarkEndpoint(
  endpoint: BenchEndpoint,
  portal: Target & { appOrigin: string },
  bare: Target,
  settings: Settings,
): Promise<EndpointSummary> {
  const plan: LoadPlan = { endpoint, appOrigin: portal.appOrigin, settings };
  const problems = await warmUp([portal, bare], plan);
  const runs: RunResult[] = [];
  for (let round = 1; round <= settings.rounds; round += 1) {
    for (const target of [portal, bare]) {
      const run = await measure(target, plan, round);
      runs.push(run);
      problems.push(...run.problems.map((problem) => `${run.target} #${round}: ${problem}`));
    }
  }
  const portalAverages = averageOf(runs.filter((run) => run.target === 'portal'));
  const bareAverages = averageOf(runs.filter((run) => run.target === 'bare'));
  return {
    endpoint,
    runs,
    portal: portalAverages,
    bare: bareAverages,
    ratio: portalAverages.requestsPerSecond / bareAverages.requestsPerSecond,
    problems,
  };
}

function installSignalHandlers(cleanup: CleanupStack) {
  const onSignal = (signal: NodeJS.Signals) => {
    if (interrupted) return;
    interrupted = true;
    console.error(`\n${signal}: stopping the load and both servers…`);
    activeLoad?.stop();
    void cleanup.run().finally(() => process.exit(130));
  };
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
}

async function main() {
  let settings: Settings;
  try {
    settings = readSettings();
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exitCode = 1;
    return;
  }
  const cleanup = new CleanupStack();
  installSignalHandlers(cleanup);
  const startedAt = Date.now();
  try {
    const portal = await startPortal(cleanup);
    const bare = await startBareServer(await captureResponses(portal, portal.appOrigin), cleanup);

    console.log(
      `Portal vs bare node:http on ${os.cpus().length} CPUs, Node ${process.version}: ` +
        `${settings.connections} connections, ${settings.rounds} round(s) × ${settings.seconds} s per server, ` +
        `alternating portal/bare.`,
    );
    const summaries: EndpointSummary[] = [];
    for (const endpoint of ENDPOINTS) {
      const summary = await benchmarkEndpoint(endpoint, portal, bare, settings);
      printEndpointTable(summary, settings);
      summaries.push(summary);
    }
    printSummary(summaries);

    const failed = summaries.some((summary) => summary.problems.length > 0);
    console.log(
      `\n${failed ? 'FAILED: some requests errored or were not 2xx' : 'OK'} in ${Math.round((Date.now() - startedAt) / 1000)} s`,
    );
    if (failed) process.exitCode = 1;
  } catch (error) {
    if (!interrupted) {
      console.error(error instanceof Error ? error.message : error);
      process.exitCode = 1;
    }
  } finally {
    await cleanup.run();
  }
}

if (process.argv.includes(BARE_SERVER_FLAG)) runBareServer();
else void main();
