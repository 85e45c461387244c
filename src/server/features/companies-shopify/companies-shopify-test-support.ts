import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { appSettings } from '../../db/schema';
import { slotOf } from '../../jobs/slot-schedule';
import { jobToQueue } from '../../jobs/job-definition';
import { enqueueJob } from '../../jobs/queue';
import type { ShopifyTestApp } from '../../test/shopify-test-app';
import { placeOrder } from '../../test/factories/orders';
import { COMPANIES_RECONCILE_INTERVAL_MS, reconcileCompaniesJob } from './company-sync.jobs';

/**
 * The reconcile job of a fresh slot (as main.ts's timer queues it), then every job it queued; with `laterMs`
 * as if that much time had passed (the worker's clock).
 */
export async function reconcileCompanies(t: ShopifyTestApp, laterMs = 0): Promise<void> {
  const slot = `${slotOf(new Date(), COMPANIES_RECONCILE_INTERVAL_MS)}-${randomUUID()}`;
  await enqueueJob(t.db, jobToQueue(reconcileCompaniesJob, { slot }, { dedupeKey: `test:${slot}` }));
  await t.runJobs({ laterMs });
  await t.runJobs({ laterMs });
}

/** The store's company the portal made for `companyId` (by its external id), or undefined. */
export const shopifyCompanyOf = (t: ShopifyTestApp, companyId: number) =>
  t.fake.control.companies().find((company) => company.externalId === `portal-company-${companyId}`);

/** The names of the operations the store was asked for since `from` (an index into its request log). */
export const operationsSince = (t: ShopifyTestApp, from: number) =>
  t.fake.control.requests.slice(from).map((request) => request.operationName);

/** Forgets the remembered B2B answer, so the next sync asks the store again. */
export const forgetB2bAnswer = (t: ShopifyTestApp) =>
  t.db.delete(appSettings).where(eq(appSettings.key, 'shopify.b2b'));

/** POST /api/create-draft-order for one case of 4 oz, for `locationId` when given. */
export const orderFor = async (t: ShopifyTestApp, cookie: string, locationId?: number) => ({
  orderId: await placeOrder(t.app, cookie, locationId),
});
