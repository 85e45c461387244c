import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatOrderNumber } from '../../../shared/orders';
import { insightsResponseSchema, type InsightsResponse } from '../../../shared/schemas/admin-insights';
import type { OrderRow } from '../../db/schema';
import { sqlRows } from '../../test/sql-rows';
import { createTestApp, type TestApp } from '../../test/test-app';
import { createCustomer, createUser } from '../../test/factories/users';
import { signIn, signInAdmin } from '../../test/factories/sign-in';
import { storeOrder } from '../../test/factories/orders';
import { startOfUtcWeek } from './insights-weeks';

/**
 * GET /api/admin/insights (docs/admin.md#insights) on a data set small enough to know every figure. The
 * times are placed relative to the moment the test runs: whole weeks before the current one (always past),
 * and a minute ago (never before this week's Monday).
 */

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;
const WEEK = 7 * DAY;

let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await signInAdmin(t.app);
});
afterAll(() => t.close());

/** As the administrator, another user's `cookie`, or (null) signed out. */
const get = (cookie: string | null = admin) =>
  t.app.inject({ url: '/api/admin/insights', headers: cookie === null ? {} : { cookie } });

async function insights(): Promise<InsightsResponse> {
  const response = await get();
  expect(response.statusCode, response.body).toBe(200);
  return insightsResponseSchema.parse(response.json());
}

async function customer(businessName: string) {
  const user = await createCustomer(t.db, {
    business: { name: businessName, contact: { firstName: 'Kim', lastName: businessName } },
  });
  return { ...user, businessName };
}

async function tierIds(): Promise<Record<string, number>> {
  const tiers = await sqlRows<{ id: number; name: string }>(t.db, sql`select id, name from pricing_tiers`);
  return Object.fromEntries(tiers.map((tier) => [tier.name, tier.id]));
}

describe('with no orders yet', () => {
  it('answers zeros, every tier at zero, and nothing to list', async () => {
    const body = await insights();
    expect(body.lastOrderAt).toBeNull();
    expect(body.weeks).toHaveLength(12);
    expect(body.weeks.every((week) => week.orders === 0 && week.revenue === '0.00')).toBe(true);
    expect(body.totals).toEqual({ orders: 0, revenue: '0.00', averageOrderValue: null });
    expect(body.tiers.map((tier) => [tier.name, tier.orders])).toEqual([
      ['Starter', 0],
      ['Retailer', 0],
      ['Volume', 0],
      ['Distributor', 0],
    ]);
    expect(body.pipeline).toEqual({ pending: 0, onHold: 0, processing: 0, shipped: 0, delivered: 0 });
    expect(body.credit).toEqual({ openBalance: '0.00', overLimit: [], onHold: [] });
    expect(body).toMatchObject({
      oldestPendingOrder: null,
      oldestPendingRegistration: null,
      topCustomers: [],
      overdue: { count: 0, total: '0.00', orders: [] },
    });
  });
});

describe('with orders', () => {
  const now = new Date();
  const monday = startOfUtcWeek(now).getTime();
  /** `hours` into the week `weeks` before the current one. */
  const weeksAgo = (weeks: number, hours = 12) => new Date(monday - weeks * WEEK + hours * HOUR);
  /** In the current week, and in the past. */
  const thisWeek = new Date(Math.max(monday, now.getTime() - 60_000));
  const before = (ms: number) => new Date(now.getTime() - ms);

  const placed: Record<string, OrderRow> = {};
  let customers: Record<string, Awaited<ReturnType<typeof customer>>> = {};
  let registration: { id: number; createdAt: Date };

  beforeAll(async () => {
    const tier = await tierIds();
    customers = {
      alder: await customer('Alder Apothecary'),
      birch: await customer('Birch Beauty'),
      cedar: await customer('Cedar Corner'),
      dune: await customer('Dune Drugstore'),
    };
    const { alder, birch, cedar, dune } = customers;
    type Who = NonNullable<typeof alder>;
    type Extra = Parameters<typeof storeOrder>[1];
    /** One order of `who`, stored as placed at `createdAt` for `amount` dollars. */
    const order = async (
      name: string,
      who: Who,
      status: string,
      tierId: number | null | undefined,
      createdAt: Date,
      amount: number,
      extra: Extra = {},
    ) => {
      const cents = Math.round(amount * 100);
      const { id: userId, businessName } = who;
      const values = {
        userId,
        businessName,
        status,
        tierId,
        createdAt,
        orderTotal: cents,
        standardTotal: cents,
      };
      placed[name] = await storeOrder(t.db, { ...values, ...extra });
    };
    // The period (this week and the 11 before it); tier 9999 was deleted.
    await order('alderNow', alder!, 'pending', tier.Volume, thisWeek, 300);
    await order('alderLegacy', alder!, 'submitted', tier.Retailer, weeksAgo(1), 200);
    await order('alderProcessing', alder!, 'processing', tier.Starter, weeksAgo(2, 10), 100);
    await order('birchShipped', birch!, 'shipped', 9999, weeksAgo(2, 20), 120);
    await order('birchCompleted', birch!, 'completed', tier.Starter, weeksAgo(3), 150);
    await order('birchCancelled', birch!, 'cancelled', tier.Distributor, weeksAgo(3, 30), 999);
    // Prepared by staff, not yet confirmed by its buyer: no order yet, counted nowhere.
    await order('birchAwaiting', birch!, 'awaiting_confirmation', tier.Distributor, weeksAgo(3, 31), 888);
    await order('cedarTester', cedar!, 'delivered', null, weeksAgo(11, 1), 0, { totalCases: 0 });
    // Nine more customers, $11 to $19 each: the top ten leaves out the two smallest of all.
    for (let index = 1; index <= 9; index++) {
      const fern = await customer(`Fern ${index}`);
      customers[`fern${index}`] = fern;
      await order(`fern${index}`, fern, 'delivered', tier.Distributor, weeksAgo(5, index), 10 + index);
    }
    // Before the period: pending (so open, and the oldest), delivered, and the net-terms orders below.
    await order('dunePending', dune!, 'pending', tier.Volume, new Date(monday - 11 * WEEK - 1), 75);
    await order('duneDelivered', dune!, 'delivered', tier.Volume, weeksAgo(13), 80);
    const dueAt = (paymentDueAt: Date, paymentStatus: 'unpaid' | 'invoice_sent' | 'paid' = 'unpaid') => ({
      paymentTerms: 'net30' as const,
      paymentDueAt,
      paymentStatus,
    });
    const tenDaysAgo = before(10 * DAY + HOUR);
    await order(
      'overdueLong',
      dune!,
      'delivered',
      null,
      weeksAgo(16),
      410.5,
      dueAt(tenDaysAgo, 'invoice_sent'),
    );
    await order('overdueShort', dune!, 'delivered', null, weeksAgo(15), 89.25, dueAt(before(3 * DAY + HOUR)));
    await order('duePaid', dune!, 'delivered', null, weeksAgo(16), 500, dueAt(before(20 * DAY), 'paid'));
    await order('dueCancelled', dune!, 'cancelled', null, weeksAgo(16), 600, dueAt(before(20 * DAY)));
    await order(
      'dueLater',
      dune!,
      'delivered',
      null,
      weeksAgo(14),
      700,
      dueAt(new Date(now.getTime() + 2 * DAY)),
    );

    // Two registrations waiting for review, and one already rejected (not waiting).
    const waiting = async (hoursAgo: number, status: 'pending' | 'rejected' = 'pending') => {
      const createdAt = before(hoursAgo * HOUR);
      const user = await createCustomer(t.db, {
        status,
        createdAt,
        business: { name: `Applicant ${hoursAgo}h` },
      });
      return { id: user.id, createdAt };
    };
    await waiting(200, 'rejected');
    registration = await waiting(52);
    await waiting(5);
  });

  it('counts orders and revenue per week of the period, weeks without orders at zero', async () => {
    const body = await insights();
    expect(body.periodStart).toBe(new Date(monday - 11 * WEEK).toISOString().slice(0, 10));
    expect(body.weeks.map((week) => week.weekStart)).toEqual(
      Array.from({ length: 12 }, (_, index) =>
        new Date(monday - (11 - index) * WEEK).toISOString().slice(0, 10),
      ),
    );
    // Oldest week first: the tester alone 11 weeks ago; the Ferns 5 weeks ago; nothing in the other gaps.
    expect(body.weeks.map((week) => [week.orders, week.revenue])).toEqual([
      [1, '0.00'],
      [0, '0.00'],
      [0, '0.00'],
      [0, '0.00'],
      [0, '0.00'],
      [0, '0.00'],
      [9, '135.00'],
      [0, '0.00'],
      [1, '150.00'],
      [2, '220.00'],
      [1, '200.00'],
      [1, '300.00'],
    ]);
    expect(body.totals).toEqual({ orders: 15, revenue: '1005.00', averageOrderValue: '67.00' });
    expect(body.lastOrderAt).toBe(thisWeek.toISOString());
    expect(new Date(body.generatedAt).getTime()).toBeGreaterThanOrEqual(now.getTime());
  });

  it('counts the period’s orders per tier, then No tier and Deleted tier', async () => {
    const body = await insights();
    expect(
      body.tiers.map(({ name, minimumCases, orders, revenue }) => [name, minimumCases, orders, revenue]),
    ).toEqual([
      ['Starter', 1, 2, '250.00'],
      ['Retailer', 2, 1, '200.00'],
      ['Volume', 3, 1, '300.00'],
      ['Distributor', 5, 9, '135.00'],
      ['No tier', null, 1, '0.00'],
      ['Deleted tier', null, 1, '120.00'],
    ]);
  });

  it('shows the pipeline: open orders of any age, legacy values included, and the period’s delivered ones', async () => {
    const body = await insights();
    // pending: alderNow, alderLegacy (submitted), dunePending (before the period); delivered: birchCompleted
    // (completed), the tester and the nine Ferns. Cancelled orders and older deliveries are not in it.
    expect(body.pipeline).toEqual({ pending: 3, onHold: 0, processing: 1, shipped: 1, delivered: 11 });
  });

  it('names the oldest pending order and the registration waiting longest', async () => {
    const body = await insights();
    const oldest = placed.dunePending!;
    expect(body.oldestPendingOrder).toEqual({
      id: oldest.id,
      orderNumber: formatOrderNumber(oldest.id),
      businessName: 'Dune Drugstore',
      createdAt: oldest.createdAt.toISOString(),
    });
    expect(body.oldestPendingRegistration).toEqual({
      userId: registration.id,
      name: 'Ada Buyer',
      businessName: 'Applicant 52h',
      createdAt: registration.createdAt.toISOString(),
    });
  });

  it('ranks the top ten customers of the period by revenue, with their orders and last order', async () => {
    const body = await insights();
    const { alder, birch } = customers;
    expect(body.topCustomers.slice(0, 2)).toEqual([
      {
        userId: alder!.id,
        businessName: 'Alder Apothecary',
        customerName: 'Kim Alder Apothecary',
        orders: 3,
        revenue: '600.00',
        lastOrderAt: thisWeek.toISOString(),
      },
      {
        userId: birch!.id,
        businessName: 'Birch Beauty',
        customerName: 'Kim Birch Beauty',
        orders: 2,
        revenue: '270.00',
        lastOrderAt: placed.birchShipped!.createdAt.toISOString(),
      },
    ]);
    expect(body.topCustomers.map((row) => [row.businessName, row.revenue])).toEqual([
      ['Alder Apothecary', '600.00'],
      ['Birch Beauty', '270.00'],
      ...[9, 8, 7, 6, 5, 4, 3, 2].map((index) => [`Fern ${index}`, `${10 + index}.00`]),
    ]);
  });

  it('lists the overdue payments, longest overdue first, with their count and total', async () => {
    const body = await insights();
    const { overdueLong, overdueShort } = placed;
    expect(body.overdue).toEqual({
      count: 2,
      total: '499.75',
      orders: [
        {
          id: overdueLong!.id,
          orderNumber: formatOrderNumber(overdueLong!.id),
          businessName: 'Dune Drugstore',
          amount: '410.50',
          dueAt: overdueLong!.paymentDueAt!.toISOString(),
          daysOverdue: 10,
        },
        {
          id: overdueShort!.id,
          orderNumber: formatOrderNumber(overdueShort!.id),
          businessName: 'Dune Drugstore',
          amount: '89.25',
          dueAt: overdueShort!.paymentDueAt!.toISOString(),
          daysOverdue: 3,
        },
      ],
    });
  });

  it('is sent with Cache-Control: no-store', async () => {
    expect((await get()).headers['cache-control']).toBe('no-store');
  });
});

describe('access', () => {
  it('is for administrators only: 401 signed out, 403 for a customer', async () => {
    expect((await get(null)).statusCode).toBe(401);
    const buyer = await createUser(t.db);
    const cookie = await signIn(t.app, t.db, buyer.email);
    expect((await get(cookie)).statusCode).toBe(403);
  });
});
