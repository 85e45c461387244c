import { buildAddressString } from '../../../../shared/addresses';
import { CART_MESSAGES, checkCartRules } from '../../../../shared/cart-rules';
import { MAX_QUANTITY } from '../../../../shared/limits';
import { formatOrderNumber } from '../../../../shared/orders';
import { priceCart, type CartLine, type PricedCart, type PricingCatalog } from '../../../../shared/pricing';
import type { CreateDraftOrderResponse, OrderCustomer } from '../../../../shared/schemas/orders';
import { LOCATION_NOT_YOURS_MESSAGE, NO_LOCATION_MESSAGE } from '../../../../shared/company-roles';
import type { Env } from '../../../env';
import { AppError } from '../../../errors';
import { emailJob } from '../../../mail/email.jobs';

import { draftOrderCreateJob } from '../shopify/shopify-sync';
import { withCompanyOwners } from '../lifecycle/order-status-emails';
import { newOrderStaffEmail, orderSubmittedEmail, type SubmittedOrder } from './order-emails';
import type { OrderToWrite, OrderWrite } from '../reads/orders.repository';
import type { AccountRow, OrderLocation } from '../../../db/schema';

export interface OrderToPlace {
  customer: OrderCustomer;
  items: readonly CartLine[];
  notes: string | null;
  /** The buyer's purchase-order number, already checked by the request schema (null when none). */
  poNumber: string | null;
  /** The location it ships to, as chosen on /confirm; none: the person's first (docs/companies.md#locations). */
  locationId?: number | undefined;
}

/** What placing an order writes, but its idempotency key and catalogue version (see submit-order.ts). */
export type OrderPlan = Pick<OrderWrite, 'order' | 'items' | 'jobs'> & {
  response: CreateDraftOrderResponse;
  /** The lines as priced, for what else shows them (a prepared order's e-mail). */
  cart: PricedCart;
};

type OrderEnv = Pick<Env, 'APP_ORIGIN' | 'STORE_NAME' | 'SUPPORT_EMAIL' | 'STAFF_EMAIL'>;

/**
 * Decides everything order `orderId` writes (docs/orders.md#submission-rules), before anything is written:
 * the owner is the signed-in `user`, every price comes from `catalog` (the caller makes sure it is the
 * catalogue of this moment, ADR 0019), the spec's cart rules apply, and both e-mails and the Shopify draft
 * job are part of the plan, so they are queued exactly when the order is written. Prices sent by the browser
 * are never read. `shopifyConnected`: the app's store connection exists; without it the order is in test mode
 * (docs/shopify.md#test-mode).
 */
export function planOrder(
  env: OrderEnv,
  catalog: PricingCatalog,
  user: AccountRow,
  orderId: number,
  order: OrderToPlace,
  shopifyConnected: boolean,
): OrderPlan {
  const cart = priceOrderLines(catalog, order.items);

  const testMode = !shopifyConnected;
  const location = orderLocation(user, order.locationId);
  const row: OrderToWrite = {
    id: orderId,
    userId: user.id,
    companyId: user.companyId,
    // An address of the client's own (the spec's payload, no location chosen) is no location's.
    locationId: order.locationId === undefined && sendsAddress(order.customer) ? null : location.id,
    customerName: order.customer.customerName,
    customerEmail: order.customer.customerEmail,
    customerPhone: order.customer.customerPhone ?? null,
    businessName: order.customer.businessName,
    notes: order.notes,
    poNumber: order.poNumber,
    // The company's terms as they stand now: a later change of terms does not change this order.
    paymentTerms: user.company?.paymentTerms ?? 'on_approval',
    ...shippingFields(order.customer, location, order.locationId !== undefined),
    totalCases: cart.totalCases,
    standardTotal: cart.standardTotal,
    orderTotal: cart.orderTotal,
    tierId: cart.tier?.id ?? null,
    discountPercentage: cart.tier?.discountPercentage ?? 0,
    testMode,
    shopifySyncStatus: testMode ? 'not_required' : 'pending',
  };
  const submitted: SubmittedOrder = { ...row, orderNumber: formatOrderNumber(orderId) };
  const jobs = [
    // The confirmation goes to the account's own address, never to one typed into the order.
    emailJob(withCompanyOwners(orderSubmittedEmail(env, user, submitted, cart), row), {
      dedupeKey: `order-submitted:${orderId}`,
    }),
    emailJob(newOrderStaffEmail(env, env.STAFF_EMAIL, submitted, cart), {
      dedupeKey: `order-submitted-staff:${orderId}`,
    }),
    // Its Shopify draft is made by a job after the write, so a store that is down never fails the order.
    ...(testMode ? [] : [draftOrderCreateJob(orderId)]),
  ];
  return {
    order: row,
    items: itemsToWrite(cart),
    cart,
    jobs,
    response: {
      success: true,
      error: null,
      orderName: submitted.orderNumber,
      orderId,
      invoiceUrl: null,
      testMode,
    },
  };
}

/**
 * The order's lines priced from `catalog` exactly as a new order's are, whoever sends them (a buyer's order,
 * staff preparing or changing one, a buyer's edit: docs/orders.md#submission-rules): one line per product,
 * every product known and for sale, the spec's cart rules, the tier over the whole order. Prices sent by the
 * client are never read.
 */
export function priceOrderLines(catalog: PricingCatalog, items: OrderToPlace['items']): PricedCart {
  const lines = mergeLines(items);
  requireKnownProducts(catalog, lines);
  requireCartRules(catalog, lines);
  return priceCart(catalog, lines);
}

/** The order_items rows of a priced cart: quantity, price per unit, and the name and SKU as sold. */
export function itemsToWrite(cart: PricedCart): OrderPlan['items'] {
  return cart.lines.map((line) => ({
    productId: line.productId,
    quantity: line.quantity,
    price: line.unitPrice,
    name: line.name,
    sku: line.sku,
  }));
}

/**
 * One line per product (quantities added up, as two rows of one product are one line); empty lines
 * dropped; a merged quantity beyond the per-line limit is refused (docs/security.md#price-integrity).
 */
export function mergeLines(items: OrderToPlace['items']): CartLine[] {
  const byProduct = new Map<number, number>();
  for (const item of items) {
    byProduct.set(item.productId, (byProduct.get(item.productId) ?? 0) + item.quantity);
  }
  const tooMany = [...byProduct].find(([, quantity]) => quantity > MAX_QUANTITY);
  if (tooMany) {
    throw new AppError(
      'VALIDATION_FAILED',
      `The quantity of product ${tooMany[0]} is too large (at most ${MAX_QUANTITY}).`,
    );
  }
  return [...byProduct]
    .filter(([, quantity]) => quantity > 0)
    .map(([productId, quantity]) => ({ productId, quantity }));
}

/** Unknown, inactive or hidden products: 422 naming them, no order (docs/security.md#price-integrity). */
function requireKnownProducts(catalog: PricingCatalog, lines: readonly CartLine[]) {
  const unknown = lines.filter((line) => !catalog.products.has(line.productId)).map((line) => line.productId);
  if (unknown.length === 0) return;
  throw new AppError(
    'UNKNOWN_PRODUCT',
    unknown.length === 1
      ? `Product ${unknown[0]} is not available. Please remove it from your order.`
      : `Products ${unknown.join(', ')} are not available. Please remove them from your order.`,
    { productIds: unknown },
  );
}

/**
 * The spec's cart rules (docs/catalogue-and-pricing.md#cart-rules) with their exact messages; an empty order
 * has its own message.
 */
function requireCartRules(catalog: PricingCatalog, lines: readonly CartLine[]) {
  if (lines.length === 0) throw new AppError('CART_INVALID', CART_MESSAGES.serverEmpty);
  const errors = checkCartRules(
    lines.flatMap((line) => {
      const product = catalog.products.get(line.productId);
      return product ? [{ product, quantity: line.quantity }] : [];
    }),
  );
  if (errors.length > 0) throw new AppError('CART_INVALID', errors.join(' '), { errors });
}

/**
 * The location the order is for (docs/companies.md#locations): the one chosen, which must be one the person
 * orders for (a buyer's given locations, anyone else's company's), else their first (the default first).
 * Read from the session, so no round trip: another company's location is simply not among them.
 */
function orderLocation(user: AccountRow, chosen: number | undefined): OrderLocation {
  const location =
    chosen === undefined ? user.locations[0] : user.locations.find((candidate) => candidate.id === chosen);
  if (location) return location;
  throw new AppError(
    'UNPROCESSABLE',
    chosen === undefined ? NO_LOCATION_MESSAGE : LOCATION_NOT_YOURS_MESSAGE,
    [
      {
        field: 'locationId',
        message: chosen === undefined ? NO_LOCATION_MESSAGE : LOCATION_NOT_YOURS_MESSAGE,
      },
    ],
  );
}

/**
 * The shipping address stored on the order: the chosen location's; without a choice, the split lines sent
 * with the order when there are any (the spec's clients send the profile's), else the location's. The
 * combined string is derived when missing.
 */
/** Whether the submission carries split address lines of its own. */
const sendsAddress = (customer: OrderCustomer) =>
  [customer.shippingAddressLine1, customer.city, customer.state, customer.zip].some(Boolean);

function shippingFields(customer: OrderCustomer, location: OrderLocation, chosen: boolean) {
  const sent = !chosen && sendsAddress(customer);
  const split = sent
    ? {
        line1: customer.shippingAddressLine1,
        line2: customer.shippingAddressLine2,
        city: customer.city,
        state: customer.state,
        zip: customer.zip,
        country: customer.country,
      }
    : {
        line1: location.shippingAddressLine1,
        line2: location.shippingAddressLine2,
        city: location.shippingCity,
        state: location.shippingState,
        zip: location.shippingZip,
        country: location.shippingCountry ?? customer.country,
      };
  const combined =
    (chosen ? location.shippingAddress : customer.shippingAddress) ??
    (split.line1
      ? buildAddressString({
          line1: split.line1,
          line2: split.line2,
          city: split.city ?? '',
          state: split.state ?? '',
          zip: split.zip ?? '',
          country: split.country,
        })
      : null);
  return {
    shippingAddress: combined,
    shippingAddressLine1: split.line1,
    shippingAddressLine2: split.line2,
    shippingCity: split.city,
    shippingState: split.state,
    shippingZip: split.zip,
    shippingCountry: split.country,
  };
}
