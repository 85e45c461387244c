/**
 * The entry script of a page with a shell (ADR 0016), in place of main.tsx's: the shell paints with the
 * stylesheet alone, so the app's scripts are asked for only once it is on screen, and until then the
 * stylesheet has the connection to itself. The build writes this page's template (vite.config.ts,
 * shell.html): this script's element names the app's entry script and the scripts to preload with it.
 * No imports: this file stays a few hundred bytes and leaves the app's chunks as they are.
 */

/** If no frame is painted meanwhile (a tab opened in the background), the app starts after this anyway. */
const PAINT_WAIT_MS = 1_000;

const element = document.querySelector<HTMLScriptElement>('script[data-app]');
let started = false;

async function startApp() {
  const app = element?.dataset.app;
  if (started || !app) return;
  started = true;
  const chunks = element.dataset.preload?.split(' ').filter(Boolean) ?? [];
  for (const href of [app, ...chunks]) {
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.crossOrigin = '';
    link.href = href;
    document.head.append(link);
  }
  // All are fetched at once (the preloads); each chunk then runs in a task of its own, in the build's
  // order (a chunk after those it imports), so the main thread is never held for all of them together.
  try {
    for (const href of chunks) await import(/* @vite-ignore */ href);
    await import(/* @vite-ignore */ app);
    forgetReload();
  } catch (error) {
    reloadOnce(error);
  }
}

/** Set while a page is loaded again because its scripts failed, so it happens only once in a row. */
const RELOAD_KEY = `boot-reloaded:${location.pathname}`;

/**
 * A script that could not be loaded (a dropped connection, or a deploy that replaced the files this page
 * names) would leave a shell whose buttons never work: the page is loaded again, once.
 */
function reloadOnce(error: unknown) {
  let reloadedBefore = true;
  try {
    reloadedBefore = sessionStorage.getItem(RELOAD_KEY) !== null;
    if (!reloadedBefore) sessionStorage.setItem(RELOAD_KEY, '1');
  } catch {
    // No storage: no reload either, which could otherwise repeat for ever.
  }
  if (reloadedBefore) console.error('The app could not be loaded', error);
  else location.reload();
}

function forgetReload() {
  try {
    sessionStorage.removeItem(RELOAD_KEY);
  } catch {
    // No storage: nothing was kept.
  }
}

/** Calls `then` once the page's first content is on screen (the shell's paint), or after PAINT_WAIT_MS. */
function afterFirstPaint(then: () => void) {
  setTimeout(then, PAINT_WAIT_MS);
  if (PerformanceObserver.supportedEntryTypes?.includes('paint')) {
    // The entry is reported once the frame has reached the screen, not when it is drawn.
    new PerformanceObserver((list, observer) => {
      if (!list.getEntriesByName('first-contentful-paint').length) return;
      observer.disconnect();
      then();
    }).observe({ type: 'paint', buffered: true });
  } else {
    // A timer set in a frame callback runs after that frame has been drawn.
    requestAnimationFrame(() => setTimeout(then, 0));
  }
}

if (document.visibilityState === 'visible') afterFirstPaint(() => void startApp());
else void startApp();
