import type {
  OrderDetail,
  OrderDetailResponse,
  OrderItemView,
  OrderListResponse,
  OrderSummary,
  ReorderResponse,
} from '../../shared/schemas/orders';
import { ORDERS_PAGE_SIZE } from '../../shared/schemas/orders';
import { paymentStateOf, type PaymentState } from '../../shared/order-rules';

/**
 * The payment state the server would send for these fields (shared/order-rules.ts paymentStateOf), with
 * `paymentOverdue` standing in for the clock: a fixture says itself whether its due date has passed.
 */
export function fixturePaymentState(order: {
  status: string;
  paymentStatus: string;
  paymentDueAt: string | null;
  paymentOverdue: boolean;
}): PaymentState | null {
  const state = paymentStateOf(order, new Date(0));
  return state === 'payment_due' && order.paymentOverdue ? 'overdue' : state;
}

/** Two cases of 4 oz at base price. */
export function buildOrderItem(overrides: Partial<OrderItemView> = {}): OrderItemView {
  return {
    id: 1,
    productId: 1,
    name: '4 oz bottle',
    productName: '4 oz bottle',
    sku: '800-0001',
    unit: 'bottle',
    quantity: 24,
    units: 24,
    caseCount: 2,
    price: '10.65',
    priceForCalculation: 10.65,
    lineTotal: '255.60',
    imageUrl: null,
    shopifyVariantId: null,
    ...overrides,
  };
}

export const testerItem = buildOrderItem({
  id: 3,
  productId: 41,
  name: 'Free in-store tester',
  productName: 'Free in-store tester',
  sku: '800-0003',
  unit: 'tester',
  quantity: 1,
  units: 0,
  caseCount: null,
  price: '0.00',
  priceForCalculation: 0,
  lineTotal: '0.00',
});

/** Order 1 (WO-1001): 2 cases of 4 oz, 1 case of 1 oz and the tester, submitted on Mar 4, 2031. */
export function buildOrderSummary(overrides: Partial<OrderSummary> = {}): OrderSummary {
  const id = overrides.id ?? 1;
  const order: OrderSummary = {
    id,
    orderNumber: `WO-${1000 + id}`,
    status: 'pending',
    paymentStatus: 'unpaid',
    createdAt: '2031-03-04T15:30:00.000Z',
    updatedAt: '2031-03-04T15:30:00.000Z',
    shopifyOrderId: null,
    customerName: 'Jane Doe',
    customerEmail: 'jane@shop.test',
    customerPhone: '555-0100',
    paymentTerms: 'on_approval',
    paymentDueAt: null,
    paymentOverdue: false,
    businessName: 'Doe Botanicals',
    notes: null,
    poNumber: null,
    totalCases: 3,
    totalUnits: 36,
    orderTotal: '313.80',
    placedBy: { id: 7, name: 'Jane Doe' },
    location: { id: 31, name: 'Main location' },
    items: [
      buildOrderItem(),
      buildOrderItem({
        id: 2,
        productId: 21,
        name: '1 oz bottle',
        productName: '1 oz bottle',
        sku: '800-0002',
        quantity: 12,
        units: 12,
        caseCount: 1,
        price: '4.85',
        priceForCalculation: 4.85,
        lineTotal: '58.20',
      }),
      testerItem,
    ],
    paymentState: null,
    invoiceUrl: null,
    ...overrides,
  };
  return 'paymentState' in overrides ? order : { ...order, paymentState: fixturePaymentState(order) };
}

/** GET /api/orders for one page of `orders` out of `total`. */
export function buildOrderList(
  orders: OrderSummary[],
  { page = 1, total = orders.length }: { page?: number; total?: number } = {},
): OrderListResponse {
  return { orders, page, total, totalPages: Math.ceil(total / ORDERS_PAGE_SIZE) };
}

export function buildOrderDetail(overrides: Partial<OrderDetail> = {}): OrderDetail {
  const { items: _items, ...summary } = buildOrderSummary(overrides);
  return {
    ...summary,
    standardTotal: '313.80',
    savings: '0.00',
    discountPercentage: 0,
    shippingAddress: '1 Main St\nSpringfield, IL, 62701\nUSA',
    shippingAddressLine1: '1 Main St',
    shippingAddressLine2: null,
    shippingCity: 'Springfield',
    shippingState: 'IL',
    shippingZip: '62701',
    shippingCountry: 'USA',
    approvedAt: null,
    invoiceSentAt: null,
    paidAt: null,
    shippedAt: null,
    deliveredAt: null,
    cancelledAt: null,
    cancelledBy: null,
    version: 1,
    prepared: null,
    changes: [],
    holdReason: null,
    invoiceUrl: null,
    trackingNumber: null,
    trackingUrl: null,
    trackingCompany: null,
    ...overrides,
  };
}

/** GET /api/orders/{id}. */
export function buildOrderDetailResponse(overrides: Partial<OrderDetail> = {}): OrderDetailResponse {
  const order = buildOrderDetail(overrides);
  return { order, items: buildOrderSummary(overrides).items, orderTotal: order.orderTotal };
}

/** GET /api/orders/{id} of an order of only the free tester, awaiting approval. */
export function buildTesterOrderDetailResponse(id: number): OrderDetailResponse {
  const response = buildOrderDetailResponse({ id, totalCases: 0, totalUnits: 0, orderTotal: '0.00' });
  return { ...response, items: [testerItem], orderTotal: '0.00' };
}

/** POST /api/orders/1/reorder: 2 cases of 4 oz and 1 of 1 oz at today's prices, plus the tester. */
export function buildReorderResponse(overrides: Partial<ReorderResponse> = {}): ReorderResponse {
  return {
    order: { id: 1, orderNumber: 'WO-1001' },
    id: 1,
    items: [
      {
        productId: 1,
        quantity: 24,
        price: 10.65,
        productName: '4 oz bottle',
        sku: '800-0001',
        imageUrl: null,
        shopifyVariantId: null,
      },
      {
        productId: 21,
        quantity: 12,
        price: 4.85,
        productName: '1 oz bottle',
        sku: '800-0002',
        imageUrl: null,
        shopifyVariantId: null,
      },
      {
        productId: 41,
        quantity: 1,
        price: 0,
        productName: 'Free in-store tester',
        sku: '800-0003',
        imageUrl: null,
        shopifyVariantId: null,
      },
    ],
    unavailable: [],
    ...overrides,
  };
}
