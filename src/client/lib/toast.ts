import { useEffect, useRef, useSyncExternalStore } from 'react';
import { useLocation } from 'react-router';
import type * as SonnerModule from 'sonner';
import type { ExternalToast } from 'sonner';

/**
 * Toasts (docs/storefront.md#timings-and-limits), with sonner loaded on the first one: most visits show none,
 * so sonner stays out of the storefront's initial JavaScript (docs/decisions/0015-storefront-first-page.md).
 * Call `toast.success(…)` etc. as with sonner; <Toaster> mounts sonner's host once a toast has been asked
 * for, and sonner shows the toasts made before its host subscribed.
 */
type Kind = 'success' | 'error' | 'warning' | 'info';
type Sonner = typeof SonnerModule;

/**
 * A toast shown this long before the page changes belongs to the page being left and closes with it; one
 * shown just before (the welcome after signing in, a reorder's notice) announces the page being opened and
 * stays.
 */
export const NAVIGATION_GRACE_MS = 1500;

let sonner: Sonner | undefined;
/** When each toast still on screen was shown, by its id. */
const shownAt = new Map<string | number, number>();
let loading: Promise<Sonner> | undefined;
let hostWanted = false;
const hostListeners = new Set<() => void>();

/** Loads sonner once; every caller shares the same promise. */
export function loadSonner(): Promise<Sonner> {
  loading ??= import('sonner').then((module) => {
    sonner = module;
    return module;
  });
  return loading;
}

function show(kind: Kind, message: string, data?: ExternalToast): void {
  if (!hostWanted) {
    hostWanted = true;
    for (const listener of hostListeners) listener();
  }
  if (sonner) display(sonner, kind, message, data);
  else void loadSonner().then((module) => display(module, kind, message, data));
}

/** One toast at a time (the spec's limit): a new one replaces the one on screen rather than queueing. */
function display(module: Sonner, kind: Kind, message: string, data: ExternalToast | undefined): void {
  module.toast.dismiss();
  shownAt.clear();
  shownAt.set(module.toast[kind](message, data), Date.now());
}

/** Closes the toasts of the page being left (shown more than NAVIGATION_GRACE_MS ago). */
export function closeToastsOfEarlierPage(now = Date.now()): void {
  for (const [id, at] of shownAt) {
    if (now - at <= NAVIGATION_GRACE_MS) continue;
    sonner?.toast.dismiss(id);
    shownAt.delete(id);
  }
}

/**
 * Toasts close when the page changes (path or query, e.g. another admin section): 'Tester added' must not
 * follow the buyer onto /confirm over the PO number field. Used once, by the router (router.tsx).
 */
export function useCloseToastsOnNavigation(): void {
  const { pathname, search } = useLocation();
  const page = `${pathname}${search}`;
  const shown = useRef(page);
  useEffect(() => {
    if (shown.current === page) return;
    shown.current = page;
    closeToastsOfEarlierPage();
  }, [page]);
}

export const toast = {
  success: (message: string, data?: ExternalToast) => show('success', message, data),
  error: (message: string, data?: ExternalToast) => show('error', message, data),
  warning: (message: string, data?: ExternalToast) => show('warning', message, data),
  info: (message: string, data?: ExternalToast) => show('info', message, data),
};

/** Whether a toast has been asked for, so the toast host is needed (read by <Toaster>). */
export function useToastHostWanted(): boolean {
  return useSyncExternalStore(
    (listener) => {
      hostListeners.add(listener);
      return () => hostListeners.delete(listener);
    },
    () => hostWanted,
  );
}
