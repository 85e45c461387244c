import { vi } from 'vitest';

type Handler = (request: { path: string; init: RequestInit | undefined }) => Response | Promise<Response>;

export function jsonResponse(body: unknown, init: ResponseInit = {}): Response {
  return new Response(JSON.stringify(body), {
    status: 200,
    ...init,
    headers: { 'Content-Type': 'application/json', ...init.headers },
  });
}

/** An API error body as the server sends it (docs/architecture.md#error-model). */
export function errorResponse(status: number, message: string): Response {
  return jsonResponse({ code: 'TEST_ERROR', message, requestId: 'req-test' }, { status });
}

/** The URL a fetch was called with, whichever form (string, URL, Request) `input` took. */
export function requestUrl(input: RequestInfo | URL): string {
  return typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
}

/** The body a fetch was called with: the client only sends JSON text, so any other body fails the test. */
export function requestBody(init: RequestInit | undefined): string {
  const body = init?.body;
  if (typeof body !== 'string') throw new Error(`Expected a JSON text request body, got ${typeof body}`);
  return body;
}

/**
 * Replaces global fetch with a router over `handlers`, keyed by path without the query string
 * (e.g. '/api/products'). Unknown paths answer 404 so a missing stub shows up as a visible error.
 * Undo with vi.unstubAllGlobals().
 */
export function stubFetch(handlers: Record<string, Handler>) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const path = new URL(requestUrl(input), 'http://localhost').pathname;
    const handler = handlers[path];
    return handler ? handler({ path, init }) : errorResponse(404, `No stub for ${path}`);
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

/** How many times `path` was requested. */
export function countCalls(fetchMock: ReturnType<typeof stubFetch>, path: string): number {
  return fetchMock.mock.calls.filter(([input]) => requestUrl(input).startsWith(path)).length;
}
