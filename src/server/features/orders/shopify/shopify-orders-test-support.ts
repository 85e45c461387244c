import { randomUUID } from 'node:crypto';
import { asc, eq, like, sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { createDraftOrderResponseSchema, orderDetailResponseSchema } from '../../../../shared/schemas/orders';
import { updateOrderStatusResponseSchema } from '../../../../shared/schemas/admin-orders';
import type { App } from '../../../app';
import type { Database } from '../../../db/client';
import { jobs, orderItems } from '../../../db/schema';
import { sameOrigin } from '../../../test/test-app';
import { createUser } from '../../../test/factories/users';
import { signIn } from '../../../test/factories/sign-in';

export const FOUR_OZ = 1;
export const ONE_OZ = 21;

/** A fresh approved customer signed in through the real magic-link flow. */
export async function newCustomer(app: App, db: Database) {
  const user = await createUser(db);
  return { user, cookie: await signIn(app, db, user.email) };
}

export const contact = {
  customerName: 'Ada Buyer',
  customerEmail: 'ada.shopify@example.com',
  customerPhone: '555-0100',
  businessName: 'Mist Shop',
  shippingAddressLine1: '1 Main St',
  shippingAddressLine2: 'Suite 2',
  city: 'Springfield',
  state: 'IL',
  zip: '62701',
  country: 'United States',
};

/** Submits an order through POST /api/create-draft-order and expects the customer's 201. */
export async function submitOrder(
  app: App,
  cookie: string,
  lines: Array<{ productId: number; quantity: number }>,
  notes: string | null = 'Leave at the back door',
  poNumber: string | null = null,
) {
  const response = await app.inject({
    method: 'POST',
    url: '/api/create-draft-order',
    headers: { ...sameOrigin, cookie, 'idempotency-key': randomUUID() },
    payload: { customer: contact, orderItems: lines, notes, poNumber },
  });
  expect(response.statusCode, response.body).toBe(201);
  return createDraftOrderResponseSchema.parse(response.json());
}

export const itemsOf = (db: Database, orderId: number) =>
  db.select().from(orderItems).where(eq(orderItems.orderId, orderId)).orderBy(asc(orderItems.id));

/** The jobs of one kind ('shopify.draft-order.create', …), oldest first. */
export const jobsOfType = (db: Database, type: string) =>
  db.select().from(jobs).where(eq(jobs.type, type)).orderBy(asc(jobs.id));

export const shopifyJobs = (db: Database) =>
  db.select().from(jobs).where(like(jobs.type, 'shopify.draft-order.%')).orderBy(asc(jobs.id));

/** PATCH /api/admin/orders/{id}/status as the signed-in administrator. */
export async function setStatus(app: App, admin: string, id: number, status: string) {
  const response = await app.inject({
    method: 'PATCH',
    url: `/api/admin/orders/${id}/status`,
    headers: { ...sameOrigin, cookie: admin },
    payload: { status },
  });
  expect(response.statusCode, response.body).toBe(200);
  return updateOrderStatusResponseSchema.parse(response.json());
}

/** GET /api/orders/{id} as the customer. */
export async function customerOrder(app: App, cookie: string, id: number) {
  const response = await app.inject({ url: `/api/orders/${id}`, headers: { cookie } });
  expect(response.statusCode, response.body).toBe(200);
  return orderDetailResponseSchema.parse(response.json());
}

/** Gives a job (by id) `maxAttempts` in all, so a test reaches its last attempt at once. */
export const limitAttempts = (db: Database, jobId: number | undefined, maxAttempts: number) =>
  db
    .update(jobs)
    .set({ maxAttempts })
    .where(eq(jobs.id, jobId ?? 0));

/** The jobs of one kind for one order, oldest first. */
export const jobsOfOrder = async (db: Database, type: string, orderId: number) =>
  (await jobsOfType(db, type)).filter((job) => (job.payload as { orderId?: unknown }).orderId === orderId);

/**
 * Makes recording a draft on an order fail in the database (a trigger), as a database that fails right
 * after Shopify made the draft would; returns the undo.
 */
export async function failDraftRecording(db: Database): Promise<() => Promise<void>> {
  await db.execute(
    sql.raw(`create or replace function test_fail_draft_record() returns trigger language plpgsql as $$
      begin raise exception 'database unavailable (test)'; end $$`),
  );
  await db.execute(
    sql.raw(`create trigger test_fail_draft_record before update of shopify_draft_order_gid on orders
      for each row when (new.shopify_draft_order_gid is not null) execute function test_fail_draft_record()`),
  );
  return async () => {
    await db.execute(sql.raw('drop trigger if exists test_fail_draft_record on orders'));
  };
}

/** POST /api/admin/orders/{id}/shopify-sync as `cookie`. */
export const retryShopifySync = (app: App, cookie: string, id: number) =>
  app.inject({
    method: 'POST',
    url: `/api/admin/orders/${id}/shopify-sync`,
    headers: { ...sameOrigin, cookie },
  });
