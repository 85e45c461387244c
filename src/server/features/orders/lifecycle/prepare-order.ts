import { formatOrderNumber } from '../../../../shared/orders';
import { mayPlaceOrders } from '../../../../shared/company-roles';
import {
  ORDER_HANDS_MESSAGES,
  PREPARED_ORDER_EXPIRY_DAYS,
  type PrepareOrderResponse,
} from '../../../../shared/schemas/order-changes';
import type { PricingCatalog } from '../../../../shared/pricing';
import { fullName } from '../../../../shared/user-name';
import { recordAudit, type AuditActor } from '../../../audit/audit-log';
import type { DatabaseOrTransaction } from '../../../db/client';
import type { AccountRow } from '../../../db/schema';
import type { Env } from '../../../env';
import { AppError } from '../../../errors';
import { enqueueEmail } from '../../../mail/email.jobs';
import { preparedOrderEmail } from './order-hands-emails';
import { planOrder } from '../placement/place-order';
import { findPreparedByKey, insertPreparedOrder } from './change-writes';
import { withCompanyOwners } from './order-status-emails';

/*
 * Staff prepare an order for a company's buyer (docs/orders.md#staff-prepare-an-order): the order a phone
 * call or a trade show produced, priced exactly as the buyer's own order would be, waiting for the buyer to
 * confirm or decline it. Nothing goes to Shopify until they confirm.
 */

const DAY_MS = 24 * 60 * 60 * 1000;

export interface OrderToPrepare {
  locationId?: number | undefined;
  items: ReadonlyArray<{ productId: number; quantity: number }>;
  note: string | null;
  poNumber: string | null;
  approveOnConfirm: boolean;
  /** The dialog's key for this order (one per opening): sent again, the same order answers. */
  requestKey?: string | undefined;
}

/** Who staff may prepare an order for: an approved customer who may order for their company. */
function requireOrderer(person: AccountRow | null): AccountRow {
  const mayOrder =
    person !== null &&
    person.role === 'customer' &&
    person.status === 'approved' &&
    person.company !== null &&
    mayPlaceOrders(person.companyRole);
  if (!mayOrder) {
    throw new AppError('UNPROCESSABLE', ORDER_HANDS_MESSAGES.notOrderer, [
      { field: 'userId', message: ORDER_HANDS_MESSAGES.notOrderer },
    ]);
  }
  return person;
}

/** The person's name as the order keeps it: 'First Last', else their username. */
const personName = (person: AccountRow) => fullName(person) || person.username;

/**
 * Writes the order staff prepared for `person` (priced from `catalog`, the catalogue of this moment) as
 * awaiting their confirmation, with the audit entry and the e-mail to them and their company's owners, in
 * the caller's transaction. `orderId` is drawn by the caller.
 */
export async function prepareOrder(
  tx: DatabaseOrTransaction,
  context: {
    actor: AuditActor;
    env: Pick<Env, 'APP_ORIGIN' | 'STORE_NAME' | 'SUPPORT_EMAIL' | 'STAFF_EMAIL'>;
    storeConnected: boolean;
  },
  catalog: PricingCatalog,
  candidate: AccountRow | null,
  orderId: number,
  request: OrderToPrepare,
): Promise<PrepareOrderResponse> {
  const person = requireOrderer(candidate);
  const plan = planOrder(
    context.env,
    catalog,
    person,
    orderId,
    {
      customer: {
        customerName: personName(person),
        customerEmail: person.email,
        customerPhone: person.phone ?? null,
        businessName: person.company?.name ?? personName(person),
        shippingAddress: null,
        billingAddress: null,
        shippingAddressLine1: null,
        shippingAddressLine2: null,
        city: null,
        state: null,
        zip: null,
        country: 'US',
      },
      items: request.items,
      notes: null,
      poNumber: request.poNumber,
      // Always a location of theirs: the chosen one, else their first.
      locationId: request.locationId ?? person.locations[0]?.id,
    },
    context.storeConnected,
  );
  const now = new Date();
  const expiresAt = new Date(now.getTime() + PREPARED_ORDER_EXPIRY_DAYS * DAY_MS);
  // The plan's e-mails and draft job are a submission's: they wait for the buyer's confirmation.
  const order = await insertPreparedOrder(
    tx,
    { ...plan.order, shopifySyncStatus: 'not_required' },
    plan.items,
    {
      preparedByUserId: context.actor.user?.id ?? null,
      note: request.note,
      approveOnConfirm: request.approveOnConfirm,
      expiresAt,
      requestKey: request.requestKey ?? null,
    },
  );
  await recordAudit(tx, context.actor, {
    action: 'order.prepared',
    entityType: 'order',
    entityId: order.id,
    before: null,
    after: {
      status: order.status,
      userId: person.id,
      companyId: order.companyId,
      locationId: order.locationId,
      orderTotal: order.orderTotal,
      lines: plan.items.map(({ productId, quantity, price }) => ({ productId, quantity, price })),
      approveOnConfirm: request.approveOnConfirm,
    },
  });
  await enqueueEmail(
    tx,
    withCompanyOwners(
      preparedOrderEmail(context.env, person, order, request.note, plan.cart, expiresAt),
      order,
    ),
    { dedupeKey: `order-prepared:${order.id}` },
  );
  return preparedAnswer({ orderId: order.id, expiresAt });
}

/** POST /api/admin/orders's answer for a prepared order. */
export const preparedAnswer = (prepared: { orderId: number; expiresAt: Date }): PrepareOrderResponse => ({
  orderId: prepared.orderId,
  orderNumber: formatOrderNumber(prepared.orderId),
  confirmationExpiresAt: prepared.expiresAt.toISOString(),
});

/** PREPARED_ORDER_REQUEST_KEY: the unique constraint a second order under one dialog's key breaks. */
export const PREPARED_ORDER_REQUEST_KEY = 'prepared_orders_request_key_unique';

/**
 * The order `actor` already prepared under `requestKey`, as POST /api/admin/orders answers it; null for none
 * (a first request, or none sent).
 */
export async function findAlreadyPrepared(
  tx: DatabaseOrTransaction,
  actor: AuditActor,
  requestKey: string | undefined,
): Promise<PrepareOrderResponse | null> {
  if (!requestKey || !actor.user) return null;
  const prepared = await findPreparedByKey(tx, actor.user.id, requestKey);
  return prepared ? preparedAnswer(prepared) : null;
}
