import { afterEach, describe, expect, it } from 'vitest';
import {
  SHOPIFY_DOCUMENTS,
  type ShopifyOperationName,
} from '../../src/server/integrations/shopify/documents';
import { EXAMPLE_VARIABLES } from '../../src/server/integrations/shopify/documents-test-support';
import { startFakeShopify, type FakeShopify, type FakeShopifyOptions } from './fake-shopify';
import { at, postGraphql } from './fake-store-test-support';

let fake: FakeShopify | undefined;
afterEach(async () => {
  await fake?.close();
  fake = undefined;
});

async function start(options: FakeShopifyOptions = {}) {
  fake = await startFakeShopify(options);
  return fake;
}

const DELETE =
  'mutation Del($id: ID!) { draftOrderDelete(input: {id: $id}) { deletedId userErrors { field message } } }';
const MISSING_DRAFT = { id: 'gid://shopify/DraftOrder/1' };

describe('fake Shopify: transport and auth (docs/shopify.md#talking-to-the-admin-api)', () => {
  it('answers 401 with a STRING errors for a missing or wrong access token', async () => {
    const shop = await start();
    for (const token of [null, 'shpat_wrong']) {
      const response = await fetch(`${shop.url}/admin/api/2026-10/graphql.json`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...(token ? { 'x-shopify-access-token': token } : {}),
        },
        body: JSON.stringify({ query: '{ shop { name } }' }),
      });
      expect(response.status).toBe(401);
      expect(await response.json()).toEqual({
        errors: '[API] Invalid API key or access token (unrecognized login or wrong password)',
      });
    }
  });

  it('serves any version in the URL and echoes it in X-Shopify-API-Version', async () => {
    const shop = await start({ shopName: 'Dew Mist' });
    const answer = await postGraphql(shop, '{ shop { name myshopifyDomain } }', {}, { version: '2025-07' });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('x-shopify-api-version')).toBe('2025-07');
    expect(answer.body.data).toEqual({
      shop: { name: 'Dew Mist', myshopifyDomain: 'fake-store.myshopify.com' },
    });
  });

  it('rejects a body without a query with HTTP 400', async () => {
    const shop = await start();
    const response = await fetch(`${shop.url}/admin/api/2026-10/graphql.json`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-shopify-access-token': shop.token },
      body: JSON.stringify({ variables: {} }),
    });
    expect(response.status).toBe(400);
  });
});

describe('fake Shopify: validation against the real schema', () => {
  it('refuses an unknown field with HTTP 200 and Shopify-worded errors, running nothing', async () => {
    const shop = await start();
    const answer = await postGraphql(
      shop,
      'query { draftOrder(id: "gid://shopify/DraftOrder/1") { id note } }',
    );
    expect(answer.status).toBe(200);
    expect(answer.body.data).toBeUndefined();
    expect(answer.body.errors).toEqual([
      expect.objectContaining({
        message: "Field 'note' doesn't exist on type 'DraftOrder'",
        extensions: { code: 'undefinedField', typeName: 'DraftOrder', fieldName: 'note' },
      }),
    ]);
  });

  it('allows a deprecated field, as Shopify does, and flags it in X-Shopify-API-Deprecated-Reason', async () => {
    const shop = await start();
    const [product] = shop.control.seedProducts([{ title: 'Mist', variants: [{ sku: 'A', price: '1.00' }] }]);
    const answer = await postGraphql(
      shop,
      'query($id: ID!) { product(id: $id) { id featuredImage { url } } }',
      {
        id: product?.id,
      },
    );
    expect(answer.body.errors).toBeUndefined();
    expect(answer.body.data).toEqual({ product: { id: product?.id, featuredImage: null } });
    expect(answer.headers.get('x-shopify-api-deprecated-reason')).toMatch(/deprecation/);
  });

  it('runs every portal document (documents.ts) with realistic variables, without an error', async () => {
    const shop = await start();
    for (const [name, document] of Object.entries(SHOPIFY_DOCUMENTS) as [ShopifyOperationName, string][]) {
      const answer = await postGraphql(shop, document, EXAMPLE_VARIABLES[name]);
      expect(answer.status, name).toBe(200);
      expect(answer.body.errors, name).toBeUndefined();
      expect(answer.body.data, name).toBeDefined();
    }
  });

  it('refuses a malformed Money/Decimal variable before running anything (INVALID_VARIABLE)', async () => {
    const shop = await start();
    const [product] = shop.control.seedProducts([{ title: 'Mist', variants: [{ sku: 'A', price: '1.00' }] }]);
    const answer = await postGraphql(shop, SHOPIFY_DOCUMENTS.CreateDraftOrder, {
      input: {
        lineItems: [
          {
            variantId: product?.variants[0]?.id,
            quantity: 1,
            priceOverride: { amount: '10,65', currencyCode: 'USD' },
          },
        ],
      },
    });
    expect(answer.body.data).toBeUndefined();
    expect(answer.body.errors?.[0]?.message).toBe(
      "Variable $input of type DraftOrderInput! was provided invalid value for lineItems.0.priceOverride.amount (invalid decimal '10,65')",
    );
    expect(answer.body.errors?.[0]?.extensions?.code).toBe('INVALID_VARIABLE');
    expect(shop.store.draftOrders.size).toBe(0);
  });

  it('answers a string that is no GID with "Invalid global id"', async () => {
    const shop = await start();
    const answer = await postGraphql(shop, 'query { product(id: "123") { id } }');
    expect(answer.body.errors?.[0]?.message).toBe("Invalid global id '123'");
    expect(answer.body.data).toEqual({ product: null });
  });
});

describe('fake Shopify: cost and throttling (docs/shopify.md#throttling-and-retries)', () => {
  it('puts extensions.cost on every answer and refunds requested − actual', async () => {
    const shop = await start({ now: () => Date.parse('2026-11-22T10:00:00Z') });
    shop.control.seedProducts([{ title: 'Mist', variants: [{ sku: 'A', price: '1.00' }] }]);
    const answer = await postGraphql(shop, SHOPIFY_DOCUMENTS.ListProducts, { first: 10, variantsFirst: 50 });
    expect(answer.body.extensions?.cost).toEqual({
      requestedQueryCost: 572,
      // 2 + one product × (1 + featuredMedia 1 + variantsCount 1 + variants (2 + one variant × 1))
      actualQueryCost: 8,
      throttleStatus: { maximumAvailable: 2000, currentlyAvailable: 1992, restoreRate: 100 },
    });
    const invalid = await postGraphql(shop, '{ nope }');
    expect(invalid.body.extensions?.cost.requestedQueryCost).toBe(0);
  });

  it('refuses a query over 1000 points with MAX_COST_EXCEEDED and charges nothing', async () => {
    const shop = await start();
    const answer = await postGraphql(
      shop,
      'query { products(first: 250) { nodes { variants(first: 250) { nodes { id } } } } }',
    );
    expect(answer.status).toBe(200);
    expect(answer.body.data).toBeUndefined();
    expect(answer.body.errors?.[0]?.message).toMatch(
      /^Query cost is 63252, which exceeds the single query max cost limit \(1000\)\./,
    );
    expect(answer.body.errors?.[0]?.extensions).toEqual({
      code: 'MAX_COST_EXCEEDED',
      cost: 63252,
      maxCost: 1000,
    });
    expect(answer.body.extensions?.cost).toMatchObject({ requestedQueryCost: 63252, actualQueryCost: null });
    expect(shop.control.throttleStatus().currentlyAvailable).toBe(2000);
  });

  it('throttles with HTTP 200 when the bucket cannot pay, and serves again once it has refilled', async () => {
    let now = Date.parse('2026-11-22T10:00:00Z');
    const shop = await start({ bucket: { maximumAvailable: 25, restoreRate: 10 }, now: () => now });
    expect((await postGraphql(shop, DELETE, MISSING_DRAFT)).body.errors).toBeUndefined();
    expect((await postGraphql(shop, DELETE, MISSING_DRAFT)).body.errors).toBeUndefined();

    const throttled = await postGraphql(shop, DELETE, MISSING_DRAFT);
    expect(throttled.status).toBe(200);
    expect(throttled.body.data).toBeUndefined();
    expect(throttled.body.errors).toEqual([
      {
        message: 'Throttled',
        extensions: { code: 'THROTTLED', documentation: 'https://shopify.dev/api/usage/rate-limits' },
      },
    ]);
    expect(throttled.body.extensions?.cost).toEqual({
      requestedQueryCost: 10,
      actualQueryCost: null,
      throttleStatus: { maximumAvailable: 25, currentlyAvailable: 5, restoreRate: 10 },
    });

    now += 200; // 5 + 2 points: still short of 10
    expect((await postGraphql(shop, DELETE, MISSING_DRAFT)).body.errors?.[0]?.extensions?.code).toBe(
      'THROTTLED',
    );
    now += 300; // 10 points
    const after = await postGraphql(shop, DELETE, MISSING_DRAFT);
    expect(after.body.errors).toBeUndefined();
    expect(at(after.body.data, 'draftOrderDelete', 'userErrors', 0, 'message')).toBe(
      'Draft order does not exist',
    );
  });

  it('keeps one bucket per access token: one app spending its points does not throttle another', async () => {
    const otherApp = 'shpat_other_app';
    const shop = await start({ otherAppTokens: [otherApp], now: () => Date.parse('2026-11-22T10:00:00Z') });
    shop.control.setThrottle({ maximumAvailable: 50, restoreRate: 5, currentlyAvailable: 9 });

    const ours = await postGraphql(shop, DELETE, MISSING_DRAFT);
    expect(ours.body.errors?.[0]?.extensions?.code).toBe('THROTTLED');
    expect(ours.body.extensions?.cost.throttleStatus).toEqual({
      maximumAvailable: 50,
      currentlyAvailable: 9,
      restoreRate: 5,
    });

    const theirs = await postGraphql(shop, DELETE, MISSING_DRAFT, { token: otherApp });
    expect(theirs.body.errors).toBeUndefined();
    expect(theirs.body.extensions?.cost.throttleStatus).toEqual({
      maximumAvailable: 2000,
      currentlyAvailable: 1990,
      restoreRate: 100,
    });
    // Each bucket kept only its own spending.
    expect(shop.control.throttleStatus().currentlyAvailable).toBe(9);
    expect(shop.control.throttleStatus(otherApp).currentlyAvailable).toBe(1990);

    shop.control.setThrottle({ currentlyAvailable: 0 }, otherApp);
    expect(
      (await postGraphql(shop, DELETE, MISSING_DRAFT, { token: otherApp })).body.errors?.[0]?.extensions
        ?.code,
    ).toBe('THROTTLED');
    expect(shop.control.throttleStatus().currentlyAvailable).toBe(9);
    expect(() => shop.control.setThrottle({ currentlyAvailable: 0 }, 'shpat_unknown')).toThrow(/token/);
  });
});

describe('fake Shopify: failure switches', () => {
  const shopQuery = '{ shop { name } }';

  it('answers the next requests with 5xx (JSON or an HTML page), then normally again', async () => {
    const shop = await start();
    shop.control.failNext(1, { kind: 'server-error' });
    shop.control.failNext(1, { kind: 'server-error', status: 502 });
    shop.control.failNext(1, { kind: 'server-error', status: 503 });
    const first = await fetch(`${shop.url}/admin/api/2026-10/graphql.json`, { method: 'POST', body: '{}' });
    expect(first.status).toBe(500);
    expect(await first.json()).toEqual({ errors: 'Internal Server Error' });
    const second = await fetch(`${shop.url}/admin/api/2026-10/graphql.json`, { method: 'POST', body: '{}' });
    expect(second.status).toBe(502);
    expect(second.headers.get('content-type')).toMatch(/text\/html/);
    const third = await fetch(`${shop.url}/admin/api/2026-10/graphql.json`, { method: 'POST', body: '{}' });
    expect(third.status).toBe(503);
    // A plain string, not 'Unavailable Shop' (real Shopify's 402 for a frozen shop).
    expect(await third.json()).toEqual({ errors: 'Service Unavailable' });
    expect((await postGraphql(shop, shopQuery)).status).toBe(200);
    expect(shop.control.requests.map((request) => [request.status, request.failure])).toEqual([
      [500, 'server-error'],
      [502, 'server-error'],
      [503, 'server-error'],
      [200, null],
    ]);
  });

  it('answers 429 with Retry-After: 2.0', async () => {
    const shop = await start();
    shop.control.failNext(1, { kind: 'rate-limited' });
    const response = await fetch(`${shop.url}/admin/api/2026-10/graphql.json`, {
      method: 'POST',
      body: '{}',
    });
    expect(response.status).toBe(429);
    expect(response.headers.get('retry-after')).toBe('2.0');
  });

  it('forces THROTTLED (currentlyAvailable 0) for exactly the next N requests', async () => {
    const shop = await start();
    shop.control.failNext(2, { kind: 'throttled' });
    for (let index = 0; index < 2; index += 1) {
      const answer = await postGraphql(shop, shopQuery);
      expect(answer.body.errors?.[0]?.extensions?.code).toBe('THROTTLED');
      expect(answer.body.extensions?.cost.throttleStatus.currentlyAvailable).toBe(0);
    }
    expect((await postGraphql(shop, shopQuery)).body.data).toEqual({ shop: { name: 'Fake Store' } });
  });

  it('hangs a request until the client gives up, and drops a connection on reset', async () => {
    const shop = await start();
    shop.control.failNext(1, { kind: 'hang' });
    shop.control.failNext(1, { kind: 'reset' });
    const hung = fetch(`${shop.url}/admin/api/2026-10/graphql.json`, {
      method: 'POST',
      body: '{}',
      signal: AbortSignal.timeout(150),
    });
    await expect(hung).rejects.toThrow(/aborted|timeout/i);
    await expect(
      fetch(`${shop.url}/admin/api/2026-10/graphql.json`, { method: 'POST', body: '{}' }),
    ).rejects.toThrow(/fetch failed/);
    expect((await postGraphql(shop, shopQuery)).status).toBe(200);
  });

  it('keeps only the most recent requests (historyLimit), trimming the same array in place', async () => {
    const shop = await start({ historyLimit: 3 });
    const requests = shop.control.requests;
    for (let index = 1; index <= 5; index += 1) await postGraphql(shop, shopQuery, { index });
    expect(shop.control.requests).toBe(requests);
    expect(requests.map((request) => JSON.parse(request.body).variables.index)).toEqual([3, 4, 5]);
  });

  it('refuses connections while down and serves again on the same port once up', async () => {
    const shop = await start();
    await shop.control.goDown();
    expect(shop.control.isDown).toBe(true);
    const refused = await fetch(`${shop.url}/admin/api/2026-10/graphql.json`, {
      method: 'POST',
      body: '{}',
    }).then(
      () => 'answered',
      (error: unknown) => (error instanceof Error ? String(error.cause) : String(error)),
    );
    expect(refused).toMatch(/ECONNREFUSED/);
    await shop.control.goUp();
    expect((await postGraphql(shop, shopQuery)).status).toBe(200);
  });
});
