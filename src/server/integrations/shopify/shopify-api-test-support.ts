import type { ShopifyClient, ShopifyError, ShopifyOperation, ShopifyResult } from './client';
import { createShopifyApi } from './shopify-api';

/*
 * The API over a scripted client: each request is answered by a handler per operation name, and the answer is
 * parsed with the operation's own zod schema exactly as the real client does, so the schemas are exercised.
 */
type Call = { name: string; variables: Record<string, unknown>; estimatedCost: number | undefined };
type Handler = (variables: Record<string, unknown>) => unknown;

export function scriptedClient(handlers: Record<string, Handler | Handler[]>) {
  const calls: Call[] = [];
  const client: ShopifyClient = {
    request<T>(
      operation: ShopifyOperation<T>,
      variables: Record<string, unknown>,
    ): Promise<ShopifyResult<T>> {
      calls.push({ name: operation.name, variables, estimatedCost: operation.estimatedCost });
      const entry = handlers[operation.name];
      const handler = Array.isArray(entry) ? entry.shift() : entry;
      if (!handler) return Promise.reject(new Error(`no answer scripted for ${operation.name}`));
      const answer = handler(variables);
      if (isFailure(answer)) return Promise.resolve(answer);
      const parsed = operation.data.safeParse(answer);
      return Promise.resolve(
        parsed.success
          ? { ok: true, data: parsed.data }
          : {
              ok: false,
              error: { kind: 'invalid-response', message: parsed.error.message, retryable: false },
            },
      );
    },
    lastThrottleStatus: () => null,
  };
  return { api: createShopifyApi(client), calls };
}

function isFailure(answer: unknown): answer is { ok: false; error: ShopifyError } {
  return typeof answer === 'object' && answer !== null && 'ok' in answer && answer.ok === false;
}
