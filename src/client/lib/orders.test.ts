import { describe, expect, it } from 'vitest';
import { parseOrderId } from './orders';

describe('parseOrderId', () => {
  it('reads a whole positive number up to the largest id the API accepts', () => {
    expect(parseOrderId('12')).toBe(12);
    expect(parseOrderId('2147483647')).toBe(2_147_483_647);
  });

  it.each([null, undefined, '', '0', '-3', '1e3', 'abc', '12abc', ' 12', '2147483648', '99999999999'])(
    'reads %j as no order id',
    (raw) => {
      expect(parseOrderId(raw)).toBeNull();
    },
  );
});
