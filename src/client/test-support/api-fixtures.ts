import type { PublicConfig } from '../../shared/schemas/config';
import type { CurrentUser } from '../../shared/schemas/auth';
import type { PricingCatalogDto } from '../../shared/schemas/pricing';
import type { Product } from '../../shared/schemas/products';

export const testConfig: PublicConfig = {
  storeName: 'Dewdrop Botanicals',
  supportEmail: 'support@dewdrop.test',
  termsUrl: 'https://dewdrop.test/terms',
  privacyUrl: 'https://dewdrop.test/privacy',
};

function buildProduct(overrides: Partial<Product> & Pick<Product, 'id' | 'name' | 'sku'>): Product {
  return {
    price: 0,
    wholesalePrice: null,
    msrp: null,
    imageUrl: null,
    shopifyVariantId: null,
    isVirtual: false,
    caseSize: 12,
    isTester: false,
    ...overrides,
  };
}

/** The seeded catalogue of docs/catalogue-and-pricing.md#products, as GET /api/products sends it. */
export const testProducts: Product[] = [
  buildProduct({
    id: 1,
    name: '4 oz bottle',
    sku: '800-0001',
    price: 26,
    wholesalePrice: 10.65,
    msrp: 26,
    imageUrl: 'https://cdn.dewdrop.test/4oz.png',
  }),
  buildProduct({ id: 21, name: '1 oz bottle', sku: '800-0002', price: 10, wholesalePrice: 4.85, msrp: 10 }),
  buildProduct({
    id: 27,
    name: '50/50 split pack',
    sku: 'SPLIT-PACK-01',
    price: 18,
    wholesalePrice: 7.75,
    msrp: 18,
  }),
  buildProduct({ id: 40, name: 'Case of mixed bottles', sku: '800-0004', price: 7.75, isVirtual: true }),
  buildProduct({
    id: 41,
    name: 'Free in-store tester',
    sku: '800-0003',
    price: 0,
    caseSize: 1,
    isTester: true,
  }),
];

/**
 * GET /api/pricing-catalog for the seeded catalogue: the four tiers of
 * docs/catalogue-and-pricing.md#volume-tiers, the bundle's parts.
 */
export const testPricingCatalog: PricingCatalogDto = {
  tiers: [
    { id: 1, name: 'Starter', description: '5% off from 1 case', minimumCases: 1, discountPercentage: 5 },
    { id: 2, name: 'Retailer', description: '7% off from 2 cases', minimumCases: 2, discountPercentage: 7 },
    { id: 3, name: 'Volume', description: '10% off from 3 cases', minimumCases: 3, discountPercentage: 10 },
    {
      id: 4,
      name: 'Distributor',
      description: '15% off from 5 cases',
      minimumCases: 5,
      discountPercentage: 15,
    },
  ],
  customPrices: [],
  components: [
    { virtualProductId: 40, componentProductId: 1, quantity: 6 },
    { virtualProductId: 40, componentProductId: 21, quantity: 6 },
  ],
};

/** A signed-in, approved customer as GET /api/user sends it; billing equals shipping. */
export const testUser: CurrentUser = {
  id: 7,
  username: 'jane@shop.test',
  email: 'jane@shop.test',
  firstName: 'Jane',
  lastName: 'Doe',
  businessName: 'Doe Botanicals',
  phone: '555-0100',
  role: 'customer',
  paymentTerms: 'on_approval',
  company: { id: 3, name: 'Doe Botanicals', role: 'owner' },
  shippingAddress: '1 Main St\nSpringfield, IL, 62701\nUSA',
  shippingAddressLine1: '1 Main St',
  shippingAddressLine2: null,
  shippingCity: 'Springfield',
  shippingState: 'IL',
  shippingZip: '62701',
  shippingCountry: 'USA',
  billingAddress: '1 Main St\nSpringfield, IL, 62701\nUSA',
  billingAddressLine1: '1 Main St',
  billingAddressLine2: null,
  billingCity: 'Springfield',
  billingState: 'IL',
  billingZip: '62701',
  billingCountry: 'USA',
  locations: [
    {
      id: 31,
      name: 'Main location',
      isDefault: true,
      shippingAddress: '1 Main St\nSpringfield, IL, 62701\nUSA',
      shippingAddressLine1: '1 Main St',
      shippingAddressLine2: null,
      shippingCity: 'Springfield',
      shippingState: 'IL',
      shippingZip: '62701',
      shippingCountry: 'USA',
      taxExemption: null,
    },
  ],
  hasPassword: false,
  reorderReminderEmails: true,
  createdAt: '2026-01-05T10:00:00.000Z',
};
