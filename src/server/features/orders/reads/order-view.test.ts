import { describe, expect, it } from 'vitest';
import { toOrderDetail } from './order-view';
import type { OrderRow } from '../../../db/schema';

const INVOICE_URL = 'https://shop.example.com/invoices/abc';

function order(values: Partial<OrderRow>): OrderRow {
  const at = new Date('2031-03-04T05:06:07Z');
  return {
    id: 42,
    userId: 7,
    companyId: 3,
    locationId: null,
    customerName: 'Ada Buyer',
    customerEmail: 'ada@example.com',
    customerPhone: null,
    businessName: 'Mist Shop',
    notes: null,
    poNumber: null,
    paymentTerms: 'on_approval',
    paymentDueAt: null,
    paymentDueSoonEmailedAt: null,
    paymentOverdueEmailedAt: null,
    paymentReminderSentAt: null,
    shippingAddress: null,
    shippingAddressLine1: null,
    shippingAddressLine2: null,
    shippingCity: null,
    shippingState: null,
    shippingZip: null,
    shippingCountry: 'US',
    status: 'pending',
    paymentStatus: 'unpaid',
    fulfillmentStatus: 'unfulfilled',
    shippingStatus: 'not_shipped',
    totalCases: 1,
    standardTotal: 12780,
    orderTotal: 12780,
    tierId: null,
    discountPercentage: 0,
    testMode: false,
    shopifyOrderId: '#D1',
    shopifyCheckoutUrl: INVOICE_URL,
    shopifyDraftOrderGid: 'gid://shopify/DraftOrder/1',
    shopifyOrderGid: null,
    shopifySyncStatus: 'synced',
    shopifyUpdatedAt: null,
    shopifyCheckedAt: null,
    trackingNumber: null,
    trackingUrl: null,
    trackingCompany: null,
    approvedAt: null,
    invoiceSentAt: null,
    paidAt: null,
    shippedAt: null,
    deliveredAt: null,
    cancelledAt: null,
    cancelledByUserId: null,
    holdReason: null,
    version: 1,
    createdAt: at,
    updatedAt: at,
    ...values,
  };
}

const payLink = (values: Partial<OrderRow>) => toOrderDetail(order(values), []).invoiceUrl;

describe("the customer's 'Pay now' link (docs/orders.md#approval-and-payment: never before approval)", () => {
  it.each(['processing', 'shipped', 'delivered', 'completed'])(
    'shows on an approved order (%s) whose invoice is out and unpaid',
    (status) => {
      expect(payLink({ status, paymentStatus: 'invoice_sent' })).toBe(INVOICE_URL);
    },
  );

  it.each(['pending', 'submitted', 'cancelled'])(
    'never shows on an order that is not approved (%s), even with an invoice out (sent from Shopify)',
    (status) => {
      expect(payLink({ status, paymentStatus: 'invoice_sent' })).toBeNull();
    },
  );

  it.each(['unpaid', 'paid'] as const)('never shows when no unpaid invoice is out (%s)', (paymentStatus) => {
    expect(payLink({ status: 'processing', paymentStatus })).toBeNull();
  });
});
