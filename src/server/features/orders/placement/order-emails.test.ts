import { describe, expect, it } from 'vitest';
import type { PricedCart } from '../../../../shared/pricing';
import { newOrderStaffEmail, type SubmittedOrder } from './order-emails';

const env = {
  APP_ORIGIN: 'https://portal.example',
  STORE_NAME: 'Mist Wholesale',
  SUPPORT_EMAIL: 'help@mist.example',
};

const cart: PricedCart = {
  lines: [],
  unknownProductIds: [],
  totalCases: 0,
  totalUnits: 0,
  itemCount: 0,
  tier: null,
  next: null,
  standardTotal: 0,
  orderTotal: 0,
  savings: 0,
  customSavings: 0,
  retailValue: 0,
  profit: 0,
};

const order: SubmittedOrder = {
  id: 2,
  orderNumber: 'WO-1002',
  customerName: 'Ada Buyer',
  customerEmail: 'ada@example.com',
  customerPhone: null,
  businessName: 'Mist Shop',
  notes: null,
  poNumber: null,
  paymentTerms: 'on_approval',
  // The combined string as registration stores it: 'city, state, zip' (docs/accounts-and-roles.md#addresses).
  shippingAddress: '1 Main St\nPortland, OR, 97201\nUS',
  shippingAddressLine1: '1 Main St',
  shippingAddressLine2: null,
  shippingCity: 'Portland',
  shippingState: 'OR',
  shippingZip: '97201',
  shippingCountry: 'US',
};

describe("staff's new-order e-mail", () => {
  it("writes the address in the one format of every output, 'City, ST 97201' (docs/orders.md#addresses)", () => {
    const mail = newOrderStaffEmail(env, 'staff@mist.example', order, cart);
    expect(mail.text).toContain('Ship to: 1 Main St, Portland, OR 97201, US');
  });

  it('says when the order has no address', () => {
    const bare = { ...order, shippingAddress: null, shippingAddressLine1: null };
    expect(newOrderStaffEmail(env, 'staff@mist.example', bare, cart).text).toContain(
      'Ship to: no address given',
    );
  });
});
