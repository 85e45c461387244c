/**
 * Lighthouse on the built portal, as a phone would see it (issue 14): `/` signed out, `/` signed in, `/orders`
 * and `/admin`, each BENCH_WEB_RUNS times (3), reporting the median of every figure next to its target, the
 * audits that keep a category below 100, the initial JavaScript of `/`, what `/` fetches by network idle
 * (its JavaScript and in all) and each page's largest requests; the table goes into README.md.
 *
 *   npm run bench:web                  # build, then 4 pages × 3 Lighthouse runs (about 5 minutes)
 *   BENCH_WEB_RUNS=1 npm run bench:web
 *   CHROMIUM_PATH=/usr/bin/chromium BENCH_WEB_REPORT_DIR=lighthouse-reports npm run bench:web
 *
 * The portal runs on a temporary data folder with the demo customers (SEED_DEMO=1). The customer signs in
 * through the real magic link (bench-web-sign-in.ts) and submits a few orders, so /orders shows rows; the
 * administrator signs in with the password. Each Lighthouse run gets a fresh Chromium with a new profile
 * (bench-web-lighthouse.ts), and rounds go page after page, so noise on the shared machine hits every page
 * alike. Exits 1 on a real failure (portal, sign-in, Lighthouse); a missed target is reported, not fatal.
 */
import { existsSync, mkdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { CleanupStack, makeTempDir, readPositiveNumber, startPortal, type Portal } from './bench-support';
import {
  chromiumVersion,
  killActiveChrome,
  LighthouseRunError,
  runLighthouse,
  type PageRun,
} from './bench-web-lighthouse';
import {
  failingAuditsReport,
  initialJavaScriptLine,
  largestRequests,
  measureInitialJavaScript,
  resultsTable,
  writeReadme,
  type InitialJavaScript,
  type PageSummary,
  type WebPage,
} from './bench-web-report';
import { median } from './bench-readme';
import { giveOrders, signInAdmin, signInCustomer, type Session } from './bench-web-sign-in';
import { CHROMIUM_PATH } from './chromium';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const CUSTOMER_EMAIL = 'demo@example.com';
/** More than one page of /orders (5 a page). */
const CUSTOMER_ORDERS = 6;
/** After the orders, let the portal's outbox worker finish printing their e-mails (at most 60 s). */
const OUTBOX_QUIET_MS = 1_500;
const OUTBOX_WAIT_MS = 60_000;
const LIGHTHOUSE_ATTEMPTS = 3;
/** How many of each page's requests the report lists, largest first. */
const LARGEST_REQUESTS = 12;

const PAGES: readonly WebPage[] = [
  { label: '`/` signed out', slug: 'home-signed-out', path: '/', session: 'visitor' },
  { label: '`/` signed in', slug: 'home-signed-in', path: '/', session: 'customer' },
  { label: '`/orders`', slug: 'orders', path: '/orders', session: 'customer' },
  { label: '`/admin`', slug: 'admin', path: '/admin', session: 'admin' },
];

interface Settings {
  runs: number;
  chromePath: string;
  /** BENCH_WEB_REPORT_DIR: a folder for Lighthouse's HTML report of every run; null for none. */
  reportDir: string | null;
}

function readSettings(): Settings {
  const chromePath = CHROMIUM_PATH;
  if (!existsSync(chromePath)) {
    throw new Error(`No Chromium at ${chromePath}: apt-get install chromium, or set CHROMIUM_PATH.`);
  }
  const reportDir = process.env.BENCH_WEB_REPORT_DIR ? path.resolve(process.env.BENCH_WEB_REPORT_DIR) : null;
  return { runs: readPositiveNumber('BENCH_WEB_RUNS', 3, { integer: true, max: 15 }), chromePath, reportDir };
}

let interrupted = false;

function installSignalHandlers(cleanup: CleanupStack) {
  const onSignal = (signal: NodeJS.Signals) => {
    if (interrupted) return;
    interrupted = true;
    console.error(`\n${signal}: stopping Chromium and the portal…`);
    void cleanup.run().finally(() => process.exit(130));
  };
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
}

/** The portal with the demo customers, a customer with orders and an administrator, both signed in. */
async function preparePortal(cleanup: CleanupStack) {
  const portal = await startPortal(
    cleanup,
    { DATA_DIR: makeTempDir(cleanup, 'wholesale-bench-web-') },
    { SEED_DEMO: '1' },
  );
  const customer = await signInCustomer(portal, CUSTOMER_EMAIL);
  await giveOrders(portal, customer, CUSTOMER_ORDERS);
  const admin = await signInAdmin(portal);
  console.log(
    `Portal at ${portal.appOrigin}: ${CUSTOMER_EMAIL} signed in by magic link with ${CUSTOMER_ORDERS} ` +
      `orders, ${admin.user.username} signed in with the password.`,
  );
  await portal.waitUntilQuiet(OUTBOX_QUIET_MS, OUTBOX_WAIT_MS);
  return {
    portal,
    sessions: { visitor: null, customer, admin } satisfies Record<WebPage['session'], Session | null>,
  };
}

/**
 * Lighthouse fails now and then on a busy machine (NO_NAVSTART, NO_FCP, a protocol timeout) and says to run
 * it again; a run is tried up to LIGHTHOUSE_ATTEMPTS times before the benchmark fails.
 */
async function withRetries(run: () => Promise<PageRun>): Promise<PageRun> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await run();
    } catch (error) {
      if (!(error instanceof LighthouseRunError) || attempt >= LIGHTHOUSE_ATTEMPTS || interrupted)
        throw error;
      console.log(`  ${error.message}: trying again (${attempt + 1} of ${LIGHTHOUSE_ATTEMPTS})`);
    }
  }
}

async function measurePages(
  portal: Portal,
  sessions: Record<WebPage['session'], Session | null>,
  settings: Settings,
): Promise<PageSummary[]> {
  const summaries: PageSummary[] = PAGES.map((page) => ({ page, runs: [] as PageRun[] }));
  if (settings.reportDir) mkdirSync(settings.reportDir, { recursive: true });
  for (let round = 1; round <= settings.runs; round += 1) {
    for (const summary of summaries) {
      if (interrupted) throw new Error('interrupted');
      const started = Date.now();
      const url = portal.appOrigin + summary.page.path;
      const run = await withRetries(() =>
        runLighthouse(url, {
          cookie: sessions[summary.page.session]?.cookie ?? null,
          chromePath: settings.chromePath,
          reportPath:
            settings.reportDir && path.join(settings.reportDir, `${summary.page.slug}-${round}.html`),
        }),
      );
      summary.runs.push(run);
      console.log(
        `run ${round}/${settings.runs} ${summary.page.label}: performance ${run.scores.performance}, ` +
          `accessibility ${run.scores.accessibility}, best practices ${run.scores['best-practices']} ` +
          `(${Math.round((Date.now() - started) / 1000)} s)`,
      );
    }
  }
  return summaries;
}

function printReport(
  summaries: readonly PageSummary[],
  table: string,
  initialJs: InitialJavaScript,
  runs: number,
) {
  console.log(`\nLighthouse, mobile profile, simulated throttling: medians of ${runs} run(s)\n`);
  console.log(table);
  console.log(`\n${initialJavaScriptLine(initialJs)}`);
  for (const { file, gzipBytes } of [...initialJs.files].sort((a, b) => b.gzipBytes - a.gzipBytes)) {
    console.log(`  ${(gzipBytes / 1024).toFixed(1).padStart(6)} KB  ${file}`);
  }
  for (const summary of summaries) {
    console.log(`\nLargest requests of ${summary.page.label} (last run):`);
    for (const line of largestRequests(summary, LARGEST_REQUESTS)) console.log(line);
  }
  const audits = failingAuditsReport(summaries);
  if (audits.length > 0) {
    console.log('\nAudits below the pass mark in categories under 100 (in how many runs):');
    for (const line of audits) console.log(line);
  }
  const warnings = new Set(summaries.flatMap((summary) => summary.runs.flatMap((run) => run.warnings)));
  for (const warning of warnings) console.log(`Lighthouse warning: ${warning}`);
  const errored = new Set(summaries.flatMap((summary) => summary.runs.flatMap((run) => run.errored)));
  if (errored.size > 0) console.log('\nAudits Lighthouse could not compute (in some run):');
  for (const audit of errored) console.log(`  ${audit}`);
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
  cleanup.push(killActiveChrome);
  installSignalHandlers(cleanup);
  const startedAt = Date.now();
  try {
    console.log(`Lighthouse benchmark on ${os.cpus().length} CPUs, Node ${process.version}.`);
    const initialJs = measureInitialJavaScript(path.join(ROOT, 'dist', 'client'));
    const { portal, sessions } = await preparePortal(cleanup);
    const summaries = await measurePages(portal, sessions, settings);
    await portal.stop();

    const table = resultsTable(summaries);
    printReport(summaries, table, initialJs, settings.runs);
    await writeReadme(path.join(ROOT, 'README.md'), {
      table,
      initialJs: initialJavaScriptLine(initialJs),
      runs: settings.runs,
      lighthouseVersion: summaries[0]?.runs[0]?.lighthouseVersion ?? '?',
      browser: chromiumVersion(settings.chromePath),
      benchmarkIndex: median(summaries.flatMap((summary) => summary.runs.map((run) => run.benchmarkIndex))),
    });
    console.log(`\nREADME.md updated. Done in ${Math.round((Date.now() - startedAt) / 1000)} s.`);
  } catch (error) {
    if (!interrupted) {
      console.error(`\nFAILED: ${error instanceof Error ? error.message : String(error)}`);
      process.exitCode = 1;
    }
  } finally {
    await cleanup.run();
  }
}

void main();
