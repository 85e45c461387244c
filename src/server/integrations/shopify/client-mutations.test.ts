import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { ShopifyOperation } from './client';
import {
  connectionRefused,
  connectionReset,
  cost,
  GET_SHOP,
  ok,
  RENAME_SHOP,
  renamed,
  type Reply,
  setup,
  shopifyFailedInside,
  status,
  throttled,
} from './client-test-support';
import { operations } from './operations';

/*
 * The client's one rule for mutations (client.ts): resent only when Shopify certainly did not run them;
 * otherwise returned `retryable` for the job to decide, after it has looked for what the mutation made.
 */

describe('createShopifyClient: mutations are retried only when Shopify certainly did not run them', () => {
  it('does not retry a mutation after a timeout, and says the job may retry', async () => {
    const { client, calls } = setup(['no-headers', renamed], { connectTimeoutMs: 20 });
    expect(await client.request(RENAME_SHOP, { name: 'x' })).toMatchObject({
      ok: false,
      error: { kind: 'timeout', retryable: true },
    });
    expect(calls).toHaveLength(1);
  });

  it('does not retry a mutation after a 5xx or a dropped connection', async () => {
    const server = setup([status(502), renamed]);
    expect(await server.client.request(RENAME_SHOP, {})).toMatchObject({
      ok: false,
      error: { kind: 'server' },
    });
    expect(server.calls).toHaveLength(1);
    const reset = setup([connectionReset(), renamed]);
    expect(await reset.client.request(RENAME_SHOP, {})).toMatchObject({
      ok: false,
      error: { kind: 'network' },
    });
    expect(reset.calls).toHaveLength(1);
    for (const code of ['INTERNAL_SERVER_ERROR', 'SERVICE_UNAVAILABLE'] as const) {
      const failedInside = setup([shopifyFailedInside(code), renamed]);
      expect(await failedInside.client.request(RENAME_SHOP, {})).toMatchObject({
        ok: false,
        error: { kind: 'server', status: 200, retryable: true },
      });
      expect(failedInside.calls).toHaveLength(1);
    }
  });

  it('retries a mutation after THROTTLED, 429 and a refused connection', async () => {
    const { client, calls } = setup([
      throttled(10, 0),
      status(429, { 'Retry-After': '1' }),
      connectionRefused(),
      renamed,
    ]);
    expect(await client.request(RENAME_SHOP, {})).toEqual({
      ok: true,
      data: { shopUpdate: { id: 'gid://shopify/Shop/1' } },
    });
    expect(calls).toHaveLength(4);
  });
});

describe('createShopifyClient: what counts as a mutation', () => {
  /** 'mutation' is not its first word: the fragment its payload uses comes first. */
  const fragmentFirstMutation = {
    name: 'CreateDraft',
    document: `fragment DraftFields on DraftOrder { id name }
      mutation CreateDraft($input: DraftOrderInput!) {
        draftOrderCreate(input: $input) { draftOrder { ...DraftFields } userErrors { field message } }
      }`,
    data: z.object({ draftOrderCreate: z.unknown() }),
  };
  const fragmentFirstQuery = {
    ...GET_SHOP,
    document: 'fragment ShopFields on Shop { name }\nquery GetShop { shop { ...ShopFields } }',
  };

  it('reads the operation from the parsed document: a fragment-first mutation is not resent after a 5xx', async () => {
    const mutation = setup([status(502), { body: { data: { draftOrderCreate: null } } }]);
    expect(await mutation.client.request(fragmentFirstMutation, { input: {} })).toMatchObject({
      ok: false,
      error: { kind: 'server', status: 502, retryable: true },
    });
    expect(mutation.calls).toHaveLength(1);

    const query = setup([status(502), ok()]);
    expect(await query.client.request(fragmentFirstQuery, {})).toMatchObject({ ok: true });
    expect(query.calls).toHaveLength(2);
  });

  it('never resends a document it cannot read as a single query', async () => {
    const broken = { ...RENAME_SHOP, document: 'mutation RenameShop {' };
    const twoOperations = { ...GET_SHOP, document: 'query A { shop { name } } query B { shop { name } }' };
    for (const operation of [broken, twoOperations] as ShopifyOperation<unknown>[]) {
      const { client, calls } = setup([status(502), ok()]);
      expect(await client.request(operation, {})).toMatchObject({ ok: false, error: { kind: 'server' } });
      expect(calls).toHaveLength(1);
    }
  });
});

describe("createShopifyClient: a mutation's HTTP 200 answer that cannot be used", () => {
  const unusable: [string, Reply][] = [
    ['a body that is not JSON', { raw: '<html>maintenance</html>' }],
    ['an envelope that is not GraphQL', { body: { data: null, errors: 'Something went wrong' } }],
    ['data that does not match the schema', { body: { data: { shopUpdate: { id: 42 } } } }],
    [
      'errors next to data',
      {
        body: {
          data: { shopUpdate: { id: 'gid://shopify/Shop/1' } },
          errors: [{ message: 'Field failed', path: ['shopUpdate', 'id'] }],
          extensions: cost(1990),
        },
      },
    ],
    [
      'errors next to a null payload',
      { body: { data: { shopUpdate: null }, errors: [{ message: 'Timeout', path: ['shopUpdate'] }] } },
    ],
  ];

  it.each(unusable)('is retryable after %s (Shopify may have run it), but not resent', async (_, reply) => {
    const { client, calls } = setup([reply, renamed]);
    expect(await client.request(RENAME_SHOP, {})).toMatchObject({
      ok: false,
      error: { kind: 'invalid-response', retryable: true, message: expect.stringContaining('may have run') },
    });
    expect(calls).toHaveLength(1);
  });

  it('is retryable for a null payload without errors, which the data schema allows', async () => {
    const { client, calls } = setup([{ body: { data: { draftOrderCreate: null } } }, renamed]);
    expect(await client.request(operations.createDraftOrder, { input: {} })).toMatchObject({
      ok: false,
      error: { kind: 'invalid-response', retryable: true, message: expect.stringContaining('null payload') },
    });
    expect(calls).toHaveLength(1);
  });

  it('stays final when Shopify refused the mutation before running it', async () => {
    const refusals: Reply[] = [
      {
        body: {
          data: { shopUpdate: null },
          errors: [
            {
              message: 'Access denied for shopUpdate field.',
              path: ['shopUpdate'],
              extensions: { code: 'ACCESS_DENIED' },
            },
          ],
        },
      },
      {
        body: {
          errors: [{ message: 'Query cost is 1723', extensions: { code: 'MAX_COST_EXCEEDED' } }],
          extensions: cost(2000, 1723),
        },
      },
      { body: { errors: [{ message: 'Variable $name of type String! was provided invalid value' }] } },
    ];
    for (const reply of refusals) {
      const { client, calls } = setup([reply, renamed]);
      expect(await client.request(RENAME_SHOP, {})).toMatchObject({
        ok: false,
        error: { kind: 'graphql', retryable: false },
      });
      expect(calls).toHaveLength(1);
    }
  });
});
