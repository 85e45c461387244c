import { describe, expect, it } from 'vitest';
import { isStale, planOrderChanges, type OrderState, type ShopifyOrderFacts } from './shopify-facts';

const NOW = new Date('2026-11-22T16:00:00.000Z');
const at = (time: string) => new Date(`2026-11-22T${time}.000Z`);
const ORDER_GID = 'gid://shopify/Order/820982911946154508';

function order(values: Partial<OrderState> = {}): OrderState {
  return {
    status: 'processing',
    paymentStatus: 'invoice_sent',
    fulfillmentStatus: 'unfulfilled',
    shopifyOrderGid: null,
    shopifyOrderId: '#D12',
    shopifyCheckoutUrl: 'https://shop.example/1/invoices/abc',
    shopifyUpdatedAt: at('15:00:00'),
    trackingNumber: null,
    trackingUrl: null,
    trackingCompany: null,
    invoiceSentAt: at('15:00:00'),
    paidAt: null,
    paymentDueAt: null,
    shippedAt: null,
    deliveredAt: null,
    ...values,
  };
}

const facts = (time: string, values: Omit<ShopifyOrderFacts, 'observedAt'>): ShopifyOrderFacts => ({
  observedAt: at(time),
  ...values,
});

const tracking = { number: '1Z999', url: 'https://ups.example/1Z999', company: 'UPS' };

describe('planOrderChanges', () => {
  it('links the completed draft to its order: the order name replaces the draft name', () => {
    const plan = planOrderChanges(
      order(),
      facts('15:10:00', { order: { gid: ORDER_GID, name: '#1001' } }),
      NOW,
    );
    expect(plan.changes).toMatchObject({ shopifyOrderGid: ORDER_GID, shopifyOrderId: '#1001' });
    expect(plan.movedTo).toBeNull();
  });

  it('fills in the order name later when the link came without one', () => {
    const linked = order({ shopifyOrderGid: ORDER_GID });
    const plan = planOrderChanges(
      linked,
      facts('15:10:00', { order: { gid: ORDER_GID, name: '#1001' } }),
      NOW,
    );
    expect(plan.changes.shopifyOrderId).toBe('#1001');
  });

  it('never applies facts about another Shopify order than the linked one', () => {
    const linked = order({ shopifyOrderGid: ORDER_GID });
    const plan = planOrderChanges(
      linked,
      facts('15:10:00', {
        order: { gid: 'gid://shopify/Order/1', name: '#1002' },
        paid: { at: at('15:10:00') },
      }),
      NOW,
    );
    expect(plan).toEqual({
      changes: {},
      movedTo: null,
      trackingAdded: false,
      conflictingOrderGid: 'gid://shopify/Order/1',
    });
  });

  it('records payment once: paid with paidAt, and a later paid changes nothing', () => {
    const plan = planOrderChanges(order(), facts('15:10:00', { paid: { at: at('15:10:00') } }), NOW);
    expect(plan.changes).toMatchObject({ paymentStatus: 'paid', paidAt: at('15:10:00') });
    const paid = order({ paymentStatus: 'paid', paidAt: at('15:10:00') });
    expect(planOrderChanges(paid, facts('15:20:00', { paid: { at: at('15:20:00') } }), NOW).changes).toEqual(
      {},
    );
  });

  it('never moves payment back: an invoice_sent arriving after paid leaves it paid', () => {
    const paid = order({ paymentStatus: 'paid', paidAt: at('15:10:00'), shopifyUpdatedAt: at('15:10:00') });
    const plan = planOrderChanges(
      paid,
      facts('15:05:00', { invoice: { url: 'https://shop.example/1/invoices/old', sentAt: at('15:05:00') } }),
      NOW,
    );
    expect(plan.changes.paymentStatus).toBeUndefined();
    expect(plan.changes.shopifyCheckoutUrl).toBeUndefined();
  });

  it('marks an unpaid order invoice_sent with the invoice link', () => {
    const unpaid = order({ paymentStatus: 'unpaid', invoiceSentAt: null, shopifyCheckoutUrl: null });
    const url = 'https://shop.example/1/invoices/new';
    const plan = planOrderChanges(
      unpaid,
      facts('15:10:00', { invoice: { url, sentAt: at('15:09:00') } }),
      NOW,
    );
    expect(plan.changes).toMatchObject({
      paymentStatus: 'invoice_sent',
      invoiceSentAt: at('15:09:00'),
      shopifyCheckoutUrl: url,
    });
  });

  it('ships with tracking and tells the customer', () => {
    const plan = planOrderChanges(
      order({ paymentStatus: 'paid' }),
      facts('15:30:00', { shipped: { at: at('15:30:00'), tracking } }),
      NOW,
    );
    expect(plan.movedTo).toBe('shipped');
    expect(plan.changes).toMatchObject({
      status: 'shipped',
      shippedAt: at('15:30:00'),
      trackingNumber: '1Z999',
      trackingUrl: 'https://ups.example/1Z999',
      trackingCompany: 'UPS',
      shopifyUpdatedAt: at('15:30:00'),
    });
  });

  it('never moves status back: a shipped event after delivered keeps delivered and sends nothing', () => {
    const delivered = order({
      status: 'delivered',
      shippedAt: at('15:30:00'),
      deliveredAt: at('15:50:00'),
      shopifyUpdatedAt: at('15:50:00'),
      ...{ trackingNumber: '1Z999', trackingUrl: tracking.url, trackingCompany: 'UPS' },
    });
    const plan = planOrderChanges(
      delivered,
      facts('15:30:00', { shipped: { at: at('15:30:00'), tracking } }),
      NOW,
    );
    expect(plan).toEqual({ changes: {}, movedTo: null, trackingAdded: false, conflictingOrderGid: null });
  });

  it('delivers a shipped order, and a delivery seen first also dates the shipment', () => {
    const shipped = order({ status: 'shipped', shippedAt: at('15:30:00') });
    const plan = planOrderChanges(
      shipped,
      facts('15:50:00', { shipped: { at: at('15:30:00'), tracking }, delivered: { at: at('15:50:00') } }),
      NOW,
    );
    expect(plan.movedTo).toBe('delivered');
    expect(plan.changes).toMatchObject({ status: 'delivered', deliveredAt: at('15:50:00') });
    expect(plan.changes.shippedAt).toBeUndefined();

    const processing = planOrderChanges(
      order(),
      facts('15:50:00', { delivered: { at: at('15:50:00') } }),
      NOW,
    );
    expect(processing.changes).toMatchObject({ status: 'delivered', shippedAt: at('15:50:00') });
  });

  it('keeps a cancelled order cancelled, while still recording that it was paid', () => {
    const cancelled = order({ status: 'cancelled' });
    const plan = planOrderChanges(
      cancelled,
      facts('15:50:00', { paid: { at: at('15:40:00') }, shipped: { at: at('15:50:00'), tracking: null } }),
      NOW,
    );
    expect(plan.changes.status).toBeUndefined();
    expect(plan.changes.shippedAt).toBeUndefined();
    expect(plan.changes.paymentStatus).toBe('paid');
    expect(plan.movedTo).toBeNull();
  });

  it('does not let older tracking overwrite newer tracking', () => {
    const shipped = order({
      status: 'shipped',
      shippedAt: at('15:30:00'),
      shopifyUpdatedAt: at('15:40:00'),
      trackingNumber: 'NEW',
      trackingUrl: null,
      trackingCompany: 'UPS',
    });
    const older = planOrderChanges(
      shipped,
      facts('15:30:00', { shipped: { at: at('15:30:00'), tracking } }),
      NOW,
    );
    expect(older.changes).toEqual({});
    const newer = planOrderChanges(
      shipped,
      facts('15:45:00', { shipped: { at: at('15:30:00'), tracking } }),
      NOW,
    );
    expect(newer.changes.trackingNumber).toBe('1Z999');
  });

  it('tells the customer about tracking that reaches an order shipped without it, and only then', () => {
    const shippedBare = order({
      status: 'shipped',
      shippedAt: at('15:30:00'),
      shopifyUpdatedAt: at('15:30:00'),
    });
    const later = facts('15:45:00', { shipped: { at: at('15:30:00'), tracking } });
    const added = planOrderChanges(shippedBare, later, NOW);
    expect(added).toMatchObject({ movedTo: null, trackingAdded: true, changes: { trackingNumber: '1Z999' } });
    // A carrier's name alone gives nothing to follow; the number that comes after it does.
    const carrierOnly = { number: null, url: null, company: 'UPS' };
    const named = facts('15:40:00', { shipped: { at: at('15:30:00'), tracking: carrierOnly } });
    expect(planOrderChanges(shippedBare, named, NOW).trackingAdded).toBe(false);
    expect(planOrderChanges({ ...shippedBare, trackingCompany: 'UPS' }, later, NOW).trackingAdded).toBe(true);

    // Shipped with this event: the 'shipped' e-mail carries it. Already tracked, or delivered: nothing new.
    expect(planOrderChanges(order({ paymentStatus: 'paid' }), later, NOW)).toMatchObject({
      movedTo: 'shipped',
      trackingAdded: false,
    });
    const tracked = { ...shippedBare, trackingNumber: 'OLD', trackingCompany: 'UPS' };
    expect(planOrderChanges(tracked, later, NOW)).toMatchObject({
      trackingAdded: false,
      changes: { trackingNumber: '1Z999' },
    });
    const delivered = order({ status: 'delivered', shippedAt: at('15:30:00'), deliveredAt: at('15:35:00') });
    expect(planOrderChanges(delivered, later, NOW).trackingAdded).toBe(false);
  });

  it('dates nothing in the future when the store clock runs ahead', () => {
    const plan = planOrderChanges(order(), facts('17:00:00', { paid: { at: at('17:00:00') } }), NOW);
    expect(plan.changes.paidAt).toEqual(NOW);
  });

  it('moves fulfilment progress forward only', () => {
    expect(
      planOrderChanges(order(), facts('15:10:00', { fulfillment: 'partial' }), NOW).changes.fulfillmentStatus,
    ).toBe('partial');
    const fulfilled = order({ fulfillmentStatus: 'fulfilled' });
    expect(planOrderChanges(fulfilled, facts('15:10:00', { fulfillment: 'partial' }), NOW).changes).toEqual(
      {},
    );
  });

  it("takes Shopify's due date of a net-terms order unless the facts are older or the order is paid", () => {
    const due = new Date('2026-12-22T15:10:00.000Z');
    const moved = planOrderChanges(
      order({ paymentDueAt: at('15:00:00') }),
      facts('15:10:00', { paymentDueAt: due }),
      NOW,
    );
    expect(moved.changes.paymentDueAt).toEqual(due);
    const same = planOrderChanges(
      order({ paymentDueAt: due }),
      facts('15:10:00', { paymentDueAt: due }),
      NOW,
    );
    expect(same.changes).toEqual({});
    const older = planOrderChanges(order(), facts('14:00:00', { paymentDueAt: due }), NOW);
    expect(older.changes.paymentDueAt).toBeUndefined();
    const paid = planOrderChanges(
      order({ paymentStatus: 'paid' }),
      facts('15:10:00', { paymentDueAt: due }),
      NOW,
    );
    expect(paid.changes.paymentDueAt).toBeUndefined();
  });

  it('re-arms the payment e-mails when Shopify moves the due date later, not earlier', () => {
    const notified = { paymentDueAt: new Date('2026-12-01T00:00:00Z') };
    const movedTo = (iso: string) =>
      planOrderChanges(order(notified), facts('15:10:00', { paymentDueAt: new Date(iso) }), NOW).changes;
    expect(movedTo('2026-12-20T00:00:00Z')).toMatchObject({
      paymentDueSoonEmailedAt: null,
      paymentOverdueEmailedAt: null,
    });
    expect(movedTo('2026-11-25T00:00:00Z')).not.toHaveProperty('paymentOverdueEmailedAt');
  });

  it('reads a legacy completed order as delivered', () => {
    const legacy = order({ status: 'completed' });
    expect(
      planOrderChanges(legacy, facts('15:10:00', { shipped: { at: at('15:10:00'), tracking: null } }), NOW)
        .movedTo,
    ).toBeNull();
  });
});

describe('isStale', () => {
  const time = (iso: string) => new Date(`2026-11-22T${iso}Z`);

  it('compares whole seconds when one side has no milliseconds (payload times carry none)', () => {
    expect(isStale(time('15:00:00.000'), time('15:00:00.900'))).toBe(false);
    expect(isStale(time('15:00:00.900'), time('15:00:01.000'))).toBe(true);
    expect(isStale(time('14:59:59.999'), time('15:00:00.000'))).toBe(true);
    expect(isStale(time('14:00:00.000'), null)).toBe(false);
    expect(isStale(null, time('14:00:00.000'))).toBe(false);
  });

  it('compares to the millisecond when both sides have them: an older event in the same second is stale', () => {
    expect(isStale(time('15:00:00.400'), time('15:00:00.700'))).toBe(true);
    expect(isStale(time('15:00:00.700'), time('15:00:00.400'))).toBe(false);
    expect(isStale(time('15:00:00.700'), time('15:00:00.700'))).toBe(false);
  });

  it('keeps newer tracking from an older event of the same second', () => {
    const shipped = order({
      status: 'shipped',
      shippedAt: at('15:30:00'),
      shopifyUpdatedAt: new Date('2026-11-22T15:40:00.700Z'),
      trackingNumber: 'NEW',
    });
    const older: ShopifyOrderFacts = {
      observedAt: new Date('2026-11-22T15:40:00.400Z'),
      shipped: { at: at('15:30:00'), tracking },
    };
    expect(planOrderChanges(shipped, older, NOW).changes).toEqual({});
  });
});

describe('a read-back of the present state (reconciliation)', () => {
  const shipped = order({
    status: 'shipped',
    shippedAt: at('15:30:00'),
    shopifyUpdatedAt: at('15:40:00'),
    trackingNumber: 'OLD',
    trackingCompany: 'UPS',
  });

  it("is never stale, and stamps only Shopify's own times, never the portal's clock", () => {
    const plan = planOrderChanges(
      shipped,
      { observedAt: at('15:30:00'), current: true, shipped: { at: at('15:30:00'), tracking } },
      NOW,
    );
    expect(plan.changes).toMatchObject({ trackingNumber: '1Z999' });
    expect(plan.changes.shopifyUpdatedAt).toBeUndefined();
  });

  it('records a payment without any Shopify time, leaving shopifyUpdatedAt alone', () => {
    const plan = planOrderChanges(order(), { observedAt: null, current: true, paid: { at: NOW } }, NOW);
    expect(plan.changes).toMatchObject({ paymentStatus: 'paid', paidAt: NOW });
    expect(plan.changes.shopifyUpdatedAt).toBeUndefined();
  });
});
