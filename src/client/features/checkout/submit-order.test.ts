import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CreateDraftOrderRequest, CreateDraftOrderResponse } from '../../../shared/schemas/orders';
import { ApiError } from '../../lib/api';
import { errorResponse, jsonResponse, requestBody, stubFetch } from '../../test-support/stub-fetch';
import {
  ALREADY_SUBMITTED_MESSAGE,
  describeSubmitFailure,
  IN_PROGRESS_MESSAGE,
  INVALID_RESPONSE_MESSAGE,
  sendDraftOrder,
  SUBMIT_ERROR_DEFAULT,
  successPath,
} from './submit-order';

const request: CreateDraftOrderRequest = {
  customer: { customerName: 'Jane Doe', customerEmail: 'jane@shop.test', businessName: 'Doe Botanicals' },
  orderItems: [{ productId: 21, quantity: 12, price: 4.61 }],
};

const draftOrder: CreateDraftOrderResponse = {
  success: true,
  error: null,
  orderName: 'WO-1001',
  orderId: 1,
  invoiceUrl: null,
  testMode: true,
};

afterEach(() => {
  vi.unstubAllGlobals();
});

async function failureOf(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (error) {
    return describeSubmitFailure(error);
  }
  throw new Error('expected the submission to fail');
}

describe('sendDraftOrder', () => {
  it('posts the body as JSON with the Idempotency-Key header and returns the draft order', async () => {
    const fetchMock = stubFetch({ '/api/create-draft-order': () => jsonResponse(draftOrder) });

    await expect(sendDraftOrder(request, 'key-1234-abcd')).resolves.toEqual(draftOrder);

    const [path, init] = fetchMock.mock.calls[0] ?? [];
    expect(path).toBe('/api/create-draft-order');
    expect(init?.method).toBe('POST');
    expect(init?.headers).toMatchObject({
      'Idempotency-Key': 'key-1234-abcd',
      'Content-Type': 'application/json',
    });
    expect(JSON.parse(requestBody(init))).toEqual(request);
  });

  it("says 'Invalid response from server' for an answer that is not JSON or not a draft order", async () => {
    stubFetch({ '/api/create-draft-order': () => new Response('<html>OK</html>', { status: 200 }) });
    expect(await failureOf(sendDraftOrder(request, 'key-1234-abcd'))).toEqual({
      kind: 'failed',
      message: INVALID_RESPONSE_MESSAGE,
      renewKey: false,
    });

    stubFetch({ '/api/create-draft-order': () => jsonResponse({ ...draftOrder, orderId: 'one' }) });
    expect((await failureOf(sendDraftOrder(request, 'key-1234-abcd'))).message).toBe(
      INVALID_RESPONSE_MESSAGE,
    );
  });

  it('reports a 2xx answer with success false by its error text', async () => {
    stubFetch({
      '/api/create-draft-order': () => jsonResponse({ success: false, error: 'Shopify is not connected' }),
    });
    expect((await failureOf(sendDraftOrder(request, 'key-1234-abcd'))).message).toBe(
      'Shopify is not connected',
    );
  });
});

describe('describeSubmitFailure', () => {
  it("shows the server's message, else the spec's default", () => {
    expect(
      describeSubmitFailure(new ApiError(400, 'Your cart is empty.', 'VALIDATION_FAILED', 'r1')),
    ).toEqual({ kind: 'failed', message: 'Your cart is empty.', renewKey: true });
    expect(describeSubmitFailure(new ApiError(500, 'Internal error', 'INTERNAL', 'r1'))).toEqual({
      kind: 'failed',
      message: 'Internal error',
      renewKey: false,
    });
    // A proxy's page is no message for a buyer.
    expect(describeSubmitFailure(new ApiError(502, 'Bad Gateway', undefined, undefined)).message).toBe(
      SUBMIT_ERROR_DEFAULT,
    );
    expect(describeSubmitFailure(new TypeError('Failed to fetch'))).toEqual({
      kind: 'failed',
      message: SUBMIT_ERROR_DEFAULT,
      renewKey: false,
    });
  });

  it('keeps the key whenever an order may exist or the request may be repeated as it is', () => {
    for (const status of [408, 429, 500, 503]) {
      expect(describeSubmitFailure(new ApiError(status, 'x', 'SOME_CODE', 'r')).renewKey).toBe(false);
    }
  });

  it('tells a first attempt still running and a cart already submitted with other details apart', () => {
    expect(describeSubmitFailure(new ApiError(409, 'busy', 'IDEMPOTENCY_IN_PROGRESS', 'r'))).toEqual({
      kind: 'in-progress',
      message: IN_PROGRESS_MESSAGE,
      renewKey: false,
    });
    expect(describeSubmitFailure(new ApiError(422, 'reused', 'IDEMPOTENCY_KEY_REUSED', 'r'))).toEqual({
      kind: 'already-submitted',
      message: ALREADY_SUBMITTED_MESSAGE,
      renewKey: false,
    });
  });

  it('reads an error body from a real response', async () => {
    stubFetch({ '/api/create-draft-order': () => errorResponse(400, 'Business name is required') });
    expect((await failureOf(sendDraftOrder(request, 'key-1234-abcd'))).message).toBe(
      'Business name is required',
    );
  });
});

describe('success path', () => {
  it('goes to /order-success with the order reference and id, encoded', () => {
    expect(successPath(draftOrder, false)).toBe('/order-success?orderNumber=WO-1001&orderId=1');
    expect(successPath({ ...draftOrder, orderName: '#D12', orderId: 12 }, false)).toBe(
      '/order-success?orderNumber=%23D12&orderId=12',
    );
  });

  it('goes to /tester-confirmation for a tester-only order', () => {
    expect(successPath({ ...draftOrder, orderId: 5 }, true)).toBe('/tester-confirmation?orderId=5');
  });
});
