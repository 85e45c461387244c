import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, uniqueEmail } from '../test/factories/users';
import { freshIp } from '../test/requests';
import { signIn } from '../test/factories/sign-in';
import { validSupportMessage } from '../features/support/support-test-support';
import { createTestApp, sameOrigin, type TestApp } from '../test/test-app';
import { findInputProblem } from './control-characters';

/*
 * A lone UTF-16 surrogate (issue 29 §4, docs/security.md#input-validation): JSON may escape one (`"\uD800"`),
 * but it is no character, PostgreSQL's json refuses it (the jobs' payloads: a 500) and its text would store
 * U+FFFD instead. The check that walks every body refuses it as a 400 naming the field, on every route.
 */

const LONE = '\uD800';
const MESSAGE = 'must not contain unpaired surrogate characters';

let t: TestApp;
let customer: string;
let customerId: number;

beforeAll(async () => {
  t = await createTestApp();
  const user = await createUser(t.db, { status: 'approved' });
  customerId = user.id;
  customer = await signIn(t.app, t.db, user.email);
});
afterAll(() => t.close());

const send = (method: 'POST' | 'PATCH', url: string, payload: unknown, cookie?: string) =>
  t.app.inject({
    method,
    url,
    // JSON.stringify writes a lone surrogate as the escape `\ud800`, as a hostile client would send it.
    payload: JSON.stringify(payload),
    headers: {
      ...sameOrigin,
      'content-type': 'application/json',
      'idempotency-key': randomUUID(),
      ...(cookie ? { cookie } : {}),
    },
    remoteAddress: freshIp(),
  });

const expectRefused = (response: { statusCode: number; body: string }, field: string) => {
  expect(response.statusCode, response.body).toBe(400);
  expect(JSON.parse(response.body)).toMatchObject({
    code: 'VALIDATION_FAILED',
    message: `${field}: ${MESSAGE}`,
  });
};

const registration = () => ({
  firstName: 'Ada',
  lastName: 'Buyer',
  businessName: 'Mist Shop',
  email: uniqueEmail('surrogate'),
  phone: '555-0100',
  shippingAddressLine1: '1 Main St',
  shippingCity: 'Springfield',
  shippingState: 'IL',
  shippingZip: '62701',
});

const order = (customer: Record<string, unknown> = {}, extra: Record<string, unknown> = {}) => ({
  customer: {
    customerName: 'Ada Buyer',
    customerEmail: 'ada.surrogate@example.com',
    businessName: 'Mist Shop',
    ...customer,
  },
  orderItems: [{ productId: 1, quantity: 24 }],
  ...extra,
});

describe('lone surrogates', () => {
  it('finds a lone high or low surrogate in a value or a key, and lets a pair through', () => {
    expect(findInputProblem({ notes: 'smile 😀' })).toBeNull();
    expect(findInputProblem({ notes: `a${LONE}` })).toEqual({ path: ['notes'], problem: 'surrogate' });
    expect(findInputProblem({ items: [{ name: 'x\uDC00y' }] })).toEqual({
      path: ['items', '0', 'name'],
      problem: 'surrogate',
    });
    expect(findInputProblem({ notes: '\uDE00\uD83D' })).toEqual({ path: ['notes'], problem: 'surrogate' });
    expect(findInputProblem({ [`k${LONE}`]: 'v' })).toEqual({ path: ['k?'], problem: 'surrogate' });
  });

  it('refuses one at registration, naming the field', async () => {
    expectRefused(
      await send('POST', '/api/register', { ...registration(), businessName: `Mist${LONE}` }),
      'businessName',
    );
    expectRefused(
      await send('POST', '/api/register', { ...registration(), shippingAddressLine1: `1 Main${LONE}` }),
      'shippingAddressLine1',
    );
  });

  it('refuses one in a support message', async () => {
    expectRefused(
      await send(
        'POST',
        '/api/support/contact',
        { ...validSupportMessage, message: `Two bottles arrived ${LONE} cracked.` },
        customer,
      ),
      'message',
    );
  });

  it.each([
    ['notes', {}, { notes: `Leave at the back${LONE}` }],
    ['customer.customerName', { customerName: `Ada${LONE}` }, {}],
    ['customer.businessName', { businessName: `Mist${LONE}` }, {}],
    ['customer.shippingAddressLine1', { shippingAddressLine1: `1 Main${LONE}` }, {}],
    ['customer.city', { city: `Springfield${LONE}` }, {}],
  ])('refuses one in an order submission’s %s', async (field, contact, extra) => {
    expectRefused(await send('POST', '/api/create-draft-order', order(contact, extra), customer), field);
  });

  it('refuses one in a profile update', async () => {
    expectRefused(
      await send('PATCH', `/api/user/${customerId}`, { businessName: `Mist${LONE}` }, customer),
      'businessName',
    );
    expectRefused(
      await send('PATCH', `/api/user/${customerId}`, { billingCity: `${LONE}Springfield` }, customer),
      'billingCity',
    );
  });

  it('still takes the same requests without the surrogate', async () => {
    expect((await send('POST', '/api/register', registration())).statusCode).toBe(200);
    expect((await send('POST', '/api/create-draft-order', order(), customer)).statusCode).toBe(201);
    const profile = await send('PATCH', `/api/user/${customerId}`, { businessName: 'Mist 😀' }, customer);
    expect(profile.statusCode, profile.body).toBe(200);
  });
});
