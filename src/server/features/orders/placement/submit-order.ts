import {
  createDraftOrderResponseSchema,
  type CreateDraftOrderResponse,
} from '../../../../shared/schemas/orders';
import type { Database } from '../../../db/client';
import { AppError } from '../../../errors';
import { violatedConstraint } from '../../../db/postgres-errors';
import { LOCATION_NOT_YOURS_MESSAGE } from '../../../../shared/company-roles';
import type { PricingService } from '../../pricing';
import type { CountedRouteLimit } from '../../../security/counted-route-limit';

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
import type { AccountRow } from '../../../db/schema';

/** A catalogue that changes this often while one order is being written is not worth chasing further. */
const CATALOGUE_ATTEMPTS = 3;

export interface SubmitOrderDeps {
  db: Database;
  env: Parameters<typeof planOrder>[0];
  pricing: Pick<PricingService, 'currentCatalogue' | 'freshCatalogue'>;
  orderIds: OrderIds;
  /** The store connection exists: without it orders are placed in test mode (docs/shopify.md#test-mode). */
  shopifyConnected: boolean;
  /** The customers' submission limit (docs/security.md#rate-limits). */
  submissions: CountedRouteLimit;
}

/** The foreign key an order's location breaks when the location was removed after the session read it. */
const ORDER_LOCATION_FOREIGN_KEY = 'orders_location_id_company_locations_id_fk';

/**
 * POST /api/create-draft-order (docs/orders.md#idempotency, ADR 0019): the order is planned in memory from
 * the cached catalogue, then written with its idempotency key, answer, lines and jobs by one statement that
 * counts the submission against the customer's limit and checks the catalogue version it was priced at. A
 * newer version means the catalogue changed: it is read anew and the order planned again. A key the customer
 * already holds answers with its stored answer, never a second order. A submission that ends without the
 * statement (a refusal, a replay, a failure) is counted on its own before it is answered, so every
 * submission counts once, and beyond the limit the answer is 429 whatever it would have been
 * (docs/security.md#rate-limits).
 */
export async function submitOrder(
  deps: SubmitOrderDeps,
  user: AccountRow,
  idempotencyKey: string,
  order: OrderToPlace & { request: unknown },
  /** What the limit counts this submission as: `user:<id>`. */
  subject: string,
): Promise<IdempotentResponse<CreateDraftOrderResponse>> {
  let counted = false;
  const countOnItsOwn = async () => {
    if (counted) return;
    counted = true;
    await deps.submissions.count(subject);
  };
  try {
    return await placeOrder(deps, user, idempotencyKey, order, subject, {
      countOnItsOwn,
      countedByStatement: () => {
        counted = true;
      },
    });
  } catch (error) {
    await countOnItsOwn();
    throw error;
  }
}

interface Counting {
  /** Counts the submission with a statement of its own (once); beyond the limit, throws the 429. */
  countOnItsOwn: () => Promise<void>;
  /** The order's statement ran to its end, so it counted the submission. */
  countedByStatement: () => void;
}

async function placeOrder(
  deps: SubmitOrderDeps,
  user: AccountRow,
  idempotencyKey: string,
  order: OrderToPlace & { request: unknown },
  subject: string,
  counting: Counting,
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
  const { submissions } = deps;
  let limit: { key: string; max: number; windowMs: number } | null = {
    key: submissions.keyOf(subject),
    max: submissions.max,
    windowMs: submissions.windowMs,
  };
  for (let attempt = 1; attempt <= CATALOGUE_ATTEMPTS; attempt += 1) {
    let plan: OrderPlan;
    try {
      plan = planOrder(deps.env, catalogue.catalog, user, orderId, order, deps.shopifyConnected);
    } catch (error) {
      // A key already used keeps its first answer, even for a cart that would not pass any more.
      if (error instanceof AppError) {
        await counting.countOnItsOwn();
        const stored = await findStoredAnswer(deps.db, scope, requestHash);
        if (stored) return stored;
      }
      throw error;
    }
    const response = { status: 201, body: plan.response };
    try {
      const outcome = await writeOrder(deps.db, {
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
        limit,
      });
      counting.countedByStatement();
      if (outcome.written) return { ...response, replayed: false };
      if (outcome.limited) throw submissions.refusal(outcome.msLeft);
    } catch (error) {
      if (isKeyTaken(error)) {
        // The failed statement counted nothing: the replay is counted before it is answered.
        await counting.countOnItsOwn();
        return replayStoredAnswer(deps.db, scope, requestHash);
      }
      // A location removed a moment ago, still in a remembered session: refused like any other not theirs.
      if (violatedConstraint(error) === ORDER_LOCATION_FOREIGN_KEY) {
        await counting.countOnItsOwn();
        throw new AppError('UNPROCESSABLE', LOCATION_NOT_YOURS_MESSAGE);
      }
      throw error;
    }
    // Counted once: the attempts after a catalogue change count nothing more.
    limit = null;
    catalogue = await deps.pricing.freshCatalogue();
  }
  throw new AppError('UNAVAILABLE', 'The portal is busy. Please submit your order again.');
}
