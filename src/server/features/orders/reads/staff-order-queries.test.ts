import { describe, expect, it } from 'vitest';
import { escapeLike, orderIdFromSearch } from './staff-order-queries';

describe('the admin order search', () => {
  it('escapes the LIKE wildcards and the escape character', () => {
    expect(escapeLike('100%_off\\')).toBe('100\\%\\_off\\\\');
  });

  it.each([
    ['42', 42],
    ['#42', 42],
    ['WO-1042', 42],
    ['wo-1042', 42],
    ['WO1042', 42],
    [' WO-1001 ', 1],
    ['WO-1000', null],
    ['WO-999', null],
    ['0', null],
    ['99999999999', null],
    ['4 2', null],
    ['Mist Shop', null],
  ])('reads %j as order id %j', (search, id) => {
    expect(orderIdFromSearch(search)).toBe(id);
  });
});
