import { describe, expect, it } from 'vitest';
import {
  formatOrderNumber,
  knownOrderStatus,
  parseOrderId,
  parseOrderNumber,
  parseOrderReference,
  shopifyNameLabel,
  STORED_ORDER_STATUSES,
  toOrderStatus,
} from './orders';

describe('order numbers', () => {
  it('formats an id as WO-(id + 1000) and reads it back, in any case, with or without the dash', () => {
    expect(formatOrderNumber(1)).toBe('WO-1001');
    for (const id of [1, 42, 123_456]) expect(parseOrderNumber(formatOrderNumber(id))).toBe(id);
    expect(parseOrderNumber('wo1042')).toBe(42);
    expect(parseOrderNumber(' WO-1042 ')).toBe(42);
  });

  it.each(['WO-1000', 'WO-12', 'XO-1042', '1042', 'WO-', 'WO-10a'])('reads %j as no order', (text) => {
    expect(parseOrderNumber(text)).toBeNull();
  });
});

describe('order ids', () => {
  it('reads a whole positive number up to the largest id the API accepts', () => {
    expect(parseOrderId('12')).toBe(12);
    expect(parseOrderId('2147483647')).toBe(2_147_483_647);
  });

  it.each([null, undefined, '', '0', '-3', '1e3', 'abc', '12abc', ' 12', '#12', '2147483648', '99999999999'])(
    'reads %j as no order id',
    (raw) => {
      expect(parseOrderId(raw)).toBeNull();
    },
  );

  it.each([
    ['42', 42],
    ['#42', 42],
    ['WO-1042', 42],
    ['wo-1042', 42],
    ['WO1042', 42],
    [' WO-1001 ', 1],
    [' 42 ', 42],
    ['WO-1000', null],
    ['WO-999', null],
    ['WO-2147484648', null],
    ['0', null],
    ['#', null],
    ['99999999999', null],
    ['4 2', null],
    ['Mist Shop', null],
  ])('reads the reference %j as order id %j', (text, id) => {
    expect(parseOrderReference(text)).toBe(id);
  });
});

describe('toOrderStatus', () => {
  it('reads legacy and missing statuses as the customer sees them (docs/orders.md#legacy-status-values)', () => {
    expect(toOrderStatus('submitted')).toBe('pending');
    expect(toOrderStatus('completed')).toBe('delivered');
    expect(toOrderStatus(null)).toBe('pending');
    expect(toOrderStatus('shipped')).toBe('shipped');
    expect(toOrderStatus('on_hold')).toBe('on_hold');
    expect(toOrderStatus('held')).toBe('pending');
  });

  it('reads each stored value (STORED_ORDER_STATUSES) as the status it is stored for, and no other text', () => {
    for (const [status, stored] of Object.entries(STORED_ORDER_STATUSES)) {
      expect(stored).toContain(status);
      for (const value of stored) expect(knownOrderStatus(value)).toBe(status);
    }
    expect(STORED_ORDER_STATUSES.pending).toEqual(['pending', 'submitted']);
    expect(STORED_ORDER_STATUSES.delivered).toEqual(['delivered', 'completed']);
    for (const other of ['held', 'Shipped', '', null, undefined, 'toString']) {
      expect(knownOrderStatus(other)).toBeNull();
    }
  });
});

describe("staff's label of a Shopify name (docs/orders.md#order-numbers)", () => {
  it('tells a draft from an order', () => {
    expect(shopifyNameLabel('#D2')).toBe('Shopify draft #D2');
    expect(shopifyNameLabel(' #D12 ')).toBe('Shopify draft #D12');
    expect(shopifyNameLabel('#1001')).toBe('Shopify order #1001');
    expect(shopifyNameLabel('#DE1001')).toBe('Shopify order #DE1001');
  });
});
