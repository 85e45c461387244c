import { z } from 'zod';
import type { ShopifyOperation } from './client';
import * as documents from './documents';
import { companyOperations } from './operations-companies';
import { codedUserError, MUTATION_COST, pageInfo, SMALL_QUERY_COST, userError } from './operations-shared';

/*
 * Each document of documents.ts with the zod schema of its `data` and a conservative cost estimate
 * (docs/shopify.md#query-cost). The schemas hold exactly the fields the document selects, as strict objects:
 * a field we did not ask for means the store (or our fake of it) has drifted. Money is a decimal string, ids
 * are GID strings.
 */

const money = z.string().regex(/^-?\d+(\.\d+)?$/, 'a decimal string');
const variantUserError = userError.extend({ code: z.string().nullable() });
const moneyV2 = z.strictObject({ amount: money, currencyCode: z.string() });
export const moneyBag = z.strictObject({ shopMoney: moneyV2 });
const image = z.strictObject({ url: z.string(), altText: z.string().nullable() });
export const media = z.strictObject({ preview: z.strictObject({ image: image.nullable() }).nullable() });
const draftOrderStatus = z.enum(['OPEN', 'INVOICE_SENT', 'COMPLETED']);
const orderSummary = z.strictObject({
  id: z.string(),
  name: z.string(),
  displayFinancialStatus: z.string().nullable(),
  displayFulfillmentStatus: z.string(),
});

const variantFields = {
  id: z.string(),
  legacyResourceId: z.string(),
  title: z.string(),
  sku: z.string().nullable(),
  price: money,
  compareAtPrice: money.nullable(),
  inventoryQuantity: z.number().int().nullable(),
};
const productFields = {
  id: z.string(),
  legacyResourceId: z.string(),
  title: z.string(),
  handle: z.string(),
  status: z.enum(['ACTIVE', 'ARCHIVED', 'DRAFT', 'UNLISTED']),
  updatedAt: z.string(),
  featuredMedia: media.nullable(),
  variantsCount: z.strictObject({ count: z.number().int(), precision: z.string() }).nullable(),
};

const listProductsData = z.strictObject({
  products: z.strictObject({
    pageInfo,
    nodes: z.array(
      z.strictObject({
        ...productFields,
        variants: z.strictObject({ pageInfo, nodes: z.array(z.strictObject(variantFields)) }),
      }),
    ),
  }),
});

const getProductData = z.strictObject({
  product: z
    .strictObject({
      ...productFields,
      variants: z.strictObject({
        pageInfo,
        nodes: z.array(
          z.strictObject({
            ...variantFields,
            portalVisible: z.strictObject({ value: z.string() }).nullable(),
            media: z.strictObject({ nodes: z.array(media) }),
          }),
        ),
      }),
    })
    .nullable(),
});

const updateVariantsData = z.strictObject({
  productVariantsBulkUpdate: z
    .strictObject({
      product: z.strictObject({ id: z.string() }).nullable(),
      productVariants: z
        .array(z.strictObject({ id: z.string(), price: money, compareAtPrice: money.nullable() }))
        .nullable(),
      userErrors: z.array(variantUserError),
    })
    .nullable(),
});

const createDraftOrderData = z.strictObject({
  draftOrderCreate: z
    .strictObject({
      draftOrder: z
        .strictObject({
          id: z.string(),
          legacyResourceId: z.string(),
          name: z.string(),
          status: draftOrderStatus,
          invoiceUrl: z.string().nullable(),
          email: z.string().nullable(),
          note2: z.string().nullable(),
          ready: z.boolean(),
          totalPriceSet: moneyBag,
        })
        .nullable(),
      userErrors: z.array(userError),
    })
    .nullable(),
});

const getDraftOrderData = z.strictObject({
  draftOrder: z
    .strictObject({
      id: z.string(),
      name: z.string(),
      status: draftOrderStatus,
      ready: z.boolean(),
      invoiceUrl: z.string().nullable(),
      invoiceSentAt: z.string().nullable(),
      completedAt: z.string().nullable(),
      order: orderSummary.nullable(),
    })
    .nullable(),
});

const sendDraftOrderInvoiceData = z.strictObject({
  draftOrderInvoiceSend: z
    .strictObject({
      draftOrder: z
        .strictObject({
          id: z.string(),
          name: z.string(),
          status: draftOrderStatus,
          invoiceUrl: z.string().nullable(),
          invoiceSentAt: z.string().nullable(),
        })
        .nullable(),
      userErrors: z.array(userError),
    })
    .nullable(),
});

const completeDraftOrderData = z.strictObject({
  draftOrderComplete: z
    .strictObject({
      draftOrder: z
        .strictObject({
          id: z.string(),
          name: z.string(),
          status: draftOrderStatus,
          invoiceUrl: z.string().nullable(),
          completedAt: z.string().nullable(),
          order: orderSummary.nullable(),
        })
        .nullable(),
      userErrors: z.array(userError),
    })
    .nullable(),
});

const getOrderData = z.strictObject({
  order: z
    .strictObject({
      id: z.string(),
      legacyResourceId: z.string(),
      name: z.string(),
      email: z.string().nullable(),
      displayFinancialStatus: z.string().nullable(),
      displayFulfillmentStatus: z.string(),
      fullyPaid: z.boolean(),
      cancelledAt: z.string().nullable(),
      updatedAt: z.string(),
      fulfillments: z.array(
        z.strictObject({
          id: z.string(),
          status: z.string(),
          displayStatus: z.string().nullable(),
          createdAt: z.string(),
          deliveredAt: z.string().nullable(),
          trackingInfo: z.array(
            z.strictObject({
              company: z.string().nullable(),
              number: z.string().nullable(),
              url: z.string().nullable(),
            }),
          ),
        }),
      ),
    })
    .nullable(),
});

const findDraftOrderByTagData = z.strictObject({
  draftOrders: z.strictObject({
    nodes: z.array(
      z.strictObject({
        id: z.string(),
        name: z.string(),
        status: draftOrderStatus,
        invoiceUrl: z.string().nullable(),
        tags: z.array(z.string()),
      }),
    ),
  }),
});

const updateDraftOrderData = z.strictObject({
  draftOrderUpdate: z
    .strictObject({
      draftOrder: z
        .strictObject({
          id: z.string(),
          legacyResourceId: z.string(),
          name: z.string(),
          status: draftOrderStatus,
          invoiceUrl: z.string().nullable(),
          invoiceSentAt: z.string().nullable(),
          totalPriceSet: moneyBag,
        })
        .nullable(),
      userErrors: z.array(userError),
    })
    .nullable(),
});

const deleteDraftOrderData = z.strictObject({
  draftOrderDelete: z
    .strictObject({ deletedId: z.string().nullable(), userErrors: z.array(userError) })
    .nullable(),
});

const createWebhookData = z.strictObject({
  webhookSubscriptionCreate: z
    .strictObject({
      webhookSubscription: z
        .strictObject({ id: z.string(), topic: z.string(), uri: z.string(), format: z.string() })
        .nullable(),
      userErrors: z.array(userError),
    })
    .nullable(),
});

// ---- payment terms (docs/shopify.md#payment-terms) ----

const orderOnTerms = z.strictObject({
  id: z.string(),
  name: z.string(),
  displayFinancialStatus: z.string().nullable(),
  statusPageUrl: z.string(),
  paymentTerms: z
    .strictObject({
      id: z.string(),
      overdue: z.boolean(),
      paymentSchedules: z.strictObject({
        nodes: z.array(
          z.strictObject({
            id: z.string(),
            dueAt: z.string().nullable(),
            completedAt: z.string().nullable(),
          }),
        ),
      }),
    })
    .nullable(),
});

const paymentTermsTemplatesData = z.strictObject({
  paymentTermsTemplates: z.array(
    z.strictObject({
      id: z.string(),
      name: z.string(),
      dueInDays: z.number().int().nullable(),
      paymentTermsType: z.string(),
    }),
  ),
});

const completeDraftOrderOnTermsData = z.strictObject({
  draftOrderComplete: z
    .strictObject({
      draftOrder: z
        .strictObject({
          id: z.string(),
          name: z.string(),
          status: draftOrderStatus,
          order: orderOnTerms.omit({ paymentTerms: true }).nullable(),
        })
        .nullable(),
      userErrors: z.array(userError),
    })
    .nullable(),
});

const getOrderPaymentTermsData = z.strictObject({ order: orderOnTerms.nullable() });

const sendOrderInvoiceData = z.strictObject({
  orderInvoiceSend: z
    .strictObject({
      order: z.strictObject({ id: z.string() }).nullable(),
      userErrors: z.array(codedUserError),
    })
    .nullable(),
});

const sendPaymentReminderData = z.strictObject({
  paymentReminderSend: z
    .strictObject({ success: z.boolean().nullable(), userErrors: z.array(codedUserError) })
    .nullable(),
});

/** Shopify refuses a single query over 1000 points (MAX_COST_EXCEEDED); our estimates are upper bounds. */
export const MAX_QUERY_COST = 1000;
/** GetProduct costs ~ 7 + 7 × variantsFirst: 100 per page → ~707 points. */
export const PRODUCT_VARIANT_PAGE = 100;

const listProductsCost = (first: number, variantsFirst: number) => 2 + first * (7 + variantsFirst);

export const operations = {
  listProducts: (first: number, variantsFirst: number) => ({
    name: 'ListProducts',
    document: documents.LIST_PRODUCTS,
    data: listProductsData,
    estimatedCost: listProductsCost(first, variantsFirst),
  }),
  getProduct: (variantsFirst: number) => ({
    name: 'GetProduct',
    document: documents.GET_PRODUCT,
    data: getProductData,
    estimatedCost: 7 + 7 * variantsFirst,
  }),
  updateVariants: {
    name: 'UpdateVariants',
    document: documents.UPDATE_VARIANTS,
    data: updateVariantsData,
    estimatedCost: MUTATION_COST,
  },
  createDraftOrder: {
    name: 'CreateDraftOrder',
    document: documents.CREATE_DRAFT_ORDER,
    data: createDraftOrderData,
    estimatedCost: MUTATION_COST,
  },
  getDraftOrder: {
    name: 'GetDraftOrder',
    document: documents.GET_DRAFT_ORDER,
    data: getDraftOrderData,
    estimatedCost: SMALL_QUERY_COST,
  },
  sendDraftOrderInvoice: {
    name: 'SendDraftOrderInvoice',
    document: documents.SEND_DRAFT_ORDER_INVOICE,
    data: sendDraftOrderInvoiceData,
    estimatedCost: MUTATION_COST,
  },
  completeDraftOrder: {
    name: 'CompleteDraftOrder',
    document: documents.COMPLETE_DRAFT_ORDER,
    data: completeDraftOrderData,
    estimatedCost: MUTATION_COST,
  },
  getOrder: {
    name: 'GetOrder',
    document: documents.GET_ORDER,
    data: getOrderData,
    estimatedCost: SMALL_QUERY_COST,
  },
  findDraftOrderByTag: {
    name: 'FindDraftOrderByTag',
    document: documents.FIND_DRAFT_ORDER_BY_TAG,
    data: findDraftOrderByTagData,
    estimatedCost: SMALL_QUERY_COST,
  },
  updateDraftOrder: {
    name: 'UpdateDraftOrder',
    document: documents.UPDATE_DRAFT_ORDER,
    data: updateDraftOrderData,
    estimatedCost: MUTATION_COST,
  },
  deleteDraftOrder: {
    name: 'DeleteDraftOrder',
    document: documents.DELETE_DRAFT_ORDER,
    data: deleteDraftOrderData,
    estimatedCost: MUTATION_COST,
  },
  createWebhook: {
    name: 'CreateWebhook',
    document: documents.CREATE_WEBHOOK,
    data: createWebhookData,
    estimatedCost: MUTATION_COST,
  },
  paymentTermsTemplates: {
    name: 'PaymentTermsTemplates',
    document: documents.PAYMENT_TERMS_TEMPLATES,
    data: paymentTermsTemplatesData,
    estimatedCost: SMALL_QUERY_COST,
  },
  completeDraftOrderOnTerms: {
    name: 'CompleteDraftOrderOnTerms',
    document: documents.COMPLETE_DRAFT_ORDER_ON_TERMS,
    data: completeDraftOrderOnTermsData,
    estimatedCost: MUTATION_COST,
  },
  getOrderPaymentTerms: {
    name: 'GetOrderPaymentTerms',
    document: documents.GET_ORDER_PAYMENT_TERMS,
    data: getOrderPaymentTermsData,
    estimatedCost: SMALL_QUERY_COST,
  },
  sendOrderInvoice: {
    name: 'SendOrderInvoice',
    document: documents.SEND_ORDER_INVOICE,
    data: sendOrderInvoiceData,
    estimatedCost: MUTATION_COST,
  },
  sendPaymentReminder: {
    name: 'SendPaymentReminder',
    document: documents.SEND_PAYMENT_REMINDER,
    data: sendPaymentReminderData,
    estimatedCost: MUTATION_COST,
  },
  ...companyOperations,
} satisfies Record<string, ShopifyOperation<unknown> | ((...args: number[]) => ShopifyOperation<unknown>)>;

export type ListedProduct = z.infer<typeof listProductsData>['products']['nodes'][number];
export type ListedVariant = ListedProduct['variants']['nodes'][number];
export type FetchedProduct = NonNullable<z.infer<typeof getProductData>['product']>;
export type FetchedVariant = FetchedProduct['variants']['nodes'][number];
export type PageInfo = z.infer<typeof pageInfo>;
export { pageInfo };
export type Media = z.infer<typeof media>;
export type MoneyBag = z.infer<typeof moneyBag>;
