import type { UserError } from './catalogue';
import { draftTotals } from './draft-totals';
import { invoiceRecipient, type InvoiceEmail } from './email';
import { completeSchedules } from './payment-terms';
import type { FakeDraftOrder, FakeFulfillment, FakeOrder, FakeTracking, ShipmentStatus } from './state';
import type { FakeStore } from './store';

/**
 * Builds the Order a completed draft becomes: same customer, lines at the draft's prices, tags, attributes,
 * and the draft's payment terms (completed at once when the order is paid). `gateway` null: nothing paid yet.
 */
export function createOrderFromDraft(
  store: FakeStore,
  draft: FakeDraftOrder,
  options: { paid: boolean; gateway: string | null; sourceName: string },
): FakeOrder {
  const totals = draftTotals(store, draft);
  const now = store.now();
  const order: FakeOrder = {
    id: store.nextId('order'),
    number: store.nextOrderNumber(),
    draftOrderId: draft.id,
    email: draft.email,
    phone: draft.phone,
    note: draft.note,
    poNumber: draft.poNumber,
    tags: [...draft.tags],
    customAttributes: draft.customAttributes.map((attribute) => ({ ...attribute })),
    shippingAddress: draft.shippingAddress ? { ...draft.shippingAddress } : null,
    billingAddress: draft.billingAddress ? { ...draft.billingAddress } : null,
    lineItems: draft.lineItems.map((line) => {
      const prices = totals.lines.get(line.id);
      return {
        id: store.nextId('orderLine'),
        variantId: line.variantId,
        productId: line.productId,
        title: line.title,
        variantTitle: line.variantTitle,
        sku: line.sku,
        vendor: line.vendor,
        quantity: line.quantity,
        unitPrice: prices?.unitPrice ?? 0,
        discount: prices?.discount ?? 0,
        customAttributes: line.customAttributes.map((attribute) => ({ ...attribute })),
        fulfilledQuantity: 0,
        requiresShipping: line.requiresShipping,
        taxable: line.taxable,
      };
    }),
    currencyCode: draft.currencyCode,
    subtotal: totals.subtotal,
    totalDiscounts: totals.totalDiscounts,
    shipping: totals.shipping,
    shippingTitle: draft.shippingLine?.title ?? null,
    total: totals.total,
    financialStatus: options.paid ? 'PAID' : 'PENDING',
    paymentTerms: draft.paymentTerms,
    fulfillmentStatus: 'UNFULFILLED',
    fulfillmentIds: [],
    sourceName: options.sourceName,
    paymentGatewayNames: options.gateway === null ? [] : [options.gateway],
    createdAt: now,
    updatedAt: now,
    processedAt: now,
    cancelledAt: null,
    closedAt: null,
  };
  if (options.paid) completeSchedules(order.paymentTerms, now);
  store.orders.set(order.id, order);
  return order;
}

/**
 * The customer pays a payment pending order (an order on terms, from its status page): PAID, its schedule
 * completed. Announces orders/paid, then orders/updated.
 */
export function payOrder(store: FakeStore, orderId: number, gateway = 'bogus'): FakeOrder {
  const order = store.orders.get(orderId);
  if (!order) throw new Error(`No order ${orderId}`);
  if (order.cancelledAt !== null) throw new Error(`Order #${order.number} is cancelled`);
  if (order.financialStatus !== 'PENDING') {
    throw new Error(`Order #${order.number} is not payment pending (${order.financialStatus})`);
  }
  const now = store.now();
  order.financialStatus = 'PAID';
  if (!order.paymentGatewayNames.includes(gateway)) order.paymentGatewayNames.push(gateway);
  completeSchedules(order.paymentTerms, now);
  order.updatedAt = now;
  store.emit({ topic: 'orders/paid', order });
  store.emit({ topic: 'orders/updated', order });
  return order;
}

/**
 * The merchant changes the due date of an unpaid order's payment schedule in Shopify's admin: the schedule
 * moves, and orders/updated announces it (its payload carries `payment_terms`).
 */
export function changeDueDate(store: FakeStore, orderId: number, dueAt: number): FakeOrder {
  const order = store.orders.get(orderId);
  if (!order) throw new Error(`No order ${orderId}`);
  const schedule = order.paymentTerms?.schedules.find((candidate) => candidate.completedAt === null);
  if (!order.paymentTerms || !schedule)
    throw new Error(`Order #${order.number} has no open payment schedule`);
  const now = store.now();
  schedule.dueAt = dueAt;
  order.paymentTerms.updatedAt = now;
  order.updatedAt = now;
  store.emit({ topic: 'orders/updated', order });
  return order;
}

/**
 * orderInvoiceSend: e-mails the order's invoice, whose pay link is the order status page (recorded in
 * store.sentOrderInvoices). Refusals name no field and carry ORDER_INVOICE_SEND_UNSUCCESSFUL, as Shopify's do.
 */
export function sendOrderInvoice(
  store: FakeStore,
  id: number | null,
  email: InvoiceEmail | null,
): { order: FakeOrder | null; userErrors: UserError[] } {
  const fail = (message: string) => ({
    order: null,
    userErrors: [{ field: null, message, code: 'ORDER_INVOICE_SEND_UNSUCCESSFUL' }],
  });
  const order = id === null ? undefined : store.orders.get(id);
  if (!order) return fail('Order does not exist');
  const recipient = invoiceRecipient(email, order.email);
  if ('problem' in recipient) {
    return fail(recipient.problem === 'blank' ? 'No recipient email address was provided' : 'To is invalid');
  }
  store.sentOrderInvoices.push({
    orderId: order.id,
    to: recipient.to,
    from: email?.from ?? null,
    subject: email?.subject ?? `Invoice #${order.number}`,
    customMessage: email?.customMessage ?? null,
    bcc: email?.bcc ?? [],
    statusPageUrl: store.orderStatusUrl(order),
    sentAt: store.now(),
  });
  return { order, userErrors: [] };
}

export function fulfillmentsOf(store: FakeStore, order: FakeOrder): FakeFulfillment[] {
  return order.fulfillmentIds.flatMap((id) => {
    const fulfillment = store.fulfillments.get(id);
    return fulfillment ? [fulfillment] : [];
  });
}

export interface FulfillInput extends Partial<FakeTracking> {
  /** Order line ids and quantities; by default everything not yet fulfilled. */
  lineItems?: { id: number; quantity: number }[];
  shipmentStatus?: ShipmentStatus | null;
}

/**
 * The merchant ships: a fulfillment with tracking, then the order's fulfillment status. Announces
 * fulfillments/create, then orders/fulfilled (or orders/partially_fulfilled) and orders/updated.
 */
export function fulfillOrder(store: FakeStore, orderId: number, input: FulfillInput): FakeFulfillment {
  const order = store.orders.get(orderId);
  if (!order) throw new Error(`No order ${orderId}`);
  if (order.cancelledAt !== null) throw new Error(`Order #${order.number} is cancelled`);
  const wanted =
    input.lineItems ??
    order.lineItems
      .filter((line) => line.quantity > line.fulfilledQuantity)
      .map((line) => ({ id: line.id, quantity: line.quantity - line.fulfilledQuantity }));
  if (wanted.length === 0) throw new Error(`Order #${order.number} has nothing left to fulfil`);
  for (const { id, quantity } of wanted) {
    const line = order.lineItems.find((candidate) => candidate.id === id);
    if (!line) throw new Error(`Order #${order.number} has no line ${id}`);
    if (quantity < 1 || line.fulfilledQuantity + quantity > line.quantity) {
      throw new Error(
        `Cannot fulfil ${quantity} of line ${id} (${line.quantity - line.fulfilledQuantity} left)`,
      );
    }
  }
  const now = store.now();
  const hasTracking = Boolean(input.company || input.number || input.url);
  const fulfillment: FakeFulfillment = {
    id: store.nextId('fulfillment'),
    orderId,
    sequence: order.fulfillmentIds.length + 1,
    status: 'SUCCESS',
    shipmentStatus: input.shipmentStatus ?? null,
    tracking: hasTracking
      ? [{ company: input.company ?? null, number: input.number ?? null, url: input.url ?? null }]
      : [],
    lineItems: wanted.map(({ id, quantity }) => ({ lineId: id, quantity })),
    createdAt: now,
    updatedAt: now,
    deliveredAt: input.shipmentStatus === 'delivered' ? now : null,
    inTransitAt: input.shipmentStatus === 'in_transit' ? now : null,
  };
  for (const { id, quantity } of wanted) {
    const line = order.lineItems.find((candidate) => candidate.id === id);
    if (line) line.fulfilledQuantity += quantity;
  }
  store.fulfillments.set(fulfillment.id, fulfillment);
  order.fulfillmentIds.push(fulfillment.id);
  const complete = order.lineItems.every((line) => line.fulfilledQuantity >= line.quantity);
  order.fulfillmentStatus = complete ? 'FULFILLED' : 'PARTIALLY_FULFILLED';
  order.updatedAt = now;
  store.emit({ topic: 'fulfillments/create', fulfillment });
  store.emit({ topic: complete ? 'orders/fulfilled' : 'orders/partially_fulfilled', order });
  store.emit({ topic: 'orders/updated', order });
  return fulfillment;
}

/** The carrier reports progress (in transit, delivered, …): announces fulfillments/update. */
export function updateFulfillment(
  store: FakeStore,
  fulfillmentId: number,
  changes: { shipmentStatus?: ShipmentStatus | null; tracking?: Partial<FakeTracking> },
): FakeFulfillment {
  const fulfillment = store.fulfillments.get(fulfillmentId);
  if (!fulfillment) throw new Error(`No fulfillment ${fulfillmentId}`);
  const now = store.now();
  if (changes.shipmentStatus !== undefined) {
    fulfillment.shipmentStatus = changes.shipmentStatus;
    if (changes.shipmentStatus === 'delivered') fulfillment.deliveredAt = now;
    if (changes.shipmentStatus === 'in_transit') fulfillment.inTransitAt = now;
  }
  if (changes.tracking) {
    const current = fulfillment.tracking[0] ?? { company: null, number: null, url: null };
    fulfillment.tracking = [{ ...current, ...changes.tracking }];
  }
  fulfillment.updatedAt = now;
  const order = store.orders.get(fulfillment.orderId);
  if (order) order.updatedAt = now;
  store.emit({ topic: 'fulfillments/update', fulfillment });
  return fulfillment;
}
