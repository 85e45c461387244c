import { centsToDollars } from '../../../shared/money';
import type { PricedCart } from '../../../shared/pricing';
import type { CurrentUser } from '../../../shared/schemas/auth';
import type { OrderLocationView } from '../../../shared/schemas/current-user';
import {
  ORDER_CUSTOMER_MESSAGES,
  orderCustomerSchema,
  poNumberSchema,
  type CreateDraftOrderRequest,
  type OrderCustomerInput,
  type OrderItemInput,
} from '../../../shared/schemas/orders';
import type { Product } from '../../../shared/schemas/products';

/** The order-notes limit of the submission payload (`notes`). */
export { MAX_NOTES_LENGTH } from '../../../shared/limits';

/**
 * The submission's customer from the signed-in profile (docs/orders.md#submission-rules: contact and address
 * prefill from the profile). The server takes the owner from the session and only checks and stores these.
 */
export function buildOrderCustomer(user: CurrentUser, location: OrderLocationView | null = null) {
  // The chosen location's address (docs/companies.md#locations), else the profile's (the default location's).
  const address = location ?? user;
  return {
    customerName: [user.firstName, user.lastName]
      .map((part) => part?.trim())
      .filter(Boolean)
      .join(' '),
    customerEmail: user.email,
    customerPhone: user.phone,
    businessName: user.businessName ?? '',
    shippingAddress: address.shippingAddress,
    billingAddress: user.billingAddress,
    shippingAddressLine1: address.shippingAddressLine1,
    shippingAddressLine2: address.shippingAddressLine2,
    city: address.shippingCity,
    state: address.shippingState,
    zip: address.shippingZip,
    country: address.shippingCountry?.trim() || 'US',
  } satisfies OrderCustomerInput;
}

const FIELD_LABELS: Record<string, string> = {
  customerName: 'Full name',
  customerEmail: 'Email',
  customerPhone: 'Phone',
  businessName: 'Business name',
  shippingAddress: 'Shipping address',
  billingAddress: 'Billing address',
  shippingAddressLine1: 'Shipping address line 1',
  shippingAddressLine2: 'Shipping address line 2',
  city: 'City',
  state: 'State',
  zip: 'ZIP/Postal Code',
  country: 'Country',
};

const SPEC_MESSAGES: ReadonlySet<string> = new Set(Object.values(ORDER_CUSTOMER_MESSAGES));

/**
 * What is wrong with the customer by the spec's rules (docs/orders.md#submission-rules), in the spec's words
 * where it has them ('Full name is required'), else the field's name and the rule ('Phone must be at most 50
 * characters').
 */
export function findCustomerProblems(customer: OrderCustomerInput): string[] {
  const parsed = orderCustomerSchema.safeParse(customer);
  if (parsed.success) return [];
  const messages = parsed.error.issues.map((issue) => {
    if (SPEC_MESSAGES.has(issue.message)) return issue.message;
    const label = FIELD_LABELS[String(issue.path[0])] ?? 'Contact details';
    return `${label} ${issue.message}`;
  });
  return [...new Set(messages)];
}

/**
 * The priced lines as order items: quantity in the engine's units (ADR 0008; the tester as 1), price per unit
 * in dollars. Only informational for the server, which prices the order itself
 * (docs/catalogue-and-pricing.md#prices-in-the-browser-and-on-the-server).
 */
export function buildOrderItems(cart: PricedCart, products: readonly Product[]): OrderItemInput[] {
  const byId = new Map(products.map((product) => [product.id, product]));
  return cart.lines.map((line) => {
    const product = byId.get(line.productId);
    return {
      productId: line.productId,
      quantity: line.kind === 'tester' ? 1 : line.quantity,
      price: centsToDollars(line.unitPrice),
      name: line.name,
      sku: line.sku,
      imageUrl: product?.imageUrl ?? null,
      shopifyVariantId: product?.shopifyVariantId ?? null,
    };
  });
}

/**
 * A cart that holds only the free tester goes to /tester-confirmation
 * (docs/catalogue-and-pricing.md#the-tester).
 */
export function isTesterOnly(cart: PricedCart): boolean {
  return cart.lines.length > 0 && cart.lines.every((line) => line.kind === 'tester');
}

/**
 * What is wrong with a typed PO number by the server's own rule (issue 20, docs/orders.md#submission), as
 * 'PO number must be at most 60 characters', or null when it may be sent (an empty one is no PO number).
 */
export function findPoNumberProblem(poNumber: string): string | null {
  const parsed = poNumberSchema.safeParse(poNumber);
  return parsed.success ? null : `PO number ${parsed.error.issues[0]?.message ?? 'is not valid'}`;
}

/** POST /api/create-draft-order's body (docs/orders.md#submission); empty notes and PO number are left out. */
export function buildDraftOrderRequest(input: {
  customer: OrderCustomerInput;
  orderItems: OrderItemInput[];
  notes: string;
  poNumber: string;
  /** The company location it ships to; none for a person with no location (the server answers why). */
  locationId?: number | null;
}): CreateDraftOrderRequest {
  const notes = input.notes.trim();
  const poNumber = input.poNumber.trim();
  return {
    customer: input.customer,
    orderItems: input.orderItems,
    ...(notes ? { notes } : {}),
    ...(poNumber ? { poNumber } : {}),
    ...(input.locationId ? { locationId: input.locationId } : {}),
  };
}
