import {
  createDraftOrderResponseSchema,
  type CreateDraftOrderResponse,
} from '../../../../shared/schemas/orders';
import type { Database } from '../../../db/client';
import { AppError } from '../../../errors';
import type { PricingService } from '../../pricing';

import {
  findStoredAnswer,
  hashRequest,
  IDEMPOTENCY_KEY_LIFETIME_MS,
  isKeyTaken,
  replayStoredAnswer,
  type IdempotencyScope,
  type IdempotentResponse,
} from './idempotency';
import type { OrderIds } from './order-ids';
import { planOrder, type OrderPlan, type OrderToPlace } from './place-order';
import { writeOrder } from '../reads/orders.repository';
import type { UserRow } from '../../../db/schema';

/** A catalogue that changes this often while one order is being written is not worth chasing further. */
const CATALOGUE_ATTEMPTS = 3;

export interface SubmitOrderDeps {
  db: Database;
  env: Parameters<typeof planOrder>[0];
  pricing: Pick<PricingService, 'currentCatalogue' | 'freshCatalogue'>;
  orderIds: OrderIds;
  /** The store connection exists: without it orders are placed in test mode (docs/shopify.md#test-mode). */
  shopifyConnected: boolean;
}

/**
 * POST /api/create-draft-order (docs/orders.md#idempotency, ADR 0019): the order is planned in memory from
 * the cached catalogue, then written with its idempotency key, answer, lines and jobs by one statement that
 * checks the catalogue version it was priced at. A newer version means the catalogue changed: it is read anew
 * and the order planned again. A key the customer already holds answers with its stored answer, never a
 * second order.
 */
export async function submitOrder(
  deps: SubmitOrderDeps,
  user: UserRow,
  idempotencyKey: string,
  order: OrderToPlace & { request: unknown },
): Promise<IdempotentResponse<CreateDraftOrderResponse>> {
  const scope: IdempotencyScope<CreateDraftOrderResponse> = {
    userId: user.id,
    key: idempotencyKey,
    request: order.request,
    parseStoredBody: (body) => createDraftOrderResponseSchema.parse(body),
  };
  const requestHash = hashRequest(scope.request);
  const orderId = await deps.orderIds.next();
  let catalogue = await deps.pricing.currentCatalogue();
  for (let attempt = 1; attempt <= CATALOGUE_ATTEMPTS; attempt += 1) {
    let plan: OrderPlan;
    try {
      plan = planOrder(deps.env, catalogue.catalog, user, orderId, order, deps.shopifyConnected);
    } catch (error) {
      // A key already used keeps its first answer, even for a cart that would not pass any more.
      if (error instanceof AppError) {
        const stored = await findStoredAnswer(deps.db, scope, requestHash);
        if (stored) return stored;
      }
      throw error;
    }
    const response = { status: 201, body: plan.response };
    try {
      const written = await writeOrder(deps.db, {
        catalogVersion: catalogue.version,
        key: {
          userId: user.id,
          key: idempotencyKey,
          requestHash,
          expiresAt: new Date(Date.now() + IDEMPOTENCY_KEY_LIFETIME_MS),
          response,
        },
        order: plan.order,
        items: plan.items,
        jobs: plan.jobs,
      });
      if (written) return { ...response, replayed: false };
    } catch (error) {
      if (isKeyTaken(error)) return replayStoredAnswer(deps.db, scope, requestHash);
      throw error;
    }
    catalogue = await deps.pricing.freshCatalogue();
  }
  throw new AppError('UNAVAILABLE', 'The portal is busy. Please submit your order again.');
}
