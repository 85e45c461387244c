import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEXT_RULE_MESSAGES } from '../../../../shared/text-rules';
import { createTestApp, sameOrigin, type TestApp } from '../../../test/test-app';
import { createUser, uniqueEmail } from '../../../test/factories/users';
import { freshIp } from '../../../test/requests';
import { signIn, signInAdmin } from '../../../test/factories/sign-in';
import { uniqueTag } from '../../../test/factories/orders';

/*
 * The one text rule (issue 29 §10, shared/text-rules.ts, docs/security.md#input-validation) at the API: a
 * right-to-left override (U+202E), which would disguise a text in an e-mail, on the order PDF or in the
 * admin CSV, is refused as a 400 naming the field in an order's notes and business name, at registration
 * and in the profile; so the CSV export never carries one.
 */

const RLO = '\u202e';
const MESSAGE = TEXT_RULE_MESSAGES.unprintable;

let t: TestApp;
let customer: string;
let customerId: number;
let admin: string;

beforeAll(async () => {
  t = await createTestApp();
  const user = await createUser(t.db, { status: 'approved' });
  customerId = user.id;
  customer = await signIn(t.app, t.db, user.email);
  admin = await signInAdmin(t.app);
});
afterAll(() => t.close());

const send = (method: 'POST' | 'PATCH', url: string, payload: Record<string, unknown>, cookie?: string) =>
  t.app.inject({
    method,
    url,
    payload,
    headers: { ...sameOrigin, 'idempotency-key': randomUUID(), ...(cookie ? { cookie } : {}) },
    remoteAddress: freshIp(),
  });

const order = (
  tag: string,
  customerFields: Record<string, unknown> = {},
  extra: Record<string, unknown> = {},
) => ({
  customer: {
    customerName: 'Ada Buyer',
    customerEmail: 'ada.rlo@example.com',
    businessName: `Mist Shop ${tag}`,
    ...customerFields,
  },
  orderItems: [{ productId: 1, quantity: 24 }],
  ...extra,
});

const expectRefused = (response: { statusCode: number; body: string }, field: string) => {
  expect(response.statusCode, response.body).toBe(400);
  expect(JSON.parse(response.body)).toMatchObject({
    code: 'VALIDATION_FAILED',
    message: `${field}: ${MESSAGE}`,
  });
};

describe('a right-to-left override', () => {
  it('is refused in an order’s notes and business name, and the CSV export never carries one', async () => {
    const tag = uniqueTag();
    expectRefused(
      await send(
        'POST',
        '/api/create-draft-order',
        order(tag, {}, { notes: `Back door ${RLO}fdp.exe` }),
        customer,
      ),
      'notes',
    );
    expectRefused(
      await send(
        'POST',
        '/api/create-draft-order',
        order(tag, { businessName: `Mist ${tag} ${RLO}pohS` }),
        customer,
      ),
      'customer.businessName',
    );
    // Notes keep their line breaks; the order goes through without the override.
    const placed = await send(
      'POST',
      '/api/create-draft-order',
      order(tag, {}, { notes: 'Back door,\nplease' }),
      customer,
    );
    expect(placed.statusCode, placed.body).toBe(201);

    const csv = await t.app.inject({ url: '/api/admin/orders/export.csv', headers: { cookie: admin } });
    expect(csv.statusCode).toBe(200);
    expect(csv.body).toContain(tag);
    expect(csv.body).not.toContain(RLO);
  });

  it('is refused in the business name at registration', async () => {
    const registration = {
      firstName: 'Ada',
      lastName: 'Buyer',
      businessName: `Mist ${RLO}pohS`,
      email: uniqueEmail('rlo'),
      phone: '555-0100',
      shippingAddressLine1: '1 Main St',
      shippingCity: 'Springfield',
      shippingState: 'IL',
      shippingZip: '62701',
    };
    expectRefused(await send('POST', '/api/register', registration), 'businessName');
    expectRefused(
      await send('POST', '/api/register', { ...registration, businessName: 'Mist', shippingCity: `X${RLO}` }),
      'shippingCity',
    );
  });

  it('is refused in the business name of the profile', async () => {
    expectRefused(
      await send('PATCH', `/api/user/${customerId}`, { businessName: `Mist ${RLO}pohS` }, customer),
      'businessName',
    );
    const saved = await send('PATCH', `/api/user/${customerId}`, { businessName: 'Mist Shop' }, customer);
    expect(saved.statusCode, saved.body).toBe(200);
  });
});
