import type { Location, LocationsResponse } from '../../../shared/schemas/locations';

/** Fixtures of the Team page's tests (routes/account/team.test.tsx): a company's locations. */

/** A location with a shipping address and billed there (no billing address of its own). */
export function testLocation(overrides: Partial<Location> & Pick<Location, 'id' | 'name'>): Location {
  return {
    phone: null,
    isDefault: false,
    shippingAddress: '1 Main St\nSpringfield, IL, 62701\nUSA',
    shippingAddressLine1: '1 Main St',
    shippingAddressLine2: null,
    shippingCity: 'Springfield',
    shippingState: 'IL',
    shippingZip: '62701',
    shippingCountry: 'USA',
    billingAddress: null,
    billingAddressLine1: null,
    billingAddressLine2: null,
    billingCity: null,
    billingState: null,
    billingZip: null,
    billingCountry: null,
    taxExemption: null,
    ...overrides,
  };
}

/** The company's default location (the one My Account shows). */
export const mainLocation = testLocation({ id: 31, name: 'Main location', isDefault: true });

/** A second location, billed at another address. */
export const harbourStore = testLocation({
  id: 32,
  name: 'Harbour Store',
  phone: '555-0102',
  shippingAddress: '9 Quay Rd\nPortland, ME, 04101\nUSA',
  shippingAddressLine1: '9 Quay Rd',
  shippingCity: 'Portland',
  shippingState: 'ME',
  shippingZip: '04101',
  billingAddress: 'PO Box 7\nPortland, ME, 04112\nUSA',
  billingAddressLine1: 'PO Box 7',
  billingCity: 'Portland',
  billingState: 'ME',
  billingZip: '04112',
  billingCountry: 'USA',
});

/** GET /api/company/locations's answer. */
export function locationsResponse(
  mayManage: boolean,
  locations: Location[] = [mainLocation, harbourStore],
): LocationsResponse {
  return { mayManage, locations };
}
