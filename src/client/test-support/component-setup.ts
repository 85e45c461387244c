import { cleanup } from '@testing-library/react';
import { beforeEach } from 'vitest';
import { forgetIdempotencyKey } from '../features/checkout/idempotency-key';
import { forgetReorderRuns } from '../features/orders/reorder-run';
import { forgetHandledReorderTokensInMemory } from '../features/orders/reorder-token';
import { forgetScrollPositions } from '../lib/scroll-restoration';
import { cartStore } from '../lib/cart/cart-store';
import { forgetTokenTakenAtStart } from '../lib/url-token';

/**
 * Component test files share their worker's module cache and its one happy-dom window (vitest.config.ts:
 * importing React, the router and the pages again for each file was most of the components' time). So
 * every test starts as a fresh page load would, whatever the file before it left: an empty document, empty
 * storage, and nothing the page's modules remember in memory (the cart, the order's idempotency key, the
 * reorders under way or handled, scroll positions, a token taken from the address bar). A module that starts remembering something in memory adds its reset here.
 */
beforeEach(() => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
  cartStore.forget();
  forgetIdempotencyKey();
  forgetReorderRuns();
  forgetHandledReorderTokensInMemory();
  forgetScrollPositions();
  forgetTokenTakenAtStart();
});
