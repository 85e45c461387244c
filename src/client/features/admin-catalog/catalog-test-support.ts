import { cleanup } from '@testing-library/react';
import { toast } from '../../lib/toast';
import { afterEach, beforeEach, vi } from 'vitest';
import type { AdminProduct, AdminVariant, AllowedSku } from '../../../shared/schemas/admin-catalog';
import type { stubFetch } from '../../test-support/stub-fetch';
import { requestUrl } from '../../test-support/stub-fetch';

/** Toasts spied on; after each test the DOM, mocks and stubbed fetch are reset. */
export function registerCatalogTestHooks() {
  beforeEach(() => {
    vi.spyOn(toast, 'success');
    vi.spyOn(toast, 'error');
  });
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });
}

export function buildAllowedSku(overrides: Partial<AllowedSku> & Pick<AllowedSku, 'id' | 'sku'>): AllowedSku {
  return {
    notes: null,
    isActive: true,
    createdAt: '2031-03-04T15:30:00.000Z',
    updatedAt: '2031-03-04T15:30:00.000Z',
    ...overrides,
  };
}

export function buildVariant(
  overrides: Partial<AdminVariant> & Pick<AdminVariant, 'id' | 'name' | 'sku'>,
): AdminVariant {
  return {
    price: 26,
    wholesalePrice: 10.65,
    inventoryQuantity: 120,
    imageUrl: null,
    isAllowed: true,
    isActive: true,
    shopifyVariantId: null,
    displayStatus: 'Active',
    isVirtual: false,
    isTester: false,
    bundle: null,
    ...overrides,
  };
}

export function productOf(variant: AdminVariant, overrides: Partial<AdminProduct> = {}): AdminProduct {
  return {
    id: `portal-${variant.id}`,
    shopifyProductId: null,
    name: variant.name,
    variants: [variant],
    ...overrides,
  };
}

/** The JSON bodies sent to `path` with `method`, in order. */
export function bodiesSent(fetchMock: ReturnType<typeof stubFetch>, path: string, method: string): unknown[] {
  return fetchMock.mock.calls
    .filter(([input, init]) => requestUrl(input) === path && (init?.method ?? 'GET') === method)
    .map(([, init]) => (typeof init?.body === 'string' ? JSON.parse(init.body) : undefined));
}

/** How many requests went to `path` with `method`. */
export function callsTo(fetchMock: ReturnType<typeof stubFetch>, path: string, method = 'GET'): number {
  return fetchMock.mock.calls.filter(
    ([input, init]) => requestUrl(input) === path && (init?.method ?? 'GET') === method,
  ).length;
}

/** A promise resolved by hand, to hold a request open while a test looks at the progress shown. */
export function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}
