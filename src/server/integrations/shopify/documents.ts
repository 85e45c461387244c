import * as companies from './documents-companies';

/**
 * Every GraphQL document the portal sends to the Shopify Admin API (version 2026-10). The first nine are the
 * operations of docs/shopify.md#operations, copied from the operation texts the project started with;
 * documents.test.ts validates all of them, deprecations included, against Shopify's real schema
 * (schema/admin_2026-10.json.gz).
 *
 * Rules (docs/shopify.md#shopify-pitfalls): DraftOrder has no `note` field (it is `note2`; the input field
 * stays `note`), no deprecated fields (images via `featuredMedia`/`media`), ids are GID strings, and the
 * nested `first × variantsFirst` stays small enough that a query never requests more than 1000 cost points.
 * B2B companies' documents are in documents-companies.ts.
 */

/**
 * ~ 2 + first × (7 + variantsFirst) points (docs/shopify.md#query-cost): first=10, variantsFirst=50 → 572.
 */
export const LIST_PRODUCTS = /* GraphQL */ `
  query ListProducts($first: Int!, $after: String, $query: String, $variantsFirst: Int!) {
    products(first: $first, after: $after, query: $query, sortKey: ID) {
      pageInfo {
        hasNextPage
        endCursor
      }
      nodes {
        id
        legacyResourceId
        title
        handle
        status
        updatedAt
        featuredMedia {
          preview {
            image {
              url
              altText
            }
          }
        }
        variantsCount {
          count
          precision
        }
        variants(first: $variantsFirst) {
          pageInfo {
            hasNextPage
            endCursor
          }
          nodes {
            id
            legacyResourceId
            title
            sku
            price
            compareAtPrice
            inventoryQuantity
          }
        }
      }
    }
  }
`;

/** One product and one page of its variants (first image, portal visibility); ~ 7 + variantsFirst × 7 points. */
export const GET_PRODUCT = /* GraphQL */ `
  query GetProduct($id: ID!, $variantsFirst: Int!, $variantsAfter: String) {
    product(id: $id) {
      id
      legacyResourceId
      title
      handle
      status
      updatedAt
      featuredMedia {
        preview {
          image {
            url
            altText
          }
        }
      }
      variantsCount {
        count
        precision
      }
      variants(first: $variantsFirst, after: $variantsAfter) {
        pageInfo {
          hasNextPage
          endCursor
        }
        nodes {
          id
          legacyResourceId
          title
          sku
          price
          compareAtPrice
          inventoryQuantity
          portalVisible: metafield(namespace: "wholesale_portal", key: "visible") {
            value
          }
          media(first: 1) {
            nodes {
              preview {
                image {
                  url
                  altText
                }
              }
            }
          }
        }
      }
    }
  }
`;

/**
 * Without allowPartialUpdates one bad variant blocks them all (docs/shopify.md#variant-price-and-visibility).
 */
export const UPDATE_VARIANTS = /* GraphQL */ `
  mutation UpdateVariants($productId: ID!, $variants: [ProductVariantsBulkInput!]!) {
    productVariantsBulkUpdate(productId: $productId, variants: $variants) {
      product {
        id
      }
      productVariants {
        id
        price
        compareAtPrice
      }
      userErrors {
        field
        message
        code
      }
    }
  }
`;

/**
 * The payload selects only what toDraftOrder (shopify-api.ts) reads, unlike the original text: a mutation's
 * payload selection is costed too, and lineItems(first: 250) with nested objects could cost hundreds of points
 * (even MAX_COST_EXCEEDED) for fields nobody reads; the portal already holds the lines it sent.
 */
export const CREATE_DRAFT_ORDER = /* GraphQL */ `
  mutation CreateDraftOrder($input: DraftOrderInput!) {
    draftOrderCreate(input: $input) {
      draftOrder {
        id
        legacyResourceId
        name
        status
        invoiceUrl
        email
        note2
        ready
        totalPriceSet {
          shopMoney {
            amount
            currencyCode
          }
        }
      }
      userErrors {
        field
        message
      }
    }
  }
`;

export const GET_DRAFT_ORDER = /* GraphQL */ `
  query GetDraftOrder($id: ID!) {
    draftOrder(id: $id) {
      id
      name
      status
      ready
      invoiceUrl
      invoiceSentAt
      completedAt
      order {
        id
        name
        displayFinancialStatus
        displayFulfillmentStatus
      }
    }
  }
`;

/** `name` added to the original text so every draft-order answer carries the `#D<n>` the portal stores. */
export const SEND_DRAFT_ORDER_INVOICE = /* GraphQL */ `
  mutation SendDraftOrderInvoice($id: ID!, $email: EmailInput) {
    draftOrderInvoiceSend(id: $id, email: $email) {
      draftOrder {
        id
        name
        status
        invoiceUrl
        invoiceSentAt
      }
      userErrors {
        field
        message
      }
    }
  }
`;

/**
 * Only for off-Shopify payment: completing marks the order paid at once and kills the invoice link
 * (docs/shopify.md#draft-order-lifecycle). `name`, `invoiceUrl` and `completedAt` added to the original text
 * for the same reason.
 */
export const COMPLETE_DRAFT_ORDER = /* GraphQL */ `
  mutation CompleteDraftOrder($id: ID!, $paymentGatewayId: ID, $sourceName: String) {
    draftOrderComplete(id: $id, paymentGatewayId: $paymentGatewayId, sourceName: $sourceName) {
      draftOrder {
        id
        name
        status
        invoiceUrl
        completedAt
        order {
          id
          name
          displayFinancialStatus
          displayFulfillmentStatus
        }
      }
      userErrors {
        field
        message
      }
    }
  }
`;

/**
 * There is no Order.draftOrder: link a draft to its order through DraftOrder.order
 * (docs/shopify.md#order-read-back-and-webhook-subscriptions).
 */
export const GET_ORDER = /* GraphQL */ `
  query GetOrder($id: ID!) {
    order(id: $id) {
      id
      legacyResourceId
      name
      email
      displayFinancialStatus
      displayFulfillmentStatus
      fullyPaid
      cancelledAt
      updatedAt
      fulfillments(first: 10) {
        id
        status
        displayStatus
        createdAt
        deliveredAt
        trackingInfo(first: 5) {
          company
          number
          url
        }
      }
    }
  }
`;

/** `uri`, not the deprecated `callbackUrl` (docs/shopify.md#order-read-back-and-webhook-subscriptions). */
export const CREATE_WEBHOOK = /* GraphQL */ `
  mutation CreateWebhook($topic: WebhookSubscriptionTopic!, $sub: WebhookSubscriptionInput!) {
    webhookSubscriptionCreate(topic: $topic, webhookSubscription: $sub) {
      webhookSubscription {
        id
        topic
        uri
        format
      }
      userErrors {
        field
        message
      }
    }
  }
`;

/**
 * The draft the portal created for an order, found by the idempotency tag it put on it: lets the
 * create-draft job tell 'created, but the answer was lost' from 'never created' before creating again.
 * Ten, not one: the search is fuzzy (`portal-order-7` may also match `portal-order-70`) and the exact tag
 * is checked in code (shopify-api.ts findDraftOrderByTag), so the right draft must be among those answered.
 */
export const FIND_DRAFT_ORDER_BY_TAG = /* GraphQL */ `
  query FindDraftOrderByTag($query: String!) {
    draftOrders(first: 10, query: $query) {
      nodes {
        id
        name
        status
        invoiceUrl
        tags
      }
    }
  }
`;

/**
 * Never after the invoice link is shared: an update unlinks a checkout in progress
 * (docs/shopify.md#draft-order-lifecycle).
 */
export const UPDATE_DRAFT_ORDER = /* GraphQL */ `
  mutation UpdateDraftOrder($id: ID!, $input: DraftOrderInput!) {
    draftOrderUpdate(id: $id, input: $input) {
      draftOrder {
        id
        legacyResourceId
        name
        status
        invoiceUrl
        invoiceSentAt
        totalPriceSet {
          shopMoney {
            amount
            currencyCode
          }
        }
      }
      userErrors {
        field
        message
      }
    }
  }
`;

export const DELETE_DRAFT_ORDER = /* GraphQL */ `
  mutation DeleteDraftOrder($id: ID!) {
    draftOrderDelete(input: { id: $id }) {
      deletedId
      userErrors {
        field
        message
      }
    }
  }
`;

/**
 * The store's net payment terms (docs/shopify.md#payment-terms): Net 15 / 30 / 60 are offered to a customer
 * only when the store has a NET template of that many days.
 */
export const PAYMENT_TERMS_TEMPLATES = /* GraphQL */ `
  query PaymentTermsTemplates {
    paymentTermsTemplates(paymentTermsType: NET) {
      id
      name
      dueInDays
      paymentTermsType
    }
  }
`;

/**
 * Completes a draft that has payment terms: the order is created payment pending (no gateway is given; the
 * deprecated `paymentPending` argument is not used). Its schedule is read with GetOrderPaymentTerms (a
 * mutation's payload selects no connection: it is costed too).
 */
export const COMPLETE_DRAFT_ORDER_ON_TERMS = /* GraphQL */ `
  mutation CompleteDraftOrderOnTerms($id: ID!) {
    draftOrderComplete(id: $id) {
      draftOrder {
        id
        name
        status
        order {
          id
          name
          displayFinancialStatus
          statusPageUrl
        }
      }
      userErrors {
        field
        message
      }
    }
  }
`;

/** An order's payment schedule: the due date, and the id paymentReminderSend takes. */
export const GET_ORDER_PAYMENT_TERMS = /* GraphQL */ `
  query GetOrderPaymentTerms($id: ID!) {
    order(id: $id) {
      id
      name
      displayFinancialStatus
      statusPageUrl
      paymentTerms {
        id
        overdue
        paymentSchedules(first: 1) {
          nodes {
            id
            dueAt
            completedAt
          }
        }
      }
    }
  }
`;

/** Shopify e-mails the order's invoice (with its payment terms and due date) to the customer. */
export const SEND_ORDER_INVOICE = /* GraphQL */ `
  mutation SendOrderInvoice($id: ID!) {
    orderInvoiceSend(id: $id) {
      order {
        id
      }
      userErrors {
        field
        message
        code
      }
    }
  }
`;

/** Shopify e-mails the customer a reminder of the payment schedule (staff's 'Send payment reminder'). */
export const SEND_PAYMENT_REMINDER = /* GraphQL */ `
  mutation SendPaymentReminder($id: ID!) {
    paymentReminderSend(paymentScheduleId: $id) {
      success
      userErrors {
        field
        message
        code
      }
    }
  }
`;

export * from './documents-companies';

/** Every document by operation name: the tests validate each one, the fake store may look them up. */
export const SHOPIFY_DOCUMENTS = {
  ListProducts: LIST_PRODUCTS,
  GetProduct: GET_PRODUCT,
  UpdateVariants: UPDATE_VARIANTS,
  CreateDraftOrder: CREATE_DRAFT_ORDER,
  GetDraftOrder: GET_DRAFT_ORDER,
  SendDraftOrderInvoice: SEND_DRAFT_ORDER_INVOICE,
  CompleteDraftOrder: COMPLETE_DRAFT_ORDER,
  GetOrder: GET_ORDER,
  CreateWebhook: CREATE_WEBHOOK,
  FindDraftOrderByTag: FIND_DRAFT_ORDER_BY_TAG,
  UpdateDraftOrder: UPDATE_DRAFT_ORDER,
  DeleteDraftOrder: DELETE_DRAFT_ORDER,
  PaymentTermsTemplates: PAYMENT_TERMS_TEMPLATES,
  CompleteDraftOrderOnTerms: COMPLETE_DRAFT_ORDER_ON_TERMS,
  GetOrderPaymentTerms: GET_ORDER_PAYMENT_TERMS,
  SendOrderInvoice: SEND_ORDER_INVOICE,
  SendPaymentReminder: SEND_PAYMENT_REMINDER,
  ShopB2bEntitlement: companies.SHOP_B2B_ENTITLEMENT,
  FindCompanyByExternalId: companies.FIND_COMPANY_BY_EXTERNAL_ID,
  GetCompany: companies.GET_COMPANY,
  GetCompanyContacts: companies.GET_COMPANY_CONTACTS,
  FindCustomerByEmail: companies.FIND_CUSTOMER_BY_EMAIL,
  CreateCompany: companies.CREATE_COMPANY,
  UpdateCompany: companies.UPDATE_COMPANY,
  CreateCompanyLocation: companies.CREATE_COMPANY_LOCATION,
  UpdateCompanyLocation: companies.UPDATE_COMPANY_LOCATION,
  AssignCompanyLocationAddress: companies.ASSIGN_COMPANY_LOCATION_ADDRESS,
  UpdateCompanyLocationTaxSettings: companies.UPDATE_COMPANY_LOCATION_TAX_SETTINGS,
  CreateCompanyContact: companies.CREATE_COMPANY_CONTACT,
  AssignCustomerAsContact: companies.ASSIGN_CUSTOMER_AS_CONTACT,
  UpdateCompanyContact: companies.UPDATE_COMPANY_CONTACT,
  AssignContactRoles: companies.ASSIGN_CONTACT_ROLES,
  RevokeContactRoles: companies.REVOKE_CONTACT_ROLES,
  RemoveContactFromCompany: companies.REMOVE_CONTACT_FROM_COMPANY,
} as const;

export type ShopifyOperationName = keyof typeof SHOPIFY_DOCUMENTS;
