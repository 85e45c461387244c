import { describe, expect, it } from 'vitest';
import type { ShopifyOrder } from '../../integrations/shopify/shopify-api';
import { deliveryOf, factsOfOrder } from './read-back-facts';

const NOW = new Date('2026-11-24T12:00:00.000Z');

type Fulfillment = ShopifyOrder['fulfillments'][number];

function parcel(id: number, values: Partial<Fulfillment> = {}): Fulfillment {
  return {
    id: `gid://shopify/Fulfillment/${id}`,
    status: 'SUCCESS',
    displayStatus: 'IN_TRANSIT',
    createdAt: '2026-11-22T10:30:00Z',
    deliveredAt: null,
    trackingInfo: [{ company: 'UPS', number: `1Z${id}`, url: null }],
    ...values,
  };
}

function order(values: Partial<ShopifyOrder> = {}): ShopifyOrder {
  return {
    id: 'gid://shopify/Order/5555555001',
    legacyResourceId: '5555555001',
    name: '#1001',
    email: 'buyer@example.com',
    displayFinancialStatus: 'PAID',
    displayFulfillmentStatus: 'FULFILLED',
    fullyPaid: true,
    cancelledAt: null,
    updatedAt: '2026-11-23T16:00:05Z',
    fulfillments: [parcel(1)],
    ...values,
  };
}

const delivered = (id: number, at: string) =>
  parcel(id, { displayStatus: 'DELIVERED', deliveredAt: at, createdAt: '2026-11-22T09:00:00Z' });

describe('deliveryOf', () => {
  it('is the newest delivery once every line shipped and every shipment arrived', () => {
    const both = order({
      fulfillments: [delivered(1, '2026-11-23T09:00:00Z'), delivered(2, '2026-11-23T15:00:00Z')],
    });
    expect(deliveryOf(both, NOW)).toEqual({ at: new Date('2026-11-23T15:00:00Z') });
    const undated = order({ fulfillments: [parcel(1, { displayStatus: 'DELIVERED' })] });
    expect(deliveryOf(undated, NOW)).toEqual({ at: NOW });
  });

  it('is not delivered while one parcel of several is on its way, or lines are still to ship', () => {
    const oneOfTwo = order({ fulfillments: [delivered(1, '2026-11-23T09:00:00Z'), parcel(2)] });
    expect(deliveryOf(oneOfTwo, NOW)).toBeNull();
    const partial = order({
      displayFulfillmentStatus: 'PARTIALLY_FULFILLED',
      fulfillments: [delivered(1, '2026-11-23T09:00:00Z')],
    });
    expect(deliveryOf(partial, NOW)).toBeNull();
    expect(deliveryOf(order({ fulfillments: [] }), NOW)).toBeNull();
    // A cancelled fulfilment is no shipment: the rest decides.
    const withCancelled = order({
      fulfillments: [delivered(1, '2026-11-23T09:00:00Z'), parcel(2, { status: 'CANCELLED' })],
    });
    expect(deliveryOf(withCancelled, NOW)).toEqual({ at: new Date('2026-11-23T09:00:00Z') });
  });
});

describe('factsOfOrder', () => {
  it("stamps the state with the order's updatedAt, newer than any fulfilment's creation", () => {
    const facts = factsOfOrder(order(), NOW);
    expect(facts.observedAt).toEqual(new Date('2026-11-23T16:00:05Z'));
    expect(facts).toMatchObject({ current: true, shipped: { tracking: { number: '1Z1' } } });
    expect(facts.delivered).toBeUndefined();
  });
});
