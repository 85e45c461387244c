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

function startApp() {
  if (started || !element?.dataset.app) return;
  started = true;
  for (const href of element.dataset.preload?.split(' ').filter(Boolean) ?? []) {
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.crossOrigin = '';
    link.href = href;
    document.head.append(link);
  }
  void import(/* @vite-ignore */ element.dataset.app);
}

if (document.visibilityState === 'visible') {
  // A timer set in a frame callback runs after that frame has been painted.
  requestAnimationFrame(() => setTimeout(startApp, 0));
  setTimeout(startApp, PAINT_WAIT_MS);
} else {
  startApp();
}
