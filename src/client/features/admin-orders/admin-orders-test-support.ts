import type { AdminOrder, AdminOrderListResponse } from '../../../shared/schemas/admin-orders';
import { fixturePaymentState } from '../../test-support/order-fixtures';

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
