import { formatOrderNumber, toOrderStatus } from '../../../../shared/orders';
import type { OrderRow } from '../../../db/schema';
import type { ShopifyError } from '../../../integrations/shopify/client';
import type { ShopifyDraftOrder } from '../../../integrations/shopify/shopify-api';
import { isCompanyAccessDenied } from '../../../integrations/shopify/shopify-errors';
import { writeJobPayload } from '../../../jobs/held-jobs';
import type { Job } from '../../../jobs/queue';
import { PermanentJobError, type JobHandler } from '../../../jobs/worker';
import { createJobPayloadSchema, type CreateJobPayload } from './draft-order-definitions';
import { findOrderById } from '../lifecycle/order-records';
import {
  markShopifySyncFailed,
  markShopifySyncPendingAgain,
  recordShopifyDraft,
  settleCancelledWithoutDraft,
} from '../lifecycle/order-transitions';
import { buildDraftLines, buildDraftOrderInput, draftOrderTag } from './draft-order-input';
import { isLastAttempt, shopifyJobError, shopifyOrderJob, type ShopifyOrderJobDeps } from './job-support';
import { loadDraftSource } from './shopify-orders.repository';

/*
 * 'shopify.draft-order.create': the order's draft in Shopify, exactly once (issue 8 'Orders';
 * docs/shopify.md#draft-order-lifecycle): looked up by its tag before every create, a marker on the job's row
 * before each create, no second create until Shopify's search has caught up, and the order marked 'failed'
 * when the job ends without a draft. Why each of these: docs/decisions/0013-shopify-calls-as-jobs.md.
 */

/** How long a draft may take to show up in Shopify's search after it was created. */
export const SEARCH_LAG_MS = 60_000;

export function createDraftOrderHandler(deps: ShopifyOrderJobDeps): JobHandler {
  const { db, shopify, log } = deps;

  const orderIdOf = (payload: unknown) => createJobPayloadSchema.safeParse(payload).data?.orderId;
  const options = {
    needsStaff: 'Shopify draft order could not be created; the order needs staff',
    onEnd: async (payload: unknown) => {
      const orderId = orderIdOf(payload);
      if (orderId) await markShopifySyncFailed(db, orderId, new Date());
    },
    // A last attempt put back is not the last any more: undo its pessimistic 'failed'.
    onPostponed: async (payload: unknown, job: Job) => {
      const orderId = orderIdOf(payload);
      if (orderId && isLastAttempt(job)) await markShopifySyncPendingAgain(db, orderId, new Date());
    },
  };

  return shopifyOrderJob(deps, options, async (rawPayload, job) => {
    const payload = createJobPayloadSchema.parse(rawPayload);
    const { orderId } = payload;
    const order = await findOrderById(db, orderId);
    if (!order) throw new PermanentJobError(`Order ${orderId} does not exist`);
    const context = { orderId, orderNumber: formatOrderNumber(orderId), jobId: job.id };
    if (order.shopifyDraftOrderGid) {
      log.info({ ...context, draft: order.shopifyOrderId }, 'Shopify draft order already created');
      return;
    }
    if (order.testMode) throw new PermanentJobError(`Order ${orderId} was placed in test mode`);

    // The worker's clock (job.lockedAt is when this attempt was claimed), so tests can move time on.
    const now = job.lockedAt ?? new Date();
    if (isLastAttempt(job)) await markShopifySyncFailed(db, orderId, now);
    const since = payload.createAttemptedAt ? new Date(payload.createAttemptedAt) : null;
    const searchMayLag = since !== null && now.getTime() - since.getTime() < SEARCH_LAG_MS;

    const notCreatedYet = (reason: string) =>
      new Error(`Shopify draft order for order ${orderId} not created yet: ${reason}`);
    const tag = draftOrderTag(orderId);
    const lookUp = async (): Promise<ShopifyDraftOrder | null> => {
      const found = await shopify.api.findDraftOrderByTag(tag);
      if (!found.ok) throw shopifyJobError('looking the draft up', found.error);
      return found.data;
    };

    if (toOrderStatus(order.status) === 'cancelled') {
      // Cancelled before its draft existed: create nothing. An earlier attempt may have created one, though;
      // then adopt it, and the delete job deletes it.
      const mayExist = job.attempts > 1 || since !== null;
      const existing = mayExist ? await lookUp() : null;
      if (existing) return adopt(order, existing, job);
      if (mayExist && searchMayLag) {
        throw notCreatedYet('waiting for Shopify search before giving up the draft');
      }
      // Under the row lock: staff may have brought the order back since it was read (restoreDraft then
      // left it to this job), and then it needs its draft after all.
      const settled = await settleCancelledWithoutDraft(db, orderId);
      if (!settled) throw notCreatedYet('the order is no longer cancelled; creating its draft next');
      log.info(context, 'order cancelled before its Shopify draft was created; none created');
      return;
    }

    const source = await loadDraftSource(db, order);
    const lines = buildDraftLines(source.items, source.pricing);
    if (!lines.ok) throw new PermanentJobError(`Shopify draft order for order ${orderId}: ${lines.reason}`);
    for (const warning of lines.warnings)
      log.warn({ ...context, warning }, 'Shopify draft order line adjusted');
    const customerInput = buildDraftOrderInput(order, lines.lines);
    const purchasingEntity = (await deps.purchasingEntityFor?.(order, now)) ?? null;
    const input = purchasingEntity ? { ...customerInput, purchasingEntity } : customerInput;

    const existing = await lookUp();
    if (existing) return adopt(order, existing, job);
    if (searchMayLag) {
      throw notCreatedYet('an earlier attempt may have created it; waiting for Shopify search to show it');
    }
    // Committed before the call: from here on a draft may exist whatever this attempt learns.
    const marked: CreateJobPayload = { ...payload, createAttemptedAt: now.toISOString() };
    if (!(await writeJobPayload(db, job, marked))) {
      throw new Error(`Create job ${job.id} lost its lock; not creating the draft`);
    }
    let created = await shopify.api.createDraftOrder(input);
    if (!created.ok && purchasingEntity && refusedPurchasingEntity(created.error)) {
      // Shopify refused the company (the merchant removed a role, the store lost B2B): the order still goes,
      // customer-based, in this attempt. Nothing was created by the refused call.
      log.warn(
        { ...context, error: created.error.message },
        'Shopify refused the draft for the company; customer-based',
      );
      created = await shopify.api.createDraftOrder(customerInput);
    }
    if (!created.ok) throw shopifyJobError('creating the draft', created.error);
    await recordShopifyDraft(db, order.id, created.data);
    log.info({ ...context, draft: created.data.name }, 'Shopify draft order created');
  });

  /**
   * A B2B draft Shopify refused: for its purchasing entity (the merchant removed a role, the store lost B2B)
   * or for anything else; a refusal creates nothing, so the customer-based draft is tried in its place and
   * refused in turn if the trouble was not the company.
   */
  function refusedPurchasingEntity(error: ShopifyError): boolean {
    return error.kind === 'user-errors' || isCompanyAccessDenied(error);
  }

  async function adopt(order: OrderRow, draft: ShopifyDraftOrder, job: Job): Promise<void> {
    const context = { orderId: order.id, jobId: job.id, draft: draft.name, status: draft.status };
    if (draft.status !== 'OPEN') log.warn(context, 'adopting a Shopify draft order that is no longer open');
    else log.info(context, 'adopting the Shopify draft order an earlier attempt created');
    // Recorded once, with what staff did meanwhile applied to it (a second writer changes nothing).
    await recordShopifyDraft(db, order.id, draft);
  }
}
