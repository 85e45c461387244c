import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { FakeFailure } from '../../../../../dev/fake-shopify/failures';
import { createShopifyTestApp, type ShopifyTestApp } from '../../../test/shopify-test-app';
import { FOUR_OZ, jobsOfOrder, newCustomer, submitOrder } from './shopify-orders-test-support';
import { readOrder } from '../../../test/factories/orders';
import { CREATE_DRAFT_ORDER_JOB } from './draft-order-definitions';

/*
 * The ambiguous failure of issue 8 'Orders', made by the fake store itself: draftOrderCreate runs, then its
 * answer is lost (`after: 'execute'`). The client must not send the mutation again (client.ts), and the job
 * must find the draft by its tag and adopt it instead of creating a second one.
 */

let t: ShopifyTestApp;
let customer: { cookie: string };

beforeAll(async () => {
  // The test app's client: no real sleeping, 1 s to the response headers (the 'hang' case waits that long).
  t = await createShopifyTestApp();
  customer = await newCustomer(t.app, t.db);
});
afterAll(() => t.close());
afterEach(() => t.fake.control.clearFailures());

const draftsOf = (orderId: number) =>
  [...t.fake.store.draftOrders.values()].filter((draft) => draft.tags.includes(`portal-order-${orderId}`));

/**
 * The draft-order operations the store was asked for since `from` (an index into its request log); the
 * company sync a first draft may run (docs/shopify.md#b2b-companies) is left out.
 */
const operationsSince = (from: number) =>
  t.fake.control.requests
    .slice(from)
    .map((request) => request.operationName)
    .filter((name) => name?.includes('DraftOrder'));

const lostAnswers: [string, FakeFailure][] = [
  ['a 5xx', { kind: 'server-error', status: 500, after: 'execute', operation: 'CreateDraftOrder' }],
  ['no answer (a timeout)', { kind: 'hang', after: 'execute', operation: 'CreateDraftOrder' }],
  ['a dropped connection', { kind: 'reset', after: 'execute', operation: 'CreateDraftOrder' }],
];

describe('a draftOrderCreate that ran in Shopify but whose answer was lost', () => {
  it.each(lostAnswers)(
    'adopts the draft it made after %s instead of creating another',
    async (_, failure) => {
      const placed = await submitOrder(t.app, customer.cookie, [{ productId: FOUR_OZ, quantity: 12 }]);
      t.fake.control.failNext(1, failure);
      const firstRequest = t.fake.control.requests.length;

      await t.runJobs();
      // Sent once, not retried by the client: the store made the draft, the portal does not know it yet.
      expect(operationsSince(firstRequest)).toEqual(['FindDraftOrderByTag', 'CreateDraftOrder']);
      expect(draftsOf(placed.orderId)).toHaveLength(1);
      expect(await readOrder(t.db, placed.orderId)).toMatchObject({
        shopifySyncStatus: 'pending',
        shopifyDraftOrderGid: null,
      });
      const [waiting] = await jobsOfOrder(t.db, CREATE_DRAFT_ORDER_JOB, placed.orderId);
      expect(waiting).toMatchObject({ state: 'pending', attempts: 1 });

      const secondRequest = t.fake.control.requests.length;
      await t.runJobs({ laterMs: 5_000 });
      // The retry looks the draft up by its tag and adopts it: no second CreateDraftOrder.
      expect(operationsSince(secondRequest)).toEqual(['FindDraftOrderByTag']);
      const [draft, ...others] = draftsOf(placed.orderId);
      expect(others).toEqual([]);
      expect(await readOrder(t.db, placed.orderId)).toMatchObject({
        shopifySyncStatus: 'synced',
        shopifyOrderId: `#D${draft?.number}`,
        shopifyDraftOrderGid: `gid://shopify/DraftOrder/${draft?.id}`,
      });
      expect(await jobsOfOrder(t.db, CREATE_DRAFT_ORDER_JOB, placed.orderId)).toMatchObject([
        { state: 'done', attempts: 2 },
      ]);
    },
  );
});
