/**
 * The catalogue, tiers and starter FAQ a new portal starts with (docs/catalogue-and-pricing.md#products,
 * docs/catalogue-and-pricing.md#volume-tiers). Money in cents per bottle. Ids 1, 21, 27 and 17 are kept so
 * that old order lines still resolve.
 */
export const SEED_PRODUCTS = [
  {
    id: 1,
    sku: '800-0001',
    name: '4 oz Bottle',
    description: 'Our signature hydrating mist in the 4 oz retail bottle. Ordered in cases of 12 bottles.',
    price: 2600,
    wholesalePrice: 1065,
    msrp: 2600,
    caseSize: 12,
  },
  {
    id: 21,
    sku: '800-0002',
    name: '1 oz Bottle',
    description: 'The travel-size 1 oz bottle, a favourite at the till. Ordered in cases of 12 bottles.',
    price: 1000,
    wholesalePrice: 485,
    msrp: 1000,
    caseSize: 12,
  },
  {
    id: 27,
    sku: 'SPLIT-PACK-01',
    name: '50/50 Split Pack',
    description: 'Six 4 oz and six 1 oz bottles in one pack of 12.',
    price: 1800,
    wholesalePrice: 775,
    msrp: 1800,
    caseSize: 12,
  },
  {
    id: 17,
    sku: 'SAMPLE-01',
    name: 'Sample (legacy tester)',
    description: 'The tester of earlier orders; kept so old orders still show it.',
    price: 0,
    wholesalePrice: 0,
    msrp: null,
    caseSize: 1,
    isTester: true,
    isActive: false,
  },
] as const;

/** Products without a fixed id: the virtual bundle and today's tester. */
export const SEED_BUNDLE = {
  sku: '800-0004',
  name: 'Case of Mixed Bottles',
  description: 'Same as Above: six 4 oz and six 1 oz bottles, priced from its components.',
  price: 775,
  wholesalePrice: 775,
  msrp: null,
  caseSize: 12,
  isVirtual: true,
  components: [
    { sku: '800-0001', quantity: 6 },
    { sku: '800-0002', quantity: 6 },
  ],
} as const;

export const SEED_TESTER = {
  sku: '800-0003',
  name: 'Free In-Store Tester',
  description: 'One free tester bottle for your counter, at most one per order.',
  price: 0,
  wholesalePrice: 0,
  msrp: null,
  caseSize: 1,
  isTester: true,
} as const;

export const SEED_ALLOWED_SKUS = [
  { sku: '800-0001', notes: '4 oz bottle' },
  { sku: '800-0002', notes: '1 oz bottle' },
  { sku: 'SPLIT-PACK-01', notes: '50/50 split pack' },
  { sku: '800-0004', notes: 'Case of mixed bottles (virtual bundle)' },
  { sku: '800-0003', notes: 'Free in-store tester' },
] as const;

/** Discount in hundredths of a percent: 500 = 5 %. */
export const SEED_TIERS = [
  { name: 'Starter', description: '5% off from 1 case', minimumCases: 1, discountPercentage: 500 },
  { name: 'Retailer', description: '7% off from 2 cases', minimumCases: 2, discountPercentage: 700 },
  { name: 'Volume', description: '10% off from 3 cases', minimumCases: 3, discountPercentage: 1000 },
  { name: 'Distributor', description: '15% off from 5 cases', minimumCases: 5, discountPercentage: 1500 },
] as const;

export const SEED_FAQ = [
  {
    title: 'Ordering',
    items: [
      {
        question: 'How do I place a wholesale order?',
        answer:
          'Choose the number of cases for each product on the order form, review your order and press ' +
          '"Submit Order for Approval". We confirm every order before any payment is taken.',
      },
      {
        question: 'Is there a minimum order?',
        answer:
          'Products are sold in full cases of 12 bottles. A single case is enough, and you can add one free ' +
          'in-store tester to any order.',
      },
      {
        question: 'How do volume discounts work?',
        answer:
          'The more cases you order in total, the lower your price per bottle: 5% off from 1 case, 7% from 2, ' +
          '10% from 3 and 15% from 5 cases.',
      },
    ],
  },
  {
    title: 'Shipping & Delivery',
    items: [
      {
        question: 'How much does shipping cost?',
        answer: 'Shipping is free on every wholesale order.',
      },
      {
        question: 'When will my order arrive?',
        answer:
          'Approved orders are processed within 1-2 business days. You receive a shipping confirmation with ' +
          'tracking as soon as your order leaves our warehouse.',
      },
    ],
  },
  {
    title: 'Payment & Invoices',
    items: [
      {
        question: 'When do I pay?',
        answer:
          'Nothing is charged when you submit an order. Once we approve it, you receive a secure payment link ' +
          'by e-mail and on the order page.',
      },
      {
        question: 'Which payment methods do you accept?',
        answer: 'The payment link accepts all major credit cards and the wallets our checkout offers.',
      },
    ],
  },
  {
    title: 'Your Account',
    items: [
      {
        question: 'How long does account approval take?',
        answer:
          'We review every application within 48 hours and e-mail you as soon as your account is approved.',
      },
      {
        question: 'How do I sign in?',
        answer:
          'Enter your e-mail address on the sign-in page and we send you a secure, one-time login link. ' +
          'There is no password to remember.',
      },
    ],
  },
] as const;

export const DEMO_CUSTOMER = {
  username: 'demo@example.com',
  email: 'demo@example.com',
  firstName: 'Dana',
  lastName: 'Demo',
  businessName: 'Demo Boutique',
  phone: '555-0100',
  shippingAddressLine1: '100 Market Street',
  shippingCity: 'Portland',
  shippingState: 'OR',
  shippingZip: '97201',
  shippingCountry: 'USA',
} as const;

/** A second demo customer, so a demo (and the end-to-end run) can show that orders are private. */
export const SECOND_DEMO_CUSTOMER = {
  username: 'buyer@example.com',
  email: 'buyer@example.com',
  firstName: 'Blair',
  lastName: 'Buyer',
  businessName: 'Harbor Gifts',
  phone: '555-0101',
  shippingAddressLine1: '8 Harbor Road',
  shippingCity: 'Seattle',
  shippingState: 'WA',
  shippingZip: '98101',
  shippingCountry: 'USA',
} as const;

export const DEMO_CUSTOMERS = [DEMO_CUSTOMER, SECOND_DEMO_CUSTOMER] as const;
