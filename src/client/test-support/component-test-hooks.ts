import { cleanup } from '@testing-library/react';
import { toast } from '../lib/toast';
import { afterEach, beforeEach, vi } from 'vitest';
import { cartStore } from '../lib/cart/cart-store';

/**
 * The hooks every cart-using component test needs: toasts spied on, and after each test a clean page — DOM
 * unmounted, mocks and globals restored, storage emptied and the cart re-read as on a fresh page load.
 */
export function registerCartTestHooks() {
  beforeEach(() => {
    vi.spyOn(toast, 'success');
    vi.spyOn(toast, 'warning');
    vi.spyOn(toast, 'error');
  });
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
    localStorage.clear();
    sessionStorage.clear();
    cartStore.forget();
  });
}
