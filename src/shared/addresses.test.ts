import { describe, expect, it } from 'vitest';
import { buildAddressString } from './addresses';

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
