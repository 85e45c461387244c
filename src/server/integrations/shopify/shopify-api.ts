import { type CompaniesApi, createCompaniesApi } from './api/companies';
import { createDraftOrdersApi, type DraftOrdersApi } from './api/draft-orders';
import { createOrdersApi, type OrdersApi } from './api/orders';
import { createPaymentTermsApi, type PaymentTermsApi } from './api/payment-terms';
import { createProductsApi, type ProductsApi } from './api/products';
import { createWebhooksApi, type WebhooksApi } from './api/webhooks';
import type { ShopifyClient } from './client';

/*
 * Typed functions over the Shopify client, one per thing the portal does (docs/shopify.md#operations), one
 * module per resource in api/. At this boundary money is a decimal string ("10.65", never a float), ids are
 * GID strings (`gid://shopify/Product/123`; numeric ids are accepted and converted), `userErrors` become
 * `{ kind: 'user-errors', retryable: false }` and a query for one object that answers null becomes
 * `not-found`. Every answer is parsed with the zod schema of its operation (operations.ts).
 */

export type { CompaniesApi, ShopifyCompany, ShopifyCompanyContact } from './api/companies';
export type {
  DraftOrderCustomLineInput,
  DraftOrderInput,
  DraftOrderLineInput,
  ShopifyDraftOrder,
} from './api/draft-orders';
export { toGid } from './api/ids';
export type { ShopifyOrder } from './api/orders';
export type { PaymentTermsTemplate } from './api/payment-terms';
export type { ShopifyProduct, ShopifyVariant, VariantUpdate } from './api/products';

export type ShopifyApi = ProductsApi &
  DraftOrdersApi &
  OrdersApi &
  PaymentTermsApi &
  WebhooksApi &
  CompaniesApi;

export function createShopifyApi(client: ShopifyClient): ShopifyApi {
  return {
    ...createProductsApi(client),
    ...createDraftOrdersApi(client),
    ...createOrdersApi(client),
    ...createPaymentTermsApi(client),
    ...createWebhooksApi(client),
    ...createCompaniesApi(client),
  };
}
