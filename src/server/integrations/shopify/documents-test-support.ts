import type { ShopifyOperationName } from './documents';

/**
 * Realistic variables per operation, for the tests that send every document: documents.test.ts (schema),
 * fake-shopify-protocol.test.ts (the fake).
 */
export const EXAMPLE_VARIABLES: Record<ShopifyOperationName, Record<string, unknown>> = {
  ListProducts: { first: 10, after: null, query: "updated_at:>'2026-11-01T00:00:00Z'", variantsFirst: 50 },
  GetProduct: {
    id: 'gid://shopify/Product/8123456789',
    variantsFirst: 100,
    variantsAfter: 'eyJsYXN0X2lkIjo0fQ==',
  },
  UpdateVariants: {
    productId: 'gid://shopify/Product/8123456789',
    variants: [
      { id: 'gid://shopify/ProductVariant/44567890123', price: '10.00', compareAtPrice: '12.00' },
      { id: 'gid://shopify/ProductVariant/44567890124', price: '19.99', compareAtPrice: null },
    ],
  },
  CreateDraftOrder: {
    input: {
      email: 'buyer@example.com',
      note: 'Wholesale order WO-1042 (portal)',
      poNumber: 'WO-1042',
      tags: ['wholesale', 'portal-order-1042'],
      customAttributes: [{ key: 'portal_order_id', value: 'WO-1042' }],
      shippingAddress: {
        firstName: 'Ada',
        lastName: 'Lovelace',
        company: 'Acme Ltd',
        address1: '1 Main St',
        address2: 'Unit 4',
        city: 'Toronto',
        provinceCode: 'ON',
        countryCode: 'CA',
        zip: 'M5V 1A1',
        phone: '+14165550100',
      },
      lineItems: [
        {
          variantId: 'gid://shopify/ProductVariant/44567890123',
          quantity: 12,
          priceOverride: { amount: '10.65', currencyCode: 'USD' },
          customAttributes: [{ key: 'sku', value: '800-0001' }],
        },
        {
          variantId: 'gid://shopify/ProductVariant/44567890125',
          quantity: 1,
          priceOverride: { amount: '0.00', currencyCode: 'USD' },
        },
      ],
    },
  },
  GetDraftOrder: { id: 'gid://shopify/DraftOrder/1099511627776' },
  SendDraftOrderInvoice: {
    id: 'gid://shopify/DraftOrder/1099511627776',
    email: { to: 'buyer@example.com', subject: 'Your wholesale order WO-1042', customMessage: 'Thanks!' },
  },
  CompleteDraftOrder: { id: 'gid://shopify/DraftOrder/1099511627776' },
  GetOrder: { id: 'gid://shopify/Order/5555555555' },
  CreateWebhook: {
    topic: 'ORDERS_PAID',
    sub: { uri: 'https://portal.example.com/api/shopify/webhooks', format: 'JSON' },
  },
  FindDraftOrderByTag: { query: "tag:'portal-order-1042'" },
  UpdateDraftOrder: {
    id: 'gid://shopify/DraftOrder/1099511627776',
    input: { note: 'Updated note', tags: ['wholesale', 'portal-order-1042'] },
  },
  DeleteDraftOrder: { id: 'gid://shopify/DraftOrder/1099511627776' },
  PaymentTermsTemplates: {},
  CompleteDraftOrderOnTerms: { id: 'gid://shopify/DraftOrder/1099511627776' },
  GetOrderPaymentTerms: { id: 'gid://shopify/Order/5555555555' },
  SendOrderInvoice: { id: 'gid://shopify/Order/5555555555' },
  SendPaymentReminder: { id: 'gid://shopify/PaymentSchedule/777' },
};
