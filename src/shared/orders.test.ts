import { describe, expect, it } from 'vitest';
import { formatOrderNumber, parseOrderNumber, toOrderStatus } from './orders';

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
  it('reads legacy and missing statuses as the customer sees them (DECISIONS §4)', () => {
    expect(toOrderStatus('submitted')).toBe('pending');
    expect(toOrderStatus('completed')).toBe('delivered');
    expect(toOrderStatus(null)).toBe('pending');
    expect(toOrderStatus('shipped')).toBe('shipped');
  });
});
