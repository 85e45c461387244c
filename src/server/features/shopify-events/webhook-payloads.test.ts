import { describe, expect, it } from 'vitest';
import { ZodError } from 'zod';
import {
  interpretWebhook,
  MalformedWebhookError,
  orderGidFromId,
  portalOrderIdOf,
  type StoredWebhook,
} from './webhook-payloads';

const RECEIVED = new Date('2026-11-22T16:00:00.000Z');
const TRIGGERED = new Date('2026-11-22T15:59:59.123Z');
/** The examples' `updated_at` ('2021-12-31T19:00:00-05:00'): the time an event describes. */
const UPDATED = new Date('2022-01-01T00:00:00.000Z');

function stored(topic: string, payload: unknown, orderIdText: string | null = null): StoredWebhook {
  return { topic, payload, orderIdText, triggeredAt: TRIGGERED, receivedAt: RECEIVED };
}

// Shapes after Shopify's examples (src/server/integrations/shopify/webhook-examples); ids above 2^53 as
// JSON.parse leaves them.
const draft = (values: Record<string, unknown>) => ({
  id: 890612572568261600,
  admin_graphql_api_id: 'gid://shopify/DraftOrder/890612572568261625',
  name: '#D142',
  status: 'open',
  invoice_url: 'https://jsmith.myshopify.com/548380009/invoices/abcd1234abcd1234abcd1234abcd1234',
  invoice_sent_at: null,
  updated_at: '2021-12-31T19:00:00-05:00',
  order_id: null,
  note_attributes: [{ name: 'portal_order_id', value: '42' }],
  ...values,
});

const order = (values: Record<string, unknown>) => ({
  id: 820982911946154500,
  admin_graphql_api_id: 'gid://shopify/Order/820982911946154508',
  name: '#1001',
  financial_status: 'paid',
  fulfillment_status: null,
  updated_at: '2021-12-31T19:00:00-05:00',
  note_attributes: [],
  fulfillments: [],
  ...values,
});

const fulfillment = (values: Record<string, unknown>) => ({
  id: 123456,
  order_id: 820982911946154500,
  admin_graphql_api_id: 'gid://shopify/Fulfillment/123456',
  status: 'success',
  shipment_status: null,
  tracking_company: 'UPS',
  tracking_number: '1Z999',
  tracking_numbers: ['1Z999'],
  tracking_url: 'https://ups.example/1Z999',
  tracking_urls: ['https://ups.example/1Z999'],
  created_at: '2021-12-31T19:00:00-05:00',
  updated_at: '2021-12-31T19:00:00-05:00',
  ...values,
});

describe('interpretWebhook', () => {
  it('reads a sent invoice from draft_orders/update, naming the portal order by the draft GID only', () => {
    const meaning = interpretWebhook(
      stored(
        'draft_orders/update',
        draft({ status: 'invoice_sent', invoice_sent_at: '2021-12-31T19:00:00-05:00' }),
      ),
    );
    expect(meaning).toMatchObject({
      kind: 'order',
      ref: { draftOrderGid: 'gid://shopify/DraftOrder/890612572568261625' },
      facts: {
        observedAt: UPDATED,
        invoice: {
          url: 'https://jsmith.myshopify.com/548380009/invoices/abcd1234abcd1234abcd1234abcd1234',
          sentAt: UPDATED,
        },
      },
    });
    // The draft's portal_order_id attribute is not read at all.
    if (meaning.kind === 'order') expect(meaning.ref).toEqual({ draftOrderGid: expect.any(String) });
  });

  it('composes the order GID of a completed draft from the exact order_id digits, never a rounded number', () => {
    const meaning = interpretWebhook(
      stored(
        'draft_orders/update',
        draft({ status: 'completed', order_id: 820982911946154500 }),
        '820982911946154508',
      ),
    );
    expect(meaning).toMatchObject({
      kind: 'order',
      draftCompleted: true,
      facts: { order: { gid: 'gid://shopify/Order/820982911946154508', name: null } },
    });
  });

  it('ignores an open draft', () => {
    expect(interpretWebhook(stored('draft_orders/update', draft({})))).toMatchObject({ kind: 'ignore' });
  });

  it('reads orders/paid as paid, naming the order by admin_graphql_api_id', () => {
    const meaning = interpretWebhook(stored('orders/paid', order({})));
    expect(meaning).toMatchObject({
      kind: 'order',
      ref: { orderGid: 'gid://shopify/Order/820982911946154508' },
      facts: {
        order: { gid: 'gid://shopify/Order/820982911946154508', name: '#1001' },
        paid: { at: UPDATED },
      },
    });
    if (meaning.kind === 'order') expect(meaning.facts.shipped).toBeUndefined();
  });

  it("keeps an order's portal_order_id attribute as a hint only, never as the draft or order", () => {
    const meaning = interpretWebhook(
      stored('orders/paid', order({ note_attributes: [{ name: 'portal_order_id', value: '42' }] })),
    );
    expect(meaning).toMatchObject({
      kind: 'order',
      ref: { orderGid: 'gid://shopify/Order/820982911946154508', portalOrderHint: 42 },
    });
    if (meaning.kind === 'order') expect(meaning.ref.draftOrderGid).toBeUndefined();
  });

  it('reads payment from financial_status, not from the unsigned topic header', () => {
    const pending = interpretWebhook(stored('orders/paid', order({ financial_status: 'pending' })));
    expect(pending).toMatchObject({ kind: 'order' });
    if (pending.kind === 'order') expect(pending.facts.paid).toBeUndefined();
    const updated = interpretWebhook(stored('orders/updated', order({})));
    expect(updated).toMatchObject({ facts: { paid: { at: UPDATED } } });
  });

  it('reads orders/fulfilled as shipped with the newest tracking, not yet delivered', () => {
    const meaning = interpretWebhook(
      stored(
        'orders/fulfilled',
        order({
          fulfillment_status: 'fulfilled',
          fulfillments: [fulfillment({}), fulfillment({ tracking_number: '2Z', tracking_numbers: ['2Z'] })],
        }),
      ),
    );
    expect(meaning).toMatchObject({
      kind: 'order',
      facts: {
        fulfillment: 'fulfilled',
        shipped: { tracking: { number: '2Z', company: 'UPS', url: 'https://ups.example/1Z999' } },
      },
    });
    if (meaning.kind === 'order') expect(meaning.facts.delivered).toBeUndefined();
  });

  it('reads a fully fulfilled order whose every shipment arrived as delivered', () => {
    const meaning = interpretWebhook(
      stored(
        'orders/fulfilled',
        order({
          fulfillment_status: 'fulfilled',
          fulfillments: [fulfillment({ shipment_status: 'delivered' })],
        }),
      ),
    );
    expect(meaning).toMatchObject({ kind: 'order', facts: { delivered: { at: UPDATED } } });
  });

  it('reads fulfillments/create with tracking as shipped, and fulfillments/update delivered as one parcel delivered', () => {
    const created = interpretWebhook(stored('fulfillments/create', fulfillment({}), '820982911946154508'));
    expect(created).toMatchObject({
      kind: 'order',
      ref: { orderGid: 'gid://shopify/Order/820982911946154508' },
      facts: {
        shipped: { at: UPDATED, tracking: { number: '1Z999', company: 'UPS' } },
      },
    });
    const delivered = interpretWebhook(
      stored('fulfillments/update', fulfillment({ shipment_status: 'delivered' }), '820982911946154508'),
    );
    // One parcel of maybe several: the order's delivery is for Shopify to confirm (process-webhook-event.ts).
    expect(delivered).toMatchObject({
      kind: 'order',
      facts: { shipped: { tracking: { number: '1Z999' } } },
      parcelDelivered: { at: UPDATED },
    });
    if (delivered.kind === 'order') expect(delivered.facts.delivered).toBeUndefined();
  });

  it('ignores a cancelled fulfilment, and refuses one without an order_id', () => {
    expect(
      interpretWebhook(stored('fulfillments/update', fulfillment({ status: 'cancelled' }), '1')),
    ).toMatchObject({ kind: 'ignore' });
    expect(() => interpretWebhook(stored('fulfillments/create', fulfillment({}), null))).toThrow(
      MalformedWebhookError,
    );
  });

  it('reads products/update as the product and its SKUs', () => {
    const meaning = interpretWebhook(
      stored('products/update', {
        admin_graphql_api_id: 'gid://shopify/Product/788032119674292922',
        variants: [{ sku: '800-0001' }, { sku: null }],
      }),
    );
    expect(meaning).toEqual({
      kind: 'product',
      productGid: 'gid://shopify/Product/788032119674292922',
      skus: ['800-0001'],
    });
  });

  it('throws on a payload of a known topic that names no object', () => {
    expect(() => interpretWebhook(stored('orders/paid', { id: 1 }))).toThrow(ZodError);
  });

  it('ignores topics the portal does not use', () => {
    expect(interpretWebhook(stored('app/uninstalled', {}))).toMatchObject({ kind: 'ignore' });
  });

  it("dates an event by the payload's updated_at (signed), not X-Shopify-Triggered-At (not signed)", () => {
    expect(interpretWebhook(stored('orders/paid', order({})))).toMatchObject({
      facts: { observedAt: UPDATED },
    });
  });

  it('falls back to X-Shopify-Triggered-At, then to the arrival, when the payload has no updated_at', () => {
    const undated = order({ updated_at: null });
    expect(interpretWebhook(stored('orders/paid', undated))).toMatchObject({
      facts: { observedAt: TRIGGERED },
    });
    expect(interpretWebhook({ ...stored('orders/paid', undated), triggeredAt: null })).toMatchObject({
      facts: { observedAt: RECEIVED },
    });
  });
});

describe('ids', () => {
  it('reads portal_order_id as an id or an order number', () => {
    expect(portalOrderIdOf([{ name: 'portal_order_id', value: '42' }])).toBe(42);
    expect(portalOrderIdOf([{ name: 'portal_order_id', value: 'WO-1042' }])).toBe(42);
    expect(portalOrderIdOf([{ name: 'portal_order_id', value: 'x' }])).toBeNull();
    expect(portalOrderIdOf([{ name: 'other', value: '42' }])).toBeNull();
  });

  it('composes Order GIDs from digits only', () => {
    expect(orderGidFromId('820982911946154508')).toBe('gid://shopify/Order/820982911946154508');
    expect(orderGidFromId('8.2e17')).toBeNull();
    expect(orderGidFromId(null)).toBeNull();
  });
});
