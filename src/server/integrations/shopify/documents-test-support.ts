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
  // B2B companies (documents-companies.ts)
  ShopB2bEntitlement: {},
  FindCompanyByExternalId: { query: "external_id:'portal-company-12'" },
  GetCompany: { id: 'gid://shopify/Company/426598' },
  GetCompanyContacts: { companyId: 'gid://shopify/Company/426598', after: null },
  FindCustomerByEmail: { email: 'ada@acme.example' },
  CreateCompany: {
    input: {
      company: {
        name: 'Acme Wine Bar',
        externalId: 'portal-company-12',
        note: 'Wholesale portal company 12',
      },
      companyContact: {
        email: 'ada@acme.example',
        firstName: 'Ada',
        lastName: 'Lovelace',
        phone: '+14165550100',
      },
      companyLocation: {
        name: 'Main location',
        externalId: 'portal-location-31',
        phone: '+14165550100',
        shippingAddress: {
          address1: '1 Main St',
          address2: 'Unit 4',
          city: 'Austin',
          zoneCode: 'TX',
          countryCode: 'US',
          zip: '78701',
          recipient: 'Acme Wine Bar',
        },
        billingSameAsShipping: true,
        buyerExperienceConfiguration: {
          paymentTermsTemplateId: 'gid://shopify/PaymentTermsTemplate/4',
          checkoutToDraft: true,
          editableShippingAddress: false,
        },
        taxExempt: true,
        taxExemptions: ['US_TX_RESELLER_EXEMPTION'],
        taxRegistrationId: 'TX-123456',
      },
    },
  },
  UpdateCompany: { companyId: 'gid://shopify/Company/426598', input: { name: 'Acme Wine Bar LLC' } },
  CreateCompanyLocation: {
    companyId: 'gid://shopify/Company/426598',
    input: {
      name: 'Warehouse',
      externalId: 'portal-location-32',
      shippingAddress: {
        address1: '9 Dock Rd',
        city: 'Austin',
        zoneCode: 'TX',
        countryCode: 'US',
        zip: '78702',
      },
      billingSameAsShipping: true,
      buyerExperienceConfiguration: { paymentTermsTemplateId: null },
    },
  },
  UpdateCompanyLocation: {
    companyLocationId: 'gid://shopify/CompanyLocation/441',
    input: {
      name: 'Warehouse 2',
      phone: '+15125550100',
      buyerExperienceConfiguration: { paymentTermsTemplateId: 'gid://shopify/PaymentTermsTemplate/5' },
    },
  },
  AssignCompanyLocationAddress: {
    locationId: 'gid://shopify/CompanyLocation/441',
    address: { address1: '9 Dock Rd', city: 'Austin', zoneCode: 'TX', countryCode: 'US', zip: '78702' },
    addressTypes: ['SHIPPING'],
  },
  UpdateCompanyLocationTaxSettings: {
    companyLocationId: 'gid://shopify/CompanyLocation/441',
    taxExempt: true,
    exemptionsToAssign: ['US_TX_RESELLER_EXEMPTION'],
    exemptionsToRemove: [],
    taxRegistrationId: 'TX-123456',
  },
  CreateCompanyContact: {
    companyId: 'gid://shopify/Company/426598',
    input: { email: 'bo@acme.example', firstName: 'Bo', lastName: 'Buyer' },
  },
  AssignCustomerAsContact: {
    companyId: 'gid://shopify/Company/426598',
    customerId: 'gid://shopify/Customer/7001',
  },
  UpdateCompanyContact: {
    companyContactId: 'gid://shopify/CompanyContact/9001',
    input: { firstName: 'Bo', lastName: 'Buyer-Smith' },
  },
  AssignContactRoles: {
    companyContactId: 'gid://shopify/CompanyContact/9001',
    rolesToAssign: [
      {
        companyContactRoleId: 'gid://shopify/CompanyContactRole/2',
        companyLocationId: 'gid://shopify/CompanyLocation/441',
      },
    ],
  },
  RevokeContactRoles: {
    companyContactId: 'gid://shopify/CompanyContact/9001',
    roleAssignmentIds: ['gid://shopify/CompanyContactRoleAssignment/77'],
  },
  RemoveContactFromCompany: { companyContactId: 'gid://shopify/CompanyContact/9001' },
};

/**
 * CreateDraftOrder for a B2B company location (docs/plans/shopify-b2b.md §1.5): the same document, with a
 * purchasing company in its input. Without one, the input is EXAMPLE_VARIABLES.CreateDraftOrder's.
 */
export const B2B_DRAFT_ORDER_VARIABLES = {
  input: {
    ...EXAMPLE_VARIABLES.CreateDraftOrder.input!,
    purchasingEntity: {
      purchasingCompany: {
        companyId: 'gid://shopify/Company/426598',
        companyLocationId: 'gid://shopify/CompanyLocation/441',
        companyContactId: 'gid://shopify/CompanyContact/9001',
      },
    },
  },
};
