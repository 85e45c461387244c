import { describe, expect, it } from 'vitest';
import { catalogFromApi } from '../../../shared/pricing-catalog';
import { priceCart } from '../../../shared/pricing';
import { createDraftOrderRequestSchema } from '../../../shared/schemas/orders';
import { testPricingCatalog, testProducts, testUser } from '../../test-support/api-fixtures';
import {
  buildDraftOrderRequest,
  buildOrderCustomer,
  buildOrderItems,
  findCustomerProblems,
  findPoNumberProblem,
  isTesterOnly,
} from './order-request';

const catalog = catalogFromApi(testProducts, testPricingCatalog);

describe('order request', () => {
  it('takes the customer from the profile: full name, contact, the combined and split shipping address', () => {
    expect(buildOrderCustomer(testUser)).toEqual({
      customerName: 'Jane Doe',
      customerEmail: 'jane@shop.test',
      customerPhone: '555-0100',
      businessName: 'Doe Botanicals',
      shippingAddress: '1 Main St\nSpringfield, IL, 62701\nUSA',
      billingAddress: '1 Main St\nSpringfield, IL, 62701\nUSA',
      shippingAddressLine1: '1 Main St',
      shippingAddressLine2: null,
      city: 'Springfield',
      state: 'IL',
      zip: '62701',
      country: 'USA',
    });
  });

  it("sends the country as 'US' when the profile has none", () => {
    expect(buildOrderCustomer({ ...testUser, shippingCountry: null }).country).toBe('US');
    expect(buildOrderCustomer({ ...testUser, shippingCountry: '  ' }).country).toBe('US');
  });

  it('uses only the name parts the profile has', () => {
    expect(buildOrderCustomer({ ...testUser, firstName: 'Jane', lastName: null }).customerName).toBe('Jane');
    expect(buildOrderCustomer({ ...testUser, firstName: null, lastName: null }).customerName).toBe('');
  });

  it("finds nothing wrong with a complete profile, and the spec's messages for missing name, business, e-mail", () => {
    expect(findCustomerProblems(buildOrderCustomer(testUser))).toEqual([]);
    expect(
      findCustomerProblems(
        buildOrderCustomer({
          ...testUser,
          firstName: null,
          lastName: ' ',
          businessName: null,
          email: 'not-an-address',
        }),
      ),
    ).toEqual(['Full name is required', 'Please enter a valid email address', 'Business name is required']);
  });

  it('names the field of any other broken rule', () => {
    expect(findCustomerProblems({ ...buildOrderCustomer(testUser), customerPhone: '5'.repeat(51) })).toEqual([
      'Phone must be at most 50 characters',
    ]);
  });

  it('turns priced lines into order items in engine units with the price per unit in dollars', () => {
    const priced = priceCart(catalog, [
      { productId: 1, quantity: 24 },
      { productId: 40, quantity: 1 },
      { productId: 41, quantity: 1 },
    ]);

    expect(buildOrderItems(priced, testProducts)).toEqual([
      {
        productId: 1,
        quantity: 24,
        price: 9.59,
        name: '4 oz bottle',
        sku: '800-0001',
        imageUrl: 'https://cdn.dewdrop.test/4oz.png',
        shopifyVariantId: null,
      },
      {
        productId: 40,
        quantity: 1,
        // The bundle at 10 %: 6 × 9.59 + 6 × 4.37.
        price: 83.76,
        name: 'Case of mixed bottles',
        sku: '800-0004',
        imageUrl: null,
        shopifyVariantId: null,
      },
      {
        productId: 41,
        quantity: 1,
        price: 0,
        name: 'Free in-store tester',
        sku: '800-0003',
        imageUrl: null,
        shopifyVariantId: null,
      },
    ]);
  });

  it('calls an order of only the tester a tester-only order', () => {
    expect(isTesterOnly(priceCart(catalog, [{ productId: 41, quantity: 1 }]))).toBe(true);
    expect(
      isTesterOnly(
        priceCart(catalog, [
          { productId: 41, quantity: 1 },
          { productId: 21, quantity: 12 },
        ]),
      ),
    ).toBe(false);
    expect(isTesterOnly(priceCart(catalog, []))).toBe(false);
  });

  it('builds a body the endpoint accepts, leaving out empty notes and PO number and trimming the others', () => {
    const priced = priceCart(catalog, [{ productId: 21, quantity: 12 }]);
    const base = {
      customer: buildOrderCustomer(testUser),
      orderItems: buildOrderItems(priced, testProducts),
      poNumber: '',
    };

    const withoutNotes = buildDraftOrderRequest({ ...base, notes: '   ', poNumber: '  ' });
    expect(withoutNotes).not.toHaveProperty('notes');
    expect(withoutNotes).not.toHaveProperty('poNumber');
    expect(createDraftOrderRequestSchema.safeParse(withoutNotes).success).toBe(true);
    expect(buildDraftOrderRequest({ ...base, notes: '  Back door  ' }).notes).toBe('Back door');
    expect(buildDraftOrderRequest({ ...base, notes: '', poNumber: ' PO-42 ' }).poNumber).toBe('PO-42');
  });

  it("judges a PO number by the server's rule, naming the field", () => {
    expect(findPoNumberProblem('')).toBeNull();
    expect(findPoNumberProblem('P'.repeat(60))).toBeNull();
    expect(findPoNumberProblem('P'.repeat(61))).toBe('PO number must be at most 60 characters');
    expect(findPoNumberProblem('PO\t42')).toBe(
      'PO number must not contain control characters or line breaks',
    );
  });
});
