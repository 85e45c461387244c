import type { AdminOrder, AdminOrderListResponse } from '../../../shared/schemas/admin-orders';
import type { Orderer } from '../../../shared/schemas/order-changes';
import { testPricingCatalog, testProducts } from '../../test-support/api-fixtures';
import { fixturePaymentState } from '../../test-support/order-fixtures';
import { jsonResponse } from '../../test-support/stub-fetch';

/** An order as GET /api/admin/orders lists it: Jane Doe's pending WO-1001, no support messages. */
export function buildAdminOrder(overrides: Partial<AdminOrder> = {}): AdminOrder {
  const id = overrides.id ?? 1;
  const order: AdminOrder = {
    id,
    orderNumber: `WO-${1000 + id}`,
    customerName: 'Jane Doe',
    customerEmail: 'jane@shop.test',
    customerPhone: '555-0100',
    businessName: 'Doe Botanicals',
    version: 1,
    createdAt: '2031-03-04T15:30:00.000Z',
    status: 'pending',
    paymentStatus: 'unpaid',
    notes: null,
    poNumber: null,
    paymentTerms: 'on_approval',
    paymentDueAt: null,
    paymentOverdue: false,
    paymentReminderSentAt: null,
    canSendReminder: false,
    nextPaymentReminderAt: null,
    shopifyOrderId: null,
    shopifyCheckoutUrl: null,
    orderTotal: '313.80',
    totalCases: 3,
    shopifySyncStatus: 'not_required',
    supportMessageCount: 0,
    company: { id: 3, name: 'Doe Botanicals' },
    paymentState: null,
    holdReason: null,
    ...overrides,
  };
  return 'paymentState' in overrides ? order : { ...order, paymentState: fixturePaymentState(order) };
}

/** One page holding `orders`. */
export function adminOrderListOf(
  orders: AdminOrder[],
  overrides: Partial<AdminOrderListResponse> = {},
): AdminOrderListResponse {
  return {
    orders,
    total: orders.length,
    totalPages: orders.length ? 1 : 0,
    page: 1,
    limit: 20,
    ...overrides,
  };
}

/** A person staff may order for (GET /api/admin/orders/orderers): Jane Doe, owner of Doe Botanicals, two locations. */
export function buildOrderer(overrides: Partial<Orderer> = {}): Orderer {
  return {
    userId: 7,
    name: 'Jane Doe',
    email: 'jane@shop.test',
    companyId: 3,
    companyName: 'Doe Botanicals',
    companyRole: 'owner',
    locations: [
      { id: 31, name: 'Main location' },
      { id: 32, name: 'Riverside shop' },
    ],
    ...overrides,
  };
}

/** The catalogue the order forms price with: the storefront's products and pricing (the seeded ones). */
export const catalogueHandlers = {
  '/api/products': () => jsonResponse(testProducts),
  '/api/pricing-catalog': () => jsonResponse(testPricingCatalog),
};

/** An API refusal with its code and details, as the server sends it (docs/architecture.md#error-model). */
export function refusal(status: number, code: string, message: string, details?: unknown): Response {
  return jsonResponse({ code, message, requestId: 'req-test', details }, { status });
}
