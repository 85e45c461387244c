import { describe, expect, it } from 'vitest';
import {
  formatOrderNumber,
  knownOrderStatus,
  parseOrderNumber,
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

describe('toOrderStatus', () => {
  it('reads legacy and missing statuses as the customer sees them (docs/orders.md#legacy-status-values)', () => {
    expect(toOrderStatus('submitted')).toBe('pending');
    expect(toOrderStatus('completed')).toBe('delivered');
    expect(toOrderStatus(null)).toBe('pending');
    expect(toOrderStatus('shipped')).toBe('shipped');
    expect(toOrderStatus('on_hold')).toBe('pending');
  });

  it('reads each stored value (STORED_ORDER_STATUSES) as the status it is stored for, and no other text', () => {
    for (const [status, stored] of Object.entries(STORED_ORDER_STATUSES)) {
      expect(stored).toContain(status);
      for (const value of stored) expect(knownOrderStatus(value)).toBe(status);
    }
    expect(STORED_ORDER_STATUSES.pending).toEqual(['pending', 'submitted']);
    expect(STORED_ORDER_STATUSES.delivered).toEqual(['delivered', 'completed']);
    for (const other of ['on_hold', 'Shipped', '', null, undefined, 'toString']) {
      expect(knownOrderStatus(other)).toBeNull();
    }
  });
});
