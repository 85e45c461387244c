import { z } from 'zod';
import { createShopifyClient, type ShopifyClientOptions } from './client';
import type { ShopifyConfig } from './config';

/** The client's unit tests: a scripted fetch, a fake clock, and the answers Shopify gives. */

export const CONFIG: ShopifyConfig = {
  storeDomain: 'wholesale.myshopify.com',
  adminToken: 'shpat_test',
  apiVersion: '2026-10',
};
export const ENDPOINT = 'https://wholesale.myshopify.com/admin/api/2026-10/graphql.json';

export const GET_SHOP = {
  name: 'GetShop',
  document: 'query GetShop { shop { name } }',
  data: z.object({ shop: z.object({ name: z.string() }) }),
};
export const RENAME_SHOP = {
  name: 'RenameShop',
  document: '# a comment first\nmutation RenameShop($name: String!) { shopUpdate(name: $name) { id } }',
  data: z.object({ shopUpdate: z.object({ id: z.string() }) }),
};

export const cost = (currentlyAvailable: number, requestedQueryCost = 10, restoreRate = 100) => ({
  cost: {
    requestedQueryCost,
    actualQueryCost: requestedQueryCost,
    throttleStatus: { maximumAvailable: 2000, currentlyAvailable, restoreRate },
  },
});
export const ok = (available = 1990) => ({
  body: { data: { shop: { name: 'Dew Mist' } }, extensions: cost(available) },
});
export const renamed = {
  body: { data: { shopUpdate: { id: 'gid://shopify/Shop/1' } }, extensions: cost(1990) },
};
export const throttled = (requested: number, available: number, restoreRate = 100) => ({
  body: {
    errors: [
      { message: 'Throttled', extensions: { code: 'THROTTLED', documentation: 'https://shopify.dev' } },
    ],
    extensions: {
      cost: {
        requestedQueryCost: requested,
        actualQueryCost: null,
        throttleStatus: { maximumAvailable: 2000, currentlyAvailable: available, restoreRate },
      },
    },
  },
});
export const status = (
  code: number,
  headers: Record<string, string> = {},
  body: unknown = { errors: 'nope' },
) => ({
  status: code,
  headers,
  body,
});

/** HTTP 200 with a top-level error saying Shopify failed on its side (the message as Shopify words it). */
export const shopifyFailedInside = (code: 'INTERNAL_SERVER_ERROR' | 'SERVICE_UNAVAILABLE') => ({
  body: {
    errors: [
      {
        message:
          'Internal error. Looks like something went wrong on our end.\nRequest ID: 1f2e (include this in support requests).',
        extensions: { code, requestId: '1f2e' },
      },
    ],
    extensions: cost(1990),
  },
});

export type Reply =
  | { status?: number; headers?: Record<string, string>; body: unknown }
  | { raw: string; status?: number }
  | { throws: unknown }
  | 'no-headers' // never answers
  | 'no-body'; // headers, then a body that never ends

/** A fetch that answers from a script and records what it was asked. */
export function scriptedFetch(replies: Reply[]) {
  const calls: { url: string; init: RequestInit }[] = [];
  const fetchStub = async (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
    calls.push({ url: input instanceof Request ? input.url : input.toString(), init: init ?? {} });
    const reply = replies.shift();
    if (reply === undefined) throw new Error('unexpected extra request');
    if (reply === 'no-headers') return new Promise<Response>(() => {});
    if (reply === 'no-body') return new Response(new ReadableStream({ start() {} }), { status: 200 });
    if ('throws' in reply) throw reply.throws;
    if ('raw' in reply) return new Response(reply.raw, { status: reply.status ?? 200 });
    return new Response(JSON.stringify(reply.body), {
      status: reply.status ?? 200,
      headers: { 'Content-Type': 'application/json', ...reply.headers },
    });
  };
  return { calls, fetch: fetchStub };
}

/** A client on a scripted fetch, a fake clock that the recorded sleeps advance, and captured warnings. */
export function setup(replies: Reply[], options: ShopifyClientOptions = {}) {
  const clock = { now: 1_000_000 };
  const delays: number[] = [];
  const warnings: Record<string, unknown>[] = [];
  const scripted = scriptedFetch(replies);
  const client = createShopifyClient(CONFIG, {
    fetch: scripted.fetch,
    sleep: (ms) => {
      delays.push(ms);
      clock.now += ms;
      return Promise.resolve();
    },
    now: () => clock.now,
    random: () => 0.5,
    log: { warn: (obj) => warnings.push(obj as Record<string, unknown>) },
    ...options,
  });
  return { client, delays, warnings, clock, calls: scripted.calls };
}

export const connectionRefused = () => ({
  throws: Object.assign(new TypeError('fetch failed'), {
    cause: Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:4010'), { code: 'ECONNREFUSED' }),
  }),
});
export const connectionReset = () => ({
  throws: Object.assign(new TypeError('fetch failed'), {
    cause: Object.assign(new Error('other side closed'), { code: 'UND_ERR_SOCKET' }),
  }),
});
