import { buildAddressString } from '../../../shared/addresses';
import { CART_MESSAGES, checkCartRules } from '../../../shared/cart-rules';
import { formatOrderNumber } from '../../../shared/orders';
import { priceCart, type CartLine, type PricingCatalog } from '../../../shared/pricing';
import type { OrderCustomer } from '../../../shared/schemas/orders';
import type { Env } from '../../env';
import { AppError } from '../../errors';
import type { DatabaseOrTransaction } from '../../jobs/queue';
import { enqueueEmail } from '../../mail/send-email-job';
import type { PricingService } from '../pricing/pricing.service';
import type { UserRow } from '../sessions/sessions.repository';
import { enqueueDraftOrderCreate } from '../shopify-orders/shopify-order-jobs';
import { newOrderStaffEmail, orderSubmittedEmail, type SubmittedOrder } from './order-emails';
import { insertOrder, insertOrderItems, type NewOrder } from './orders.repository';

export interface OrderToPlace {
  customer: OrderCustomer;
  items: readonly CartLine[];
  notes: string | null;
}

export interface PlacedOrder {
  orderId: number;
  orderNumber: string;
  testMode: boolean;
}

type OrderEnv = Pick<Env, 'APP_ORIGIN' | 'STORE_NAME' | 'SUPPORT_EMAIL' | 'STAFF_EMAIL'>;

/**
 * Places an order inside the caller's transaction (DECISIONS §4): the owner is the signed-in `user`, every
 * price comes from the catalogue as this transaction sees it (the tiers and custom prices of this moment:
 * the cached catalogue when its version is the transaction's, ADR 0017), the spec's cart rules apply, and both e-mails join the outbox in the transaction, so they are
 * sent exactly when the order exists. Prices sent by the browser are never read. `shopifyConnected`: the
 * app's store connection exists (the one the draft-order jobs use); without it the order is in test mode
 * (DECISIONS §1).
 */
export async function placeOrder(
  tx: DatabaseOrTransaction,
  env: OrderEnv,
  pricing: Pick<PricingService, 'catalogueAt'>,
  user: UserRow,
  order: OrderToPlace,
  shopifyConnected: boolean,
): Promise<PlacedOrder> {
  const { catalog } = await pricing.catalogueAt(tx);
  const lines = mergeLines(order.items);
  requireKnownProducts(catalog, lines);
  requireCartRules(catalog, lines);
  const cart = priceCart(catalog, lines);

  const testMode = !shopifyConnected;
  const row = await insertOrder(tx, {
    userId: user.id,
    customerName: order.customer.customerName,
    customerEmail: order.customer.customerEmail,
    customerPhone: order.customer.customerPhone,
    businessName: order.customer.businessName,
    notes: order.notes,
    ...shippingFields(order.customer, user),
    status: 'pending',
    paymentStatus: 'unpaid',
    totalCases: cart.totalCases,
    standardTotal: cart.standardTotal,
    orderTotal: cart.orderTotal,
    tierId: cart.tier?.id ?? null,
    discountPercentage: cart.tier?.discountPercentage ?? 0,
    testMode,
    shopifySyncStatus: testMode ? 'not_required' : 'pending',
  });
  await insertOrderItems(
    tx,
    cart.lines.map((line) => ({
      orderId: row.id,
      productId: line.productId,
      quantity: line.quantity,
      price: line.unitPrice,
      name: line.name,
      sku: line.sku,
    })),
  );

  const submitted: SubmittedOrder = { ...row, orderNumber: formatOrderNumber(row.id) };
  // The confirmation goes to the account's own address, never to one typed into the order.
  await enqueueEmail(tx, orderSubmittedEmail(env, user, submitted, cart), {
    dedupeKey: `order-submitted:${row.id}`,
  });
  await enqueueEmail(tx, newOrderStaffEmail(env, env.STAFF_EMAIL, submitted, cart), {
    dedupeKey: `order-submitted-staff:${row.id}`,
  });
  // Its Shopify draft is made by a job after the commit, so a store that is down never fails the order.
  if (!testMode) await enqueueDraftOrderCreate(tx, row.id);
  return { orderId: row.id, orderNumber: submitted.orderNumber, testMode };
}

/** The most of one product an order may hold: the request's per-line limit, also once lines are merged. */
const MAX_LINE_QUANTITY = 100_000;

/**
 * One line per product (quantities added up, as two rows of one product are one line); empty lines
 * dropped; a merged quantity beyond the per-line limit is refused (security.md P4).
 */
export function mergeLines(items: OrderToPlace['items']): CartLine[] {
  const byProduct = new Map<number, number>();
  for (const item of items) {
    byProduct.set(item.productId, (byProduct.get(item.productId) ?? 0) + item.quantity);
  }
  const tooMany = [...byProduct].find(([, quantity]) => quantity > MAX_LINE_QUANTITY);
  if (tooMany) {
    throw new AppError(
      'VALIDATION_FAILED',
      `The quantity of product ${tooMany[0]} is too large (at most ${MAX_LINE_QUANTITY}).`,
    );
  }
  return [...byProduct]
    .filter(([, quantity]) => quantity > 0)
    .map(([productId, quantity]) => ({ productId, quantity }));
}

/** Unknown, inactive or hidden products: 422 naming them, no order (security.md P3). */
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

/** The spec's cart rules (spec 000 §5) with their exact messages; an empty order has its own message. */
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
 * The shipping address stored on the order: the split lines sent with the order when there are any (the
 * review page sends the profile's), else the profile's own; the combined string is derived when missing.
 */
function shippingFields(customer: OrderCustomer, user: UserRow): Partial<NewOrder> {
  const sent = [customer.shippingAddressLine1, customer.city, customer.state, customer.zip].some(Boolean);
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
        line1: user.shippingAddressLine1,
        line2: user.shippingAddressLine2,
        city: user.shippingCity,
        state: user.shippingState,
        zip: user.shippingZip,
        country: user.shippingCountry ?? customer.country,
      };
  const combined =
    customer.shippingAddress ??
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
