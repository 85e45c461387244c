import { createServer, type IncomingHttpHeaders } from 'node:http';
import { z } from 'zod';
import type { FakeShopify } from './fake-shopify';

/** Helpers for the fake store's own tests: raw Admin API calls and a webhook receiver. */

export const responseSchema = z.object({
  data: z.record(z.string(), z.unknown()).nullish(),
  errors: z
    .array(
      z.object({
        message: z.string(),
        path: z.array(z.union([z.string(), z.number()])).optional(),
        extensions: z.record(z.string(), z.unknown()).optional(),
      }),
    )
    .optional(),
  extensions: z
    .object({
      cost: z.object({
        requestedQueryCost: z.number(),
        actualQueryCost: z.number().nullable(),
        throttleStatus: z.object({
          maximumAvailable: z.number(),
          currentlyAvailable: z.number(),
          restoreRate: z.number(),
        }),
      }),
      search: z.array(z.unknown()).optional(),
    })
    .optional(),
});

export type GraphqlResponse = z.infer<typeof responseSchema>;

export async function postGraphql(
  fake: Pick<FakeShopify, 'url' | 'token'>,
  query: string,
  variables: Record<string, unknown> = {},
  options: { token?: string | null; version?: string } = {},
): Promise<{ status: number; headers: Headers; body: GraphqlResponse }> {
  const token = options.token === undefined ? fake.token : options.token;
  const response = await fetch(`${fake.url}/admin/api/${options.version ?? '2026-10'}/graphql.json`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(token === null ? {} : { 'x-shopify-access-token': token }),
    },
    body: JSON.stringify({ query, variables }),
  });
  return {
    status: response.status,
    headers: response.headers,
    body: responseSchema.parse(await response.json()),
  };
}

/** `data` of a successful answer, failing the test with the errors otherwise. */
export async function queryData(
  fake: Pick<FakeShopify, 'url' | 'token'>,
  query: string,
  variables: Record<string, unknown> = {},
): Promise<Record<string, unknown>> {
  const { body } = await postGraphql(fake, query, variables);
  if (body.errors?.length || !body.data) throw new Error(`GraphQL errors: ${JSON.stringify(body.errors)}`);
  return body.data;
}

/** Reads a nested value by path from unknown JSON (tests only; throws on a wrong shape). */
export function at(value: unknown, ...path: (string | number)[]): unknown {
  let current = value;
  for (const key of path) {
    if (typeof current !== 'object' || current === null)
      throw new Error(`No ${path.join('.')} in ${JSON.stringify(value)}`);
    current = Reflect.get(current, key);
  }
  return current;
}

export interface ReceivedWebhook {
  rawBody: string;
  headers: IncomingHttpHeaders;
  topic: string;
  json: Record<string, unknown>;
}

/**
 * A stand-in for the portal's webhook route: records every delivery with its raw body and answers with the
 * statuses it is told to (then 200).
 */
export async function startWebhookReceiver(statuses: number[] = []) {
  const received: ReceivedWebhook[] = [];
  const queue = [...statuses];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const rawBody = Buffer.concat(chunks).toString('utf8');
      received.push({
        rawBody,
        headers: request.headers,
        topic: String(request.headers['x-shopify-topic']),
        json: z.record(z.string(), z.unknown()).parse(JSON.parse(rawBody)),
      });
      response.writeHead(queue.shift() ?? 200).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}/api/shopify/webhooks`,
    received,
    topics: () => received.map((webhook) => webhook.topic),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
