import { AxeBuilder } from '@axe-core/playwright';
import {
  test as base,
  expect,
  type Browser,
  type BrowserContext,
  type Page,
  type TestInfo,
} from '@playwright/test';
// axe-core comes with @axe-core/playwright (its one dependency); its source is injected once per document.
import axe, { type AxeResults, type ImpactValue } from 'axe-core';
import { withClientAddress } from './client-address';
import { remember, scannedClean, shapeFingerprint, shapeKey } from './scan-cache';

/**
 * Every end-to-end journey is also an accessibility check (issue 14): specs import `test` and `expect` from
 * here instead of '@playwright/test' (eslint.config.js enforces it), and axe-core scans every page the
 * journey visits, in the desktop and the 390 px phone layout; any violation fails the test. When a page is
 * scanned, which rules apply and why: docs/decisions/0027-accessibility-in-every-journey.md.
 * `A11Y_DEBUG=1 npx playwright test` logs every scan and its duration.
 */

export const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];

export const DESKTOP = { width: 1280, height: 720 } as const;
export const PHONE = { width: 390, height: 844 } as const;
/** Below this width the portal uses its phone layout (src/client/lib/use-media-query.ts). */
const PHONE_LAYOUT_BELOW = 768;

/**
 * Known violations waiting for a fix in a file this branch may not change. Each entry silences one rule on
 * the elements whose selector matches, nothing more; remove the entry with the fix. Empty otherwise.
 */
export const KNOWN_VIOLATIONS: ReadonlyArray<{ rule: string; target: RegExp; why: string }> = [];

/** The portal's loading indicators: a page showing one has not settled. */
const BUSY_SELECTOR = [
  '[aria-busy="true"]',
  // components/navigation-progress.tsx; a progress bar with a value (an order's progress) is content.
  '[role="progressbar"]:not([aria-valuenow])',
  // components/ui/spinner.tsx, components/ui/skeleton.tsx and the store name's placeholder.
  '.animate-spin',
  '.animate-pulse',
].join(', ');
/** How long the network must be idle before a page counts as settled. */
const QUIET_MS = 200;
const SETTLE_TIMEOUT_MS = 3_000;
/** After a resize React re-renders at once; only a late chunk or image could still be on its way. */
const RESIZE_QUIET_MS = 100;
const RESIZE_SETTLE_TIMEOUT_MS = 1_500;

export interface A11yViolation {
  rule: string;
  impact: ImpactValue | null | undefined;
  help: string;
  helpUrl: string;
  /** Path, query and title of the page. */
  page: string;
  viewport: string;
  /** One CSS selector per offending element, with axe's summary of what is wrong with it. */
  targets: Array<{ selector: string; summary: string }>;
  /** The page had not settled when it was scanned. */
  unsettled: boolean;
}

/** What one axe run found, before it is attributed to a page of a test. */
interface LayoutResult {
  viewport: string;
  violations: Array<Omit<A11yViolation, 'page' | 'viewport' | 'unsettled'>>;
  unsettled: boolean;
}

/** Per test: what was scanned and what was found. */
class A11yRecord {
  readonly violations = new Map<string, A11yViolation>();
  /** 'path @ viewport' of each scan, for the test's annotation. */
  readonly scanned = new Set<string>();
  readonly errors: string[] = [];

  constructor(
    /** The portal's origin: only its pages are scanned. */
    readonly origin: string,
    readonly testInfo: TestInfo,
  ) {}

  add(page: string, layouts: LayoutResult[], repeated: boolean) {
    for (const { viewport, violations, unsettled } of layouts) {
      for (const violation of violations) {
        const key = [violation.rule, page, viewport, ...violation.targets.map((target) => target.selector)];
        this.violations.set(key.join('\n'), { ...violation, page, viewport, unsettled });
      }
      this.scanned.add(`${page} @ ${viewport}${repeated ? ' (as before)' : ''}`);
    }
  }
}

interface PageState {
  /** Path and query at the last complete scan. */
  scannedKey: string | undefined;
  scanning: boolean;
  /** Main-frame navigations so far (new documents and history changes): one during a scan voids it. */
  navigations: number;
  /** Requests in flight, with the time each started. */
  inflight: Map<unknown, number>;
  lastNetworkActivity: number;
}

/** The test running in this worker, if any (hooks have none). */
let current: A11yRecord | undefined;
const pages = new Map<Page, PageState>();

const DEBUG = Boolean(process.env.A11Y_DEBUG);
function debug(...args: unknown[]) {
  if (DEBUG) console.log(`[a11y ${new Date().toISOString().slice(11, 23)}]`, ...args);
}

const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * What makes a page distinct: its path and query, and its title (the admin sections share one address and
 * have a title each). Undefined for a closed page or another origin.
 */
async function pageKey(page: Page, origin: string): Promise<string | undefined> {
  if (page.isClosed()) return undefined;
  const url = new URL(page.url());
  if (url.origin !== origin) return undefined;
  try {
    return `${url.pathname}${url.search} “${await page.title()}”`;
  } catch (error) {
    if (isNavigationOrClose(error)) return undefined;
    throw error;
  }
}

function viewportLabel(size: { width: number; height: number }): string {
  return `${size.width}×${size.height}`;
}

/** The page closed or navigated while we looked at it; the next page gets its own scan. */
function isNavigationOrClose(error: unknown): boolean {
  const message = error instanceof Error ? error.message : String(error);
  return /Execution context was destroyed|most likely because of a navigation|has been closed|frame (was|got) detached|Cannot find context/i.test(
    message,
  );
}

/** 'moved': the page navigated or its address or title changed meanwhile; there is nothing left to scan. */
async function waitUntilSettled(
  page: Page,
  state: PageState,
  key: string,
  origin: string,
  navigations: number,
  quietMs: number,
  timeoutMs: number,
): Promise<'settled' | 'unsettled' | 'moved'> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if ((await pageKey(page, origin)) !== key || state.navigations !== navigations) return 'moved';
    const now = Date.now();
    // A request that never reports back (a cancelled navigation's leftovers) must not block forever.
    for (const [request, started] of state.inflight) {
      if (now - started > 10_000) state.inflight.delete(request);
    }
    const quiet = state.inflight.size === 0 && now - state.lastNetworkActivity >= quietMs;
    const calm = await page.evaluate(
      (busy) => document.readyState === 'complete' && document.querySelector(busy) === null,
      BUSY_SELECTOR,
    );
    if (quiet && calm) return 'settled';
    if (now >= deadline) return 'unsettled';
    await delay(50);
  }
}

/** Two animation frames: React has re-rendered after a media query change and the browser has laid out. */
function nextFrames(page: Page) {
  return page.evaluate(
    () => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))),
  );
}

function isKnown(rule: string, selector: string): boolean {
  return KNOWN_VIOLATIONS.some((known) => known.rule === rule && known.target.test(selector));
}

async function runAxe(page: Page, viewport: string, unsettled: boolean): Promise<LayoutResult> {
  // AxeBuilder evaluates axe-core's source (about 600 KB) twice per analysis; the document keeps `window.axe`
  // across client-side navigations and both layouts. So it is put in once per document, and the builder
  // gets an empty source.
  const injected = await page.evaluate(
    () => typeof (window as { axe?: { run?: unknown } }).axe?.run === 'function',
  );
  if (!injected) await page.evaluate(axe.source);
  const results: AxeResults = await new AxeBuilder({ page, axeSource: ';' })
    // Only violations are read: axe then skips detailing every element that passed, half of its work.
    // (options() replaces what withTags() sets, so it comes first.)
    .options({ resultTypes: ['violations'] })
    .withTags(AXE_TAGS)
    // axe.run in the page itself. The default mode opens a blank tab per analysis to merge the frames'
    // results, which a journey waiting for a new tab (the Shopify checkout) would take for its own; the
    // portal has no frames.
    .setLegacyMode(true)
    .analyze();
  const violations = results.violations.flatMap(({ id: rule, impact, help, helpUrl, nodes }) => {
    const targets = nodes
      .map((node) => ({
        selector: node.target.map((part) => (Array.isArray(part) ? part.join(' >>> ') : part)).join(' '),
        summary: (node.failureSummary ?? '').replace(/\s+/g, ' ').trim(),
      }))
      .filter((target) => !isKnown(rule, target.selector));
    return targets.length === 0 ? [] : [{ rule, impact, help, helpUrl, targets }];
  });
  return { viewport, violations, unsettled };
}

/** The page navigated, or its address or title changed, during a scan. */
class Moved extends Error {}

/**
 * Scans the page as it is now, in both layouts. Runs while the journey waits (in the locator handler, or
 * at the end of the test), so nothing else touches the page meanwhile.
 */
async function scan(page: Page, state: PageState, into: A11yRecord): Promise<void> {
  if (state.scanning) return;
  state.scanning = true;
  const started = Date.now();
  const navigations = state.navigations;
  let key: string | undefined;
  const original = page.viewportSize() ?? DESKTOP;
  const other = original.width < PHONE_LAYOUT_BELOW ? DESKTOP : PHONE;
  let resized = false;
  const stillHere = async () => {
    if ((await pageKey(page, into.origin)) !== key || state.navigations !== navigations) throw new Moved();
  };
  const settle = async (quietMs: number, timeoutMs: number) => {
    const result = await waitUntilSettled(page, state, key!, into.origin, navigations, quietMs, timeoutMs);
    if (result === 'moved') throw new Moved();
    return result === 'settled';
  };
  try {
    key = await pageKey(page, into.origin);
    if (key === undefined) return;
    const settled = await settle(QUIET_MS, SETTLE_TIMEOUT_MS);
    const cacheKey = settled
      ? shapeKey(`${into.origin}${key}`, viewportLabel(original), await shapeFingerprint(page))
      : undefined;
    if (cacheKey !== undefined && scannedClean(cacheKey)) {
      const clean = (size: { width: number; height: number }) => ({
        viewport: viewportLabel(size),
        violations: [],
        unsettled: false,
      });
      into.add(key, [clean(original), clean(other)], true);
      debug('scanned', key, 'as before', `${Date.now() - started} ms`);
    } else {
      const layouts = [await runAxe(page, viewportLabel(original), !settled)];
      // What axe saw of a page that went elsewhere meanwhile may be half of each.
      await stillHere();
      await page.setViewportSize(other);
      resized = true;
      await nextFrames(page);
      const otherSettled = await settle(RESIZE_QUIET_MS, RESIZE_SETTLE_TIMEOUT_MS);
      layouts.push(await runAxe(page, viewportLabel(other), !otherSettled));
      await stillHere();
      into.add(key, layouts, false);
      if (cacheKey !== undefined) remember(cacheKey, layouts);
      debug('scanned', key, settled, otherSettled, `${Date.now() - started} ms`);
    }
    state.scannedKey = key;
  } catch (error) {
    // A navigation mid-scan can also show as axe missing from the new document.
    if (error instanceof Moved || state.navigations !== navigations || isNavigationOrClose(error)) {
      // A page left before it settled (a redirect, a reload): not tried again at the next action, which
      // would make a journey that reloads until something shows (shopify.spec.ts) wait for a scan on every
      // attempt. The end of the test scans whatever the page then shows.
      state.scannedKey = key;
      debug('dropped the scan of', key, String(error).slice(0, 80));
    } else {
      into.errors.push(`axe could not scan ${key ?? page.url()}: ${String(error)}`);
    }
  } finally {
    if (resized && !page.isClosed()) {
      try {
        await page.setViewportSize(original);
        await nextFrames(page);
      } catch (error) {
        if (!isNavigationOrClose(error)) into.errors.push(`could not restore the viewport: ${String(error)}`);
      }
    }
    state.scanning = false;
  }
}

/**
 * The end of a test, or a page or context about to close: the page as it is now. A state scanned before is
 * recognised by its fingerprint and costs no new axe run; a change made without an action (a script, a
 * timer) is caught too.
 */
async function scanNow(page: Page, into: A11yRecord) {
  const state = pages.get(page);
  if (state && !state.scanning) await scan(page, state, into);
}

/** Runs before every action and auto-waiting assertion on the page (the locator handler). */
async function beforeAction(page: Page) {
  const state = pages.get(page);
  const into = current;
  if (!state || !into || state.scanning) return;
  const key = await pageKey(page, into.origin);
  if (key === undefined) return;
  if (key !== state.scannedKey) await scan(page, state, into);
}

/** The test running now, unless it failed already: its error comes first, and a broken page is not scanned. */
function passingTest(): A11yRecord | undefined {
  return current?.testInfo.status === 'passed' ? current : undefined;
}

function trackPage(page: Page) {
  if (pages.has(page)) return;
  const state: PageState = {
    scannedKey: undefined,
    scanning: false,
    navigations: 0,
    inflight: new Map(),
    lastNetworkActivity: Date.now(),
  };
  pages.set(page, state);
  page.on('request', (request) => {
    state.inflight.set(request, Date.now());
    state.lastNetworkActivity = Date.now();
  });
  const done = (request: unknown) => {
    state.inflight.delete(request);
    state.lastNetworkActivity = Date.now();
  };
  page.on('requestfinished', done);
  page.on('requestfailed', done);
  page.on('close', () => pages.delete(page));
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) state.navigations++;
  });
  // Sent at once, so it reaches the browser before any command the spec gives the new page.
  void page
    .addLocatorHandler(page.locator(':root'), () => beforeAction(page), { noWaitAfter: true })
    .catch(() => {});
  const close = page.close.bind(page);
  page.close = async (options) => {
    const into = passingTest();
    if (into) await scanNow(page, into);
    return close(options);
  };
}

function trackContext(context: BrowserContext) {
  for (const page of context.pages()) trackPage(page);
  context.on('page', trackPage);
  // The `page` fixture's context closes before the `a11y` fixture ends: its last page is scanned here.
  const close = context.close.bind(context);
  context.close = async (options) => {
    const into = passingTest();
    if (into) for (const page of context.pages()) await scanNow(page, into);
    return close(options);
  };
}

/** The spec file of the test or hook running now, if any. */
function runningSpecFile(): string | undefined {
  try {
    return base.info().file;
  } catch {
    return undefined;
  }
}

export function formatViolations(violations: Iterable<A11yViolation>): string {
  const lines: string[] = [];
  for (const violation of violations) {
    lines.push(
      `[${violation.impact ?? 'no impact given'}] ${violation.rule} on ${violation.page} at ${violation.viewport}` +
        `${violation.unsettled ? ' (the page had not settled)' : ''}: ${violation.help}`,
      `    ${violation.helpUrl}`,
      ...violation.targets.map((target) => `    - ${target.selector}\n        ${target.summary}`),
    );
  }
  return lines.join('\n');
}

export interface A11yFixture {
  /** What the scans of this test have found so far (known violations left out). */
  violations(): A11yViolation[];
  /** Scans the page now, unless its current state was scanned already. */
  scan(page: Page): Promise<void>;
  /**
   * Takes the violations of `rule` out of the test's record and returns them: for the test of the check
   * itself (a11y.spec.ts), which puts a violation in a page on purpose.
   */
  take(rule: string): A11yViolation[];
}

export const test = base.extend<{ a11y: A11yFixture }, { _a11yContexts: void }>({
  // Every context the worker's browser opens is tracked, whoever opens it, and speaks from its spec file's
  // client address (client-address.ts).
  _a11yContexts: [
    async ({ browser }: { browser: Browser }, use) => {
      const newContext = browser.newContext.bind(browser);
      browser.newContext = async (options) => {
        const context = await newContext(withClientAddress(options, runningSpecFile()));
        // axe runs in the page: a context without scripts (a page shell's test) cannot be scanned.
        if (options?.javaScriptEnabled !== false) trackContext(context);
        return context;
      };
      await use();
      browser.newContext = newContext;
    },
    { scope: 'worker', auto: true },
  ],

  a11y: [
    async ({ baseURL }, use, testInfo) => {
      const into = new A11yRecord(new URL(baseURL ?? 'http://localhost').origin, testInfo);
      current = into;
      try {
        await use({
          violations: () => [...into.violations.values()],
          scan: (page) => scanNow(page, into),
          take: (rule) => {
            const taken: A11yViolation[] = [];
            for (const [key, violation] of into.violations) {
              if (violation.rule !== rule) continue;
              taken.push(violation);
              into.violations.delete(key);
            }
            return taken;
          },
        });
        // Pages the spec keeps open across tests (beforeAll) or has not closed.
        if (passingTest()) for (const page of [...pages.keys()]) await scanNow(page, into);
      } finally {
        current = undefined;
      }
      if (into.scanned.size > 0) {
        testInfo.annotations.push({ type: 'axe', description: [...into.scanned].join(', ') });
      }
      const found = [...into.violations.values()];
      if (found.length === 0 && into.errors.length === 0) return;
      const report = [
        `axe found ${found.length} accessibility violation(s) (rules tagged ${AXE_TAGS.join(', ')}):`,
        formatViolations(found),
        ...into.errors,
      ].join('\n');
      if (testInfo.status === 'passed') throw new Error(report);
      // A test that failed already keeps its own error; the findings go alongside.
      await testInfo.attach('axe violations', { body: report });
    },
    { auto: true },
  ],
});

export { expect };
