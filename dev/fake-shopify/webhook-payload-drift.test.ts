import { readdirSync, readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { SHOPIFY_DOCUMENTS } from '../../src/server/integrations/shopify/documents';
import { startFakeShopify, type FakeShopify } from './fake-shopify';
import { at, queryData, startWebhookReceiver } from './fake-store-test-support';
import { DEFAULT_WEBHOOK_TOPICS } from './webhooks';

/*
 * The fake's webhook bodies against Shopify's own examples (src/server/integrations/shopify/webhook-examples,
 * docs/shopify.md#webhook-topics): the same keys at every level, so a field Shopify adds (or the fake drops)
 * fails here before a portal parser meets it. Values are the fake's business; only the key sets are compared.
 */

const EXAMPLES_DIR = new URL('../../src/server/integrations/shopify/webhook-examples/', import.meta.url);
const exampleFileSchema = z.object({ name: z.string(), response: z.record(z.string(), z.unknown()) });

/** Every example payload by topic ('orders/paid' → its `response`), read from the metadata files. */
function examplePayloads(): Map<string, Record<string, unknown>> {
  const files = readdirSync(EXAMPLES_DIR).filter((file) => file.endsWith('.metadata.json'));
  return new Map(
    files.map((file) => {
      const example = exampleFileSchema.parse(JSON.parse(readFileSync(new URL(file, EXAMPLES_DIR), 'utf8')));
      return [example.name, example.response];
    }),
  );
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Where the key sets of `actual` and `expected` differ, recursively: objects key by key, arrays by their
 * first element. A level where one side is null or an empty array has no keys to compare and is passed over,
 * so the scenario below fills what it can (addresses, discounts, lines).
 */
function keyDrift(actual: unknown, expected: unknown, path = '$'): string[] {
  if (Array.isArray(actual) && Array.isArray(expected)) {
    return actual.length > 0 && expected.length > 0 ? keyDrift(actual[0], expected[0], `${path}[0]`) : [];
  }
  if (!isObject(actual) || !isObject(expected)) return [];
  const missing = Object.keys(expected)
    .filter((key) => !(key in actual))
    .map((key) => `missing ${path}.${key}`);
  const unexpected = Object.keys(actual)
    .filter((key) => !(key in expected))
    .map((key) => `not in Shopify's example: ${path}.${key}`);
  const nested = Object.keys(actual)
    .filter((key) => key in expected)
    .flatMap((key) => keyDrift(actual[key], expected[key], `${path}.${key}`));
  return [...missing, ...unexpected, ...nested];
}

describe('keyDrift', () => {
  it('finds a key missing or added at any depth, through the first element of arrays', () => {
    const expected = { a: 1, lines: [{ id: 1, price_set: { shop_money: { amount: '1.00' } } }] };
    const actual = { a: 2, extra: true, lines: [{ id: 2, price_set: { shop_money: {} } }] };
    expect(keyDrift(actual, expected)).toEqual([
      "not in Shopify's example: $.extra",
      'missing $.lines[0].price_set.shop_money.amount',
    ]);
    expect(keyDrift({ lines: [], address: null }, { lines: [{ id: 1 }], address: { city: 'x' } })).toEqual(
      [],
    );
  });
});

describe('fake webhook payloads: the keys of Shopify examples', () => {
  const examples = examplePayloads();
  let fake: FakeShopify;
  let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;

  /**
   * One draft through its whole life: created, paid, fulfilled, delivered; a product edit; and the same
   * order on payment terms.
   */
  beforeAll(async () => {
    receiver = await startWebhookReceiver();
    fake = await startFakeShopify({
      webhookUrl: receiver.url,
      webhookTopics: [...new Set([...DEFAULT_WEBHOOK_TOPICS, ...examples.keys()])],
      webhookRetryDelayMs: 1,
    });
    const [product] = fake.control.seedProducts([
      { title: '4 oz Bottle', variants: [{ sku: '800-0001', price: '26.00' }] },
    ]);
    const address = {
      firstName: 'Ada',
      lastName: 'Buyer',
      company: 'Mist Shop',
      address1: '1 Main St',
      city: 'Springfield',
      provinceCode: 'IL',
      countryCode: 'US',
      zip: '62701',
    };
    const input = {
      email: 'buyer@example.com',
      tags: ['portal-order-7'],
      customAttributes: [{ key: 'portal_order_id', value: '7' }],
      shippingAddress: address,
      billingAddress: address,
      appliedDiscount: { title: 'Wholesale', value: 5, valueType: 'PERCENTAGE' },
      shippingLine: {
        title: 'Free wholesale shipping',
        priceWithCurrency: { amount: '0.00', currencyCode: 'USD' },
      },
      lineItems: [
        {
          variantId: product?.variants[0]?.id,
          quantity: 12,
          customAttributes: [{ key: 'bundle', value: '800-0004' }],
          appliedDiscount: { title: 'Tier', value: 1, valueType: 'FIXED_AMOUNT' },
        },
      ],
    };
    const created = await queryData(fake, SHOPIFY_DOCUMENTS.CreateDraftOrder, { input });
    const paid = fake.control.payDraftOrder(String(at(created, 'draftOrderCreate', 'draftOrder', 'id')));
    const shipped = fake.control.fulfillOrder(paid.orderId, { company: 'UPS', number: '1Z999', url: null });
    fake.control.updateFulfillment(shipped.fulfillmentId, 'delivered');
    fake.control.updateProduct(product?.id ?? '', { title: '4 oz Bottle (new label)' });
    // Last, the same order on Net 30 terms (issue 20 §2): its draft_orders/update carries payment_terms, which
    // the example fills; completed payment pending, then paid on its status page.
    const onTerms = await queryData(fake, SHOPIFY_DOCUMENTS.CreateDraftOrder, {
      input: {
        ...input,
        paymentTerms: {
          paymentTermsTemplateId: 'gid://shopify/PaymentTermsTemplate/4',
          paymentSchedules: [{ issuedAt: '2026-11-22T15:30:00Z' }],
        },
      },
    });
    const completed = await queryData(fake, SHOPIFY_DOCUMENTS.CompleteDraftOrderOnTerms, {
      id: at(onTerms, 'draftOrderCreate', 'draftOrder', 'id'),
    });
    fake.control.payOrder(String(at(completed, 'draftOrderComplete', 'draftOrder', 'order', 'id')));
    await fake.control.webhooksSettled();
  });
  afterAll(async () => {
    await fake.close();
    await receiver.close();
  });

  it('compares payment_terms: the last draft_orders/update has them', () => {
    const update = receiver.received.filter((webhook) => webhook.topic === 'draft_orders/update').at(-1);
    expect(update?.json.payment_terms).toMatchObject({ payment_terms_name: 'Net 30' });
  });

  it('has an example for each topic the portal subscribes to', () => {
    for (const topic of DEFAULT_WEBHOOK_TOPICS) expect([...examples.keys()]).toContain(topic);
  });

  it.each([...examples.keys()])('%s', (topic) => {
    const delivered = receiver.received.filter((webhook) => webhook.topic === topic).at(-1);
    expect(delivered, `the scenario made no ${topic} webhook`).toBeDefined();
    expect(keyDrift(delivered?.json, examples.get(topic))).toEqual([]);
  });
});
