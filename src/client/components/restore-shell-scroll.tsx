import { useLayoutEffect } from 'react';
import { restoreShellScroll } from '../lib/first-render';

/**
 * Put after <ScrollRestoration>: its layout effect runs after the router's, which starts a page at the
 * top, and scrolls back to where the reader had scrolled the page shell (ADR 0016). Does nothing after the
 * first render, or without a shell.
 */
export function RestoreShellScroll() {
  useLayoutEffect(restoreShellScroll, []);
  return null;
}
