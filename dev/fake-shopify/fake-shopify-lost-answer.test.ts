import { afterEach, describe, expect, it } from 'vitest';
import { SHOPIFY_DOCUMENTS } from '../../src/server/integrations/shopify/documents';
import { startFakeShopify, type FakeShopify } from './fake-shopify';
import { postGraphql } from './fake-store-test-support';

/*
 * Failures after the store has run the operation (`after: 'execute'`): the change is made, the answer lost.
 * Unlike the other switches, which strike before anything runs, these make a mutation's outcome unknown.
 */

let fake: FakeShopify | undefined;
afterEach(async () => {
  await fake?.close();
  fake = undefined;
});

async function start() {
  fake = await startFakeShopify();
  const [product] = fake.control.seedProducts([
    { title: 'Mist', variants: [{ sku: '800-0001', price: '26.00' }] },
  ]);
  const createDraft = (tag: string, signal?: AbortSignal) =>
    fetch(`${fake!.url}/admin/api/2026-10/graphql.json`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-shopify-access-token': fake!.token },
      body: JSON.stringify({
        query: SHOPIFY_DOCUMENTS.CreateDraftOrder,
        variables: {
          input: { tags: [tag], lineItems: [{ variantId: product?.variants[0]?.id, quantity: 1 }] },
        },
      }),
      signal,
    });
  return { shop: fake, createDraft };
}

const tagsOfDrafts = (shop: FakeShopify) => [...shop.store.draftOrders.values()].map((draft) => draft.tags);

describe("fake Shopify: failures after execution (after: 'execute')", () => {
  it('creates the draft, then answers 5xx, hangs or drops the connection', async () => {
    const { shop, createDraft } = await start();
    shop.control.failNext(1, { kind: 'server-error', status: 503, after: 'execute' });
    shop.control.failNext(1, { kind: 'hang', after: 'execute' });
    shop.control.failNext(1, { kind: 'reset', after: 'execute' });

    const failed = await createDraft('lost-1');
    expect(failed.status).toBe(503);
    expect(await failed.json()).toEqual({ errors: 'Service Unavailable' });
    await expect(createDraft('lost-2', AbortSignal.timeout(150))).rejects.toThrow(/aborted|timeout/i);
    await expect(createDraft('lost-3')).rejects.toThrow(/fetch failed/);

    expect(tagsOfDrafts(shop)).toEqual([['lost-1'], ['lost-2'], ['lost-3']]);
    expect(
      shop.control.requests.map(({ operationName, status, failure }) => [operationName, status, failure]),
    ).toEqual([
      ['CreateDraftOrder', 503, 'server-error'],
      ['CreateDraftOrder', null, 'hang'],
      ['CreateDraftOrder', null, 'reset'],
    ]);
  });

  it('strikes before execution by default: nothing is created', async () => {
    const { shop, createDraft } = await start();
    shop.control.failNext(1, { kind: 'server-error' });
    expect((await createDraft('never')).status).toBe(500);
    expect(tagsOfDrafts(shop)).toEqual([]);
  });

  it('aims a failure at one operation: other requests pass without using it up', async () => {
    const { shop, createDraft } = await start();
    shop.control.failNext(1, { kind: 'server-error', after: 'execute', operation: 'CreateDraftOrder' });
    const search = await postGraphql(shop, SHOPIFY_DOCUMENTS.FindDraftOrderByTag, { query: "tag:'x'" });
    expect(search.status).toBe(200);
    expect((await createDraft('aimed')).status).toBe(500);
    expect((await createDraft('next')).status).toBe(200);
    expect(tagsOfDrafts(shop)).toEqual([['aimed'], ['next']]);
  });

  it('is switched on through POST /__fake/failures too, and refuses after-execute THROTTLED', async () => {
    const { shop, createDraft } = await start();
    const post = (body: unknown) =>
      fetch(`${shop.url}/__fake/failures`, { method: 'POST', body: JSON.stringify(body) });
    const refused = await post({ failure: { kind: 'throttled', after: 'execute' } });
    expect(refused.status).toBe(400);
    const switched = await post({
      count: 1,
      failure: { kind: 'server-error', status: 502, after: 'execute', operation: 'CreateDraftOrder' },
    });
    expect(switched.status).toBe(200);
    expect((await createDraft('via-route')).status).toBe(502);
    expect(tagsOfDrafts(shop)).toEqual([['via-route']]);
  });
});
