import { describe, expect, it } from 'vitest';
import { buildAddressString, formatCityLine, shippingAddressLines, shippingAddressText } from './addresses';

describe('buildAddressString (docs/accounts-and-roles.md#addresses)', () => {
  it('joins the lines, then "city, state, zip", then the country with newlines', () => {
    expect(
      buildAddressString({
        line1: '1 Main St',
        line2: 'Suite 4',
        city: 'Austin',
        state: 'TX',
        zip: '78701',
        country: 'USA',
      }),
    ).toBe('1 Main St\nSuite 4\nAustin, TX, 78701\nUSA');
  });

  it('leaves out an empty second line and a missing country', () => {
    expect(
      buildAddressString({ line1: '1 Main St', line2: '  ', city: 'Austin', state: 'TX', zip: '78701' }),
    ).toBe('1 Main St\nAustin, TX, 78701');
  });
});

describe('the address format of every output (docs/orders.md#addresses)', () => {
  const order = {
    shippingAddress: '1 Main St\nPortland, OR, 97201\nUS',
    shippingAddressLine1: '1 Main St',
    shippingAddressLine2: null,
    shippingCity: 'Portland',
    shippingState: 'OR',
    shippingZip: '97201',
    shippingCountry: 'US',
  };

  it("writes the city line 'City, ST 97201', leaving out empty parts", () => {
    expect(formatCityLine({ city: ' Portland ', state: 'OR', zip: '97201' })).toBe('Portland, OR 97201');
    expect(formatCityLine({ city: 'Portland', state: '', zip: '97201' })).toBe('Portland 97201');
    expect(formatCityLine({ city: null, state: 'OR', zip: null })).toBe('OR');
  });

  it('uses the split fields, not the stored combined string with its comma before the ZIP', () => {
    expect(shippingAddressLines(order)).toEqual(['1 Main St', 'Portland, OR 97201', 'US']);
    expect(shippingAddressText(order)).toBe('1 Main St, Portland, OR 97201, US');
  });

  it('falls back to the combined string of an order without split fields', () => {
    expect(shippingAddressText({ ...order, shippingAddressLine1: null })).toBe(
      '1 Main St, Portland, OR, 97201, US',
    );
    expect(shippingAddressText({ ...order, shippingAddressLine1: null, shippingAddress: null })).toBe('');
  });
});
