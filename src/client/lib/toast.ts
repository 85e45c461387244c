import { useSyncExternalStore } from 'react';
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

let sonner: Sonner | undefined;
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
  if (sonner) sonner.toast[kind](message, data);
  else void loadSonner().then((module) => module.toast[kind](message, data));
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
