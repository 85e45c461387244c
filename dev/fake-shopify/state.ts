import type { Cents } from '../../src/shared/money';
import type { FakeMetafield } from './metafields';

/**
 * The fake store's records: what a Shopify shop holds for the operations the portal uses
 * (docs/shopify.md#operations, docs/shopify.md#the-fake-store). Ids are numbers (GIDs are printed at the
 * edges), money is cents, times are ms since the epoch in whole seconds (the API's DateTime has second
 * precision, so `updated_at:>` filters behave as on a real shop).
 */

export type ProductStatus = 'ACTIVE' | 'ARCHIVED' | 'DRAFT' | 'UNLISTED';
export type DraftOrderStatus = 'OPEN' | 'INVOICE_SENT' | 'COMPLETED';
export type FinancialStatus =
  | 'AUTHORIZED'
  | 'EXPIRED'
  | 'PAID'
  | 'PARTIALLY_PAID'
  | 'PARTIALLY_REFUNDED'
  | 'PENDING'
  | 'REFUNDED'
  | 'VOIDED';
export type FulfillmentStatus = 'UNFULFILLED' | 'PARTIALLY_FULFILLED' | 'FULFILLED';
/** REST `shipment_status` values of a fulfillment (null until the carrier reports). */
export type ShipmentStatus =
  | 'label_printed'
  | 'label_purchased'
  | 'attempted_delivery'
  | 'ready_for_pickup'
  | 'confirmed'
  | 'in_transit'
  | 'out_for_delivery'
  | 'delivered'
  | 'failure';

export interface FakeImage {
  mediaId: number;
  imageId: number;
  url: string;
  altText: string | null;
}

export interface FakeVariant {
  id: number;
  productId: number;
  title: string;
  sku: string | null;
  price: Cents;
  compareAtPrice: Cents | null;
  inventoryQuantity: number;
  position: number;
  taxable: boolean;
  barcode: string | null;
  /** ProductVariantsBulkInput.published (2026-07+): variant visibility on the online store. */
  published: boolean;
  /** Written by ProductVariantsBulkInput.metafields (the portal records its visibility there). */
  metafields: FakeMetafield[];
  image: FakeImage | null;
  createdAt: number;
  updatedAt: number;
}

export interface FakeProduct {
  id: number;
  title: string;
  handle: string;
  status: ProductStatus;
  vendor: string;
  productType: string;
  tags: string[];
  descriptionHtml: string;
  image: FakeImage | null;
  variantIds: number[];
  createdAt: number;
  updatedAt: number;
  publishedAt: number | null;
}

export interface FakeAttribute {
  key: string;
  value: string | null;
}

export interface FakeAddress {
  firstName: string | null;
  lastName: string | null;
  company: string | null;
  address1: string | null;
  address2: string | null;
  city: string | null;
  provinceCode: string | null;
  countryCode: string | null;
  zip: string | null;
  phone: string | null;
}

export interface FakeDiscount {
  title: string | null;
  description: string | null;
  value: number;
  valueType: 'FIXED_AMOUNT' | 'PERCENTAGE';
}

export interface FakeDraftLine {
  id: number;
  uuid: string;
  /** null for a custom line (no variant). */
  variantId: number | null;
  productId: number | null;
  title: string;
  variantTitle: string | null;
  sku: string | null;
  vendor: string | null;
  quantity: number;
  /** A custom line's own price (originalUnitPriceWithCurrency); unused for variant lines. */
  customPrice: Cents | null;
  /** The variant's price when the line was made: used if the variant is deleted later. */
  catalogPriceAtCreation: Cents;
  priceOverride: { amount: Cents; currencyCode: string } | null;
  appliedDiscount: FakeDiscount | null;
  customAttributes: FakeAttribute[];
  taxable: boolean;
  requiresShipping: boolean;
}

export type PaymentTermsType = 'RECEIPT' | 'FULFILLMENT' | 'NET' | 'FIXED';

/** One of Shopify's standard payment terms templates (paymentTermsTemplates). */
export interface FakePaymentTermsTemplate {
  id: number;
  name: string;
  description: string;
  paymentTermsType: PaymentTermsType;
  /** NET only. */
  dueInDays: number | null;
}

export interface FakePaymentSchedule {
  id: number;
  issuedAt: number | null;
  dueAt: number | null;
  /** When the order was paid. */
  completedAt: number | null;
}

/**
 * Payment terms made from a template (DraftOrderInput.paymentTerms). A draft keeps them, and the order it
 * becomes takes them over. NET and FIXED terms have one schedule; event terms (RECEIPT, FULFILLMENT) none.
 */
export interface FakePaymentTerms {
  id: number;
  templateId: number;
  name: string;
  paymentTermsType: PaymentTermsType;
  dueInDays: number | null;
  schedules: FakePaymentSchedule[];
  createdAt: number;
  updatedAt: number;
}

export interface FakeDraftOrder {
  id: number;
  /** `#D<number>`. */
  number: number;
  status: DraftOrderStatus;
  email: string | null;
  phone: string | null;
  note: string | null;
  poNumber: string | null;
  tags: string[];
  customAttributes: FakeAttribute[];
  shippingAddress: FakeAddress | null;
  billingAddress: FakeAddress | null;
  lineItems: FakeDraftLine[];
  appliedDiscount: FakeDiscount | null;
  shippingLine: { title: string; price: Cents } | null;
  taxExempt: boolean;
  visibleToCustomer: boolean;
  sourceName: string | null;
  currencyCode: string;
  /** The 32 hex characters of the invoice URL. */
  invoiceToken: string;
  invoiceSentAt: number | null;
  paymentTerms: FakePaymentTerms | null;
  /** purchasingEntity.purchasingCompany: who buys on a B2B draft; null on a customer-based one. */
  purchasingCompany: FakePurchasingCompany | null;
  /** purchasingEntity.customerId (or the deprecated DraftOrderInput.customerId). */
  customerId: number | null;
  completedAt: number | null;
  orderId: number | null;
  createdAt: number;
  updatedAt: number;
}

export interface FakePurchasingCompany {
  companyId: number;
  locationId: number;
  contactId: number;
}

export interface FakeOrderLine {
  id: number;
  variantId: number | null;
  productId: number | null;
  title: string;
  variantTitle: string | null;
  sku: string | null;
  vendor: string | null;
  quantity: number;
  unitPrice: Cents;
  discount: Cents;
  customAttributes: FakeAttribute[];
  fulfilledQuantity: number;
  requiresShipping: boolean;
  taxable: boolean;
}

export interface FakeTracking {
  company: string | null;
  number: string | null;
  url: string | null;
}

export interface FakeFulfillment {
  id: number;
  orderId: number;
  /** 1 for `#1001.1`. */
  sequence: number;
  status: 'SUCCESS' | 'CANCELLED';
  shipmentStatus: ShipmentStatus | null;
  tracking: FakeTracking[];
  lineItems: { lineId: number; quantity: number }[];
  createdAt: number;
  updatedAt: number;
  deliveredAt: number | null;
  inTransitAt: number | null;
}

export interface FakeOrder {
  id: number;
  /** `#1001`: order_number. */
  number: number;
  draftOrderId: number | null;
  email: string | null;
  phone: string | null;
  note: string | null;
  poNumber: string | null;
  tags: string[];
  customAttributes: FakeAttribute[];
  shippingAddress: FakeAddress | null;
  billingAddress: FakeAddress | null;
  lineItems: FakeOrderLine[];
  currencyCode: string;
  subtotal: Cents;
  totalDiscounts: Cents;
  shipping: Cents;
  /** The draft's shipping line title, null when it had none (then `shipping_lines` is empty). */
  shippingTitle: string | null;
  total: Cents;
  financialStatus: FinancialStatus;
  /** Taken over from the draft: an order on terms is created payment pending. */
  paymentTerms: FakePaymentTerms | null;
  fulfillmentStatus: FulfillmentStatus;
  fulfillmentIds: number[];
  sourceName: string;
  paymentGatewayNames: string[];
  createdAt: number;
  updatedAt: number;
  processedAt: number;
  cancelledAt: number | null;
  closedAt: number | null;
}

export interface FakeWebhookSubscription {
  id: number;
  /** GraphQL enum value, e.g. ORDERS_PAID. */
  topic: string;
  uri: string;
  format: 'JSON' | 'XML';
  name: string | null;
  filter: string | null;
  includeFields: string[];
  createdAt: number;
  updatedAt: number;
}

/** An invoice e-mail the store "sent" (draftOrderInvoiceSend): tests read these instead of an inbox. */
export interface SentInvoice {
  draftOrderId: number;
  to: string;
  from: string | null;
  subject: string;
  customMessage: string | null;
  bcc: string[];
  invoiceUrl: string;
  sentAt: number;
}

/** An order invoice e-mail (orderInvoiceSend): the pay link is the order's status page. */
export interface SentOrderInvoice {
  orderId: number;
  to: string;
  from: string | null;
  subject: string;
  customMessage: string | null;
  bcc: string[];
  statusPageUrl: string;
  sentAt: number;
}

/** A payment reminder e-mail (paymentReminderSend). */
export interface SentPaymentReminder {
  paymentScheduleId: number;
  orderId: number;
  to: string;
  sentAt: number;
}

/*
 * B2B companies (docs/plans/shopify-b2b.md §3.6): a company has locations and contacts; every contact is a
 * customer; a contact orders for a location through a role assignment there. Roles are the shop's.
 */

/** A location's shipping or billing address: `zoneCode` (not provinceCode) and a `recipient`. */
export interface FakeCompanyAddress {
  id: number;
  address1: string;
  address2: string | null;
  city: string | null;
  countryCode: string;
  zoneCode: string | null;
  zip: string | null;
  firstName: string | null;
  lastName: string | null;
  phone: string | null;
  recipient: string | null;
  createdAt: number;
  updatedAt: number;
}

export interface FakeCompany {
  id: number;
  /** Unique in the shop when set. */
  externalId: string | null;
  name: string;
  note: string | null;
  customerSince: number;
  mainContactId: number | null;
  createdAt: number;
  updatedAt: number;
}

export interface FakeCompanyLocation {
  id: number;
  companyId: number;
  /** Unique in the shop when set. */
  externalId: string | null;
  name: string;
  phone: string | null;
  note: string | null;
  locale: string | null;
  shippingAddress: FakeCompanyAddress | null;
  billingAddress: FakeCompanyAddress | null;
  /** buyerExperienceConfiguration. */
  paymentTermsTemplateId: number | null;
  checkoutToDraft: boolean;
  editableShippingAddress: boolean;
  depositPercentage: number | null;
  /** taxSettings. */
  taxExempt: boolean;
  taxExemptions: string[];
  taxRegistrationId: string | null;
  createdAt: number;
  updatedAt: number;
}

/** The contact holds `roleId` at `locationId`: one role per location. */
export interface FakeRoleAssignment {
  id: number;
  roleId: number;
  locationId: number;
  createdAt: number;
}

export interface FakeCompanyContact {
  id: number;
  companyId: number;
  customerId: number;
  title: string | null;
  locale: string | null;
  roleAssignments: FakeRoleAssignment[];
  createdAt: number;
  updatedAt: number;
}

export interface FakeCustomer {
  id: number;
  /** Unique in the shop (case-insensitively) when set. */
  email: string | null;
  firstName: string | null;
  lastName: string | null;
  phone: string | null;
  createdAt: number;
  updatedAt: number;
}

/** A shop-wide contact role ("Location admin", "Ordering only"). */
export interface FakeContactRole {
  id: number;
  name: string;
  note: string | null;
}
