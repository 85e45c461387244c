/**
 * One Lighthouse run for `npm run bench:web` (see bench-web.ts): a fresh Chromium (new temporary profile, so
 * no cache, cookie or storage carries over from an earlier run), Lighthouse's default mobile profile with
 * simulated throttling, and the figures the report needs taken out of the result.
 */
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { type Flags, type Result } from 'lighthouse';
import { CHROMIUM_FLAGS } from './chromium';

export const CATEGORIES = ['performance', 'accessibility', 'best-practices'] as const;
export type CategoryId = (typeof CATEGORIES)[number];

const CHROME_FLAGS = ['--headless=new', ...CHROMIUM_FLAGS];
/** Lighthouse shows an audit scoring at least this as passed. */
const PASS_SCORE = 0.9;
const EXAMPLES_PER_AUDIT = 3;
const EXAMPLE_LENGTH = 160;

export interface FailingAudit {
  id: string;
  title: string;
  displayValue: string | undefined;
  /** Weight in its category's score (0 for the diagnostics of performance). */
  weight: number;
  /** The first few items Lighthouse lists: the console error, the element, the file. */
  examples: string[];
}

export interface NetworkRequest {
  /** Without the page's origin. */
  url: string;
  resourceType: string;
  transferSize: number;
}

export interface PageRun {
  /** 0–100 per category. */
  scores: Record<CategoryId, number>;
  lcpMs: number;
  cls: number;
  tbtMs: number;
  /** Bytes transferred for the whole page load (Lighthouse's total-byte-weight). */
  bytes: number;
  /** Bytes of JavaScript transferred by network idle (the scripts of Lighthouse's network-requests). */
  scriptBytes: number;
  /** Every request of the load (network-requests), for the report's list of the largest. */
  requests: NetworkRequest[];
  failing: Record<CategoryId, FailingAudit[]>;
  warnings: string[];
  /** Audits Lighthouse could not compute, as 'id: reason'. */
  errored: string[];
  lighthouseVersion: string;
  /** Lighthouse's measure of the machine's CPU speed during the run (higher is faster). */
  benchmarkIndex: number;
}

/** 'Chromium 156.0.8078.108' (Debian's wrapper prints more, and complains on stderr). */
export function chromiumVersion(chromePath: string): string {
  try {
    const printed = execFileSync(chromePath, ['--version'], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    });
    return /Chrom\w+ [\d.]+/.exec(printed)?.[0] ?? 'Chromium';
  } catch {
    return 'Chromium';
  }
}

/** Lighthouse itself failed (no result, or a runtime error such as NO_NAVSTART): worth another try. */
export class LighthouseRunError extends Error {
  override name = 'LighthouseRunError';
}

let activeChrome: chromeLauncher.LaunchedChrome | null = null;

/** Ends the Chromium of the run under way, if any (on Ctrl-C). */
export function killActiveChrome() {
  activeChrome?.kill();
  activeChrome = null;
}

function numericAudit(lhr: Result, id: string): number {
  const value = lhr.audits[id]?.numericValue;
  if (typeof value !== 'number')
    throw new Error(`Lighthouse reported no value for ${id} on ${lhr.finalDisplayedUrl}`);
  return value;
}

/** An item of an audit's details, as far as the examples read it. */
interface DetailsItem {
  description?: unknown;
  node?: { snippet?: unknown };
  url?: unknown;
  sourceLocation?: { url?: unknown };
}

/** What an audit's first items point at: a message (and where from), an element's HTML or a path, shortened. */
function examplesOf(details: unknown, origin: string): string[] {
  const items = (details as { items?: unknown } | undefined)?.items;
  if (!Array.isArray(items)) return [];
  const text = (value: unknown) =>
    typeof value === 'string' ? value.replaceAll(origin, '').replace(/\s+/g, ' ') : null;
  return (items as DetailsItem[])
    .slice(0, EXAMPLES_PER_AUDIT)
    .map((item) => {
      const description = text(item.description);
      const source = text(item.sourceLocation?.url);
      if (description) return source ? `${description} (${source})` : description;
      return text(item.node?.snippet) ?? text(item.url) ?? '';
    })
    .map((example) => example.slice(0, EXAMPLE_LENGTH))
    .filter((example) => example !== '');
}

/** The category's audits below Lighthouse's pass mark, leaving out hidden ones and unscored ones. */
function failingAudits(lhr: Result, category: CategoryId): FailingAudit[] {
  const failing: FailingAudit[] = [];
  for (const ref of lhr.categories[category]?.auditRefs ?? []) {
    const audit = lhr.audits[ref.id];
    if (!audit || ref.group === 'hidden' || audit.score === null || audit.score >= PASS_SCORE) continue;
    failing.push({
      id: ref.id,
      title: audit.title,
      displayValue: audit.displayValue,
      weight: ref.weight,
      examples: examplesOf(audit.details, new URL(lhr.finalDisplayedUrl).origin),
    });
  }
  return failing;
}

function score(lhr: Result, category: CategoryId): number {
  const value = lhr.categories[category]?.score;
  if (typeof value !== 'number')
    throw new Error(`Lighthouse gave no ${category} score for ${lhr.finalDisplayedUrl}`);
  return Math.round(value * 100);
}

/**
 * The requests Lighthouse recorded for the load, which it ends at network idle (network-requests). Its
 * total-byte-weight is the sum of their transfer sizes.
 */
function requestsOf(lhr: Result): NetworkRequest[] {
  const items = (lhr.audits['network-requests']?.details as { items?: unknown } | undefined)?.items;
  if (!Array.isArray(items))
    throw new Error(`Lighthouse reported no network requests for ${lhr.finalDisplayedUrl}`);
  const origin = new URL(lhr.finalDisplayedUrl).origin;
  return (items as Array<{ url?: unknown; resourceType?: unknown; transferSize?: unknown }>).map((item) => ({
    url: typeof item.url === 'string' ? item.url.replace(origin, '') : '',
    resourceType: typeof item.resourceType === 'string' ? item.resourceType : 'Other',
    transferSize: typeof item.transferSize === 'number' ? item.transferSize : 0,
  }));
}

function figuresOf(lhr: Result): PageRun {
  const requests = requestsOf(lhr);
  const scores = {} as Record<CategoryId, number>;
  const failing = {} as Record<CategoryId, FailingAudit[]>;
  for (const category of CATEGORIES) {
    scores[category] = score(lhr, category);
    failing[category] = failingAudits(lhr, category);
  }
  return {
    scores,
    lcpMs: numericAudit(lhr, 'largest-contentful-paint'),
    cls: numericAudit(lhr, 'cumulative-layout-shift'),
    tbtMs: numericAudit(lhr, 'total-blocking-time'),
    bytes: numericAudit(lhr, 'total-byte-weight'),
    scriptBytes: requests
      .filter((request) => request.resourceType === 'Script')
      .reduce((sum, request) => sum + request.transferSize, 0),
    requests,
    failing,
    warnings: lhr.runWarnings.map(String),
    errored: Object.values(lhr.audits)
      .filter((audit) => audit.scoreDisplayMode === 'error')
      .map((audit) => `${audit.id}: ${(audit.errorMessage ?? '').slice(0, EXAMPLE_LENGTH)}`),
    lighthouseVersion: lhr.lighthouseVersion,
    benchmarkIndex: lhr.environment.benchmarkIndex,
  };
}

export interface RunOptions {
  /** Sent with every request through Lighthouse's extraHeaders; null for a visitor. */
  cookie: string | null;
  chromePath: string;
  /** Where to write Lighthouse's HTML report of the run; null for none. */
  reportPath: string | null;
}

/**
 * Lighthouse on `url` in a Chromium of its own. Throws when Lighthouse fails, or when the page ends up at
 * another path (a session that did not take would land on the sign-in page and measure that instead).
 */
export async function runLighthouse(
  url: string,
  { cookie, chromePath, reportPath }: RunOptions,
): Promise<PageRun> {
  const chrome = await chromeLauncher.launch({
    chromePath,
    chromeFlags: CHROME_FLAGS,
    handleSIGINT: false,
    logLevel: 'silent',
  });
  activeChrome = chrome;
  try {
    const flags: Flags = {
      port: chrome.port,
      output: 'html',
      logLevel: 'error',
      onlyCategories: [...CATEGORIES],
      ...(cookie ? { extraHeaders: { Cookie: cookie } } : {}),
    };
    const result = await lighthouse(url, flags);
    if (!result) throw new LighthouseRunError(`Lighthouse returned no result for ${url}`);
    const { lhr } = result;
    if (reportPath && typeof result.report === 'string') writeFileSync(reportPath, result.report);
    if (lhr.runtimeError) {
      const { code, message } = lhr.runtimeError;
      throw new LighthouseRunError(`Lighthouse failed on ${url}: ${code} ${message}`);
    }
    const wanted = new URL(url).pathname;
    const landed = new URL(lhr.finalDisplayedUrl).pathname;
    if (landed !== wanted) throw new Error(`${url} ended up at ${landed}: is the session cookie accepted?`);
    return figuresOf(lhr);
  } finally {
    chrome.kill();
    activeChrome = null;
  }
}
