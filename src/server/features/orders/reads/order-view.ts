import { centsToDecimal, centsToDollars } from '../../../../shared/money';
import { formatOrderNumber, toOrderStatus } from '../../../../shared/orders';
import { isApproved, isOverdue, paymentStateOf } from '../../../../shared/order-rules';
import { DEFAULT_CASE_SIZE, isBundleProduct, isTesterProduct } from '../../../../shared/pricing';
import type {
  OrderChange,
  OrderDetail,
  OrderItemView,
  OrderSummary,
  PreparedOrder,
} from '../../../../shared/schemas/orders';
import type {
  OrderChangeJson,
  OrderDetailRow,
  OrderItemRow,
  OrderSummaryRow,
  PreparedOrderJson,
} from './orders.repository';
import type { OrderRow } from '../../../db/schema';

/**
 * Stored orders as the customer sees them (docs/orders.md#what-an-order-stores). A line's unit follows ADR
 * 0008: bottles for case-packed products, bundles for the virtual bundle, single units for the tester.
 */
export function toOrderItemView(item: OrderItemRow): OrderItemView {
  const sku = item.sku ?? item.product?.sku ?? null;
  const name = item.name ?? item.product?.name ?? `Product ${item.productId}`;
  const caseSize = item.product?.caseSize ?? DEFAULT_CASE_SIZE;
  const flags = { sku: sku ?? '', isTester: item.product?.isTester ?? false };
  const unit = isTesterProduct(flags)
    ? 'tester'
    : isBundleProduct({ sku: sku ?? '', isVirtual: item.product?.isVirtual ?? false })
      ? 'bundle'
      : 'bottle';
  return {
    id: item.id,
    productId: item.productId,
    name,
    productName: name,
    sku,
    unit,
    quantity: item.quantity,
    units: unit === 'tester' ? 0 : unit === 'bundle' ? item.quantity * caseSize : item.quantity,
    caseCount:
      unit === 'tester' ? null : unit === 'bundle' ? item.quantity : Math.floor(item.quantity / caseSize),
    price: centsToDecimal(item.price),
    priceForCalculation: centsToDollars(item.price),
    lineTotal: centsToDecimal(item.price * item.quantity),
    imageUrl: item.product?.imageUrl ?? null,
    shopifyVariantId: item.product?.shopifyVariantId ?? null,
  };
}

export function toOrderSummary(
  order: OrderSummaryRow,
  items: readonly OrderItemView[],
  now = new Date(),
): OrderSummary {
  return {
    id: order.id,
    orderNumber: formatOrderNumber(order.id),
    status: toOrderStatus(order.status),
    paymentStatus: order.paymentStatus,
    createdAt: order.createdAt.toISOString(),
    updatedAt: order.updatedAt.toISOString(),
    shopifyOrderId: order.shopifyOrderId,
    customerName: order.customerName,
    customerEmail: order.customerEmail,
    customerPhone: order.customerPhone,
    businessName: order.businessName,
    notes: order.notes,
    poNumber: order.poNumber,
    paymentTerms: order.paymentTerms,
    paymentDueAt: order.paymentDueAt?.toISOString() ?? null,
    paymentOverdue: isOverdue(order, now),
    paymentState: paymentStateOf(order, now),
    invoiceUrl: payableInvoiceUrl(order),
    totalCases: order.totalCases,
    totalUnits: items.reduce((sum, item) => sum + item.units, 0),
    orderTotal: centsToDecimal(order.orderTotal),
    placedBy: order.placedBy ?? null,
    location: order.location ?? null,
    items: [...items],
  };
}

const iso = (value: Date | null) => value?.toISOString() ?? null;

export function toOrderDetail(
  order: OrderDetailRow,
  items: readonly OrderItemView[],
  now = new Date(),
): OrderDetail {
  const { items: _items, ...summary } = toOrderSummary(order, items, now);
  return {
    ...summary,
    standardTotal: centsToDecimal(order.standardTotal),
    savings: centsToDecimal(Math.max(order.standardTotal - order.orderTotal, 0)),
    discountPercentage: order.discountPercentage / 100,
    shippingAddress: order.shippingAddress,
    shippingAddressLine1: order.shippingAddressLine1,
    shippingAddressLine2: order.shippingAddressLine2,
    shippingCity: order.shippingCity,
    shippingState: order.shippingState,
    shippingZip: order.shippingZip,
    shippingCountry: order.shippingCountry,
    approvedAt: iso(order.approvedAt),
    invoiceSentAt: iso(order.invoiceSentAt),
    paidAt: iso(order.paidAt),
    shippedAt: iso(order.shippedAt),
    deliveredAt: iso(order.deliveredAt),
    cancelledAt: iso(order.cancelledAt),
    cancelledBy: order.cancelledBy ?? null,
    version: order.version,
    prepared: order.prepared ? toPreparedView(order.prepared) : null,
    changes: (order.changes ?? []).map(toChangeView),
    holdReason: order.holdReason,
    trackingNumber: order.trackingNumber,
    trackingUrl: order.trackingUrl,
    trackingCompany: order.trackingCompany,
  };
}

/** A date JSON gave as text, as the answers write dates (ISO, UTC). */
const isoText = (value: string | null) => (value === null ? null : new Date(value).toISOString());

function toPreparedView(prepared: PreparedOrderJson): PreparedOrder {
  return {
    note: prepared.note,
    expiresAt: new Date(prepared.expiresAt).toISOString(),
    confirmedAt: isoText(prepared.confirmedAt),
    confirmedBy: prepared.confirmedBy,
    declinedAt: isoText(prepared.declinedAt),
    declineReason: prepared.declineReason,
    expiredAt: isoText(prepared.expiredAt),
  };
}

function toChangeView(change: OrderChangeJson): OrderChange {
  return {
    at: new Date(change.at).toISOString(),
    by: change.byStaff ? 'staff' : 'buyer',
    buyerName: change.buyerName,
    reason: change.reason,
    lines: change.lines,
    totalBefore: centsToDecimal(change.totalBefore),
    totalAfter: centsToDecimal(change.totalAfter),
  };
}

/**
 * 'Pay now' only while an invoice is out and unpaid on an approved order
 * (docs/orders.md#approval-and-payment). The invoice can be out on an order still pending: staff may send it
 * from Shopify's admin, and its webhook records it.
 */
function payableInvoiceUrl(
  order: Pick<OrderRow, 'paymentStatus' | 'status' | 'shopifyCheckoutUrl'>,
): string | null {
  const payable = order.paymentStatus === 'invoice_sent' && isApproved(order.status);
  return payable ? order.shopifyCheckoutUrl : null;
}
