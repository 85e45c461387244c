import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { errorResponse, jsonResponse, stubFetch } from '../test-support/stub-fetch';
import { ApiError, requestJson, serverMessage } from './api';

const userSchema = z.object({ id: z.number(), email: z.string() });

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('requestJson', () => {
  it('sends credentials and JSON, and returns the validated body', async () => {
    const fetchMock = stubFetch({ '/api/user': () => jsonResponse({ id: 1, email: 'a@shop.test' }) });

    await expect(
      requestJson('/api/user', userSchema, { method: 'PATCH', body: { email: 'a@shop.test' } }),
    ).resolves.toEqual({ id: 1, email: 'a@shop.test' });

    const init = fetchMock.mock.calls[0]?.[1];
    expect(init?.credentials).toBe('include');
    expect(init?.method).toBe('PATCH');
    expect(init?.body).toBe('{"email":"a@shop.test"}');
    expect(init?.headers).toMatchObject({ 'Content-Type': 'application/json', Accept: 'application/json' });
  });

  it("raises '<status>: <message>' from the API's error body (docs/storefront.md#messages)", async () => {
    stubFetch({ '/api/orders/9': () => errorResponse(404, 'Order not found') });

    const error = await requestJson('/api/orders/9', userSchema).catch((caught: unknown) => caught);

    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ message: '404: Order not found', status: 404, code: 'TEST_ERROR' });
  });

  it('falls back to the status text when the error body is not an API error', async () => {
    stubFetch({
      '/api/products': () =>
        new Response('<html>Bad Gateway</html>', {
          status: 502,
          statusText: 'Bad Gateway',
          headers: { 'Content-Type': 'text/html' },
        }),
    });

    await expect(requestJson('/api/products', userSchema)).rejects.toThrow('502: Bad Gateway');
  });

  it('resolves to null on 401 when asked to, and throws otherwise', async () => {
    stubFetch({ '/api/user': () => errorResponse(401, 'Not signed in') });

    await expect(requestJson('/api/user', userSchema, { nullOn401: true })).resolves.toBeNull();
    await expect(requestJson('/api/user', userSchema)).rejects.toThrow('401: Not signed in');
  });

  it('reads the body of a 401 it turns into null, so the connection is released (network goes idle)', async () => {
    const response = errorResponse(401, 'Not signed in');
    stubFetch({ '/api/user': () => response });

    await expect(requestJson('/api/user', userSchema, { nullOn401: true })).resolves.toBeNull();
    expect(response.bodyUsed).toBe(true);
  });

  it('keeps the server message without the status for toasts', async () => {
    stubFetch({ '/api/user': () => errorResponse(400, 'Phone is too long') });

    const error: unknown = await requestJson('/api/user', userSchema).catch((caught: unknown) => caught);
    expect(serverMessage(error, 'fallback')).toBe('Phone is too long');
    expect(serverMessage(new TypeError('Failed to fetch'), 'fallback')).toBe('fallback');
    // A proxy's error page has no message for people: the fallback instead of 'Bad Gateway'.
    expect(serverMessage(new ApiError(502, 'Bad Gateway', undefined, undefined), 'fallback')).toBe(
      'fallback',
    );
  });

  it('rejects a reply that does not match the schema instead of passing it on', async () => {
    stubFetch({ '/api/user': () => jsonResponse({ id: 'one' }) });

    await expect(requestJson('/api/user', userSchema)).rejects.toThrow(
      'Unexpected response from GET /api/user',
    );
  });
});
