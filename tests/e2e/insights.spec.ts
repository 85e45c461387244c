import { readFileSync } from 'node:fs';
import type { Download, Page } from '@playwright/test';
import { format } from 'date-fns';
import { formatCents, parseDecimalToCents, centsToDecimal } from '../../src/shared/money';
import { insightsResponseSchema, type InsightsResponse } from '../../src/shared/schemas/admin-insights';
import { orderListResponseSchema } from '../../src/shared/schemas/orders';
import { expect, test } from './support/a11y';
import {
  adminAndBuyerPages,
  fullName,
  newCustomer,
  openAdminSection,
  orderCases,
  registerApprovedCustomer,
} from './support/accounts';

/**
 * Insights end to end (docs/admin.md#insights, issue 20): a new customer places two orders, one large enough
 * to make them a top customer whatever the other journeys order meanwhile; the administrator finds Insights
 * first in the sidebar and the dashboard's default, and its figures, charts, tables and CSV files hold those
 * orders. Other journeys order on the same portal at the same time, so the shared figures (the week, the
 * pipeline) are checked against the answer the page was drawn from and to include this journey's orders;
 * this customer's own row is checked exactly. axe scans the section in both layouts (support/a11y.ts).
 */

test.describe.configure({ mode: 'serial' });

const customer = newCustomer('Insights');
const pages = adminAndBuyerPages();

/** Opens Insights from the sidebar and returns the answer the page draws. */
async function openInsights(admin: Page): Promise<InsightsResponse> {
  const answer = admin.waitForResponse(
    (response) => new URL(response.url()).pathname === '/api/admin/insights' && response.ok(),
  );
  await openAdminSection(admin, 'Insights');
  const body = insightsResponseSchema.parse(await (await answer).json());
  await expect(admin.getByRole('heading', { level: 1, name: 'Insights' })).toBeVisible();
  await expect(admin.getByText(/^As of /)).toBeVisible();
  return body;
}

function region(admin: Page, name: string) {
  return admin.getByRole('region', { name, exact: true });
}

async function downloadedText(admin: Page, button: string): Promise<string> {
  const downloading = admin.waitForEvent('download');
  await admin.getByRole('button', { name: button }).click();
  const download: Download = await downloading;
  return readFileSync(await download.path(), 'utf8');
}

const money = (decimal: string) => formatCents(parseDecimalToCents(decimal));

test('Insights is first in the sidebar and holds the orders a customer has just placed', async () => {
  const admin = pages.admin();
  const buyer = pages.buyer();
  await registerApprovedCustomer(admin, buyer, customer);
  await orderCases(buyer, 40);
  await orderCases(buyer, 2);
  const placed = orderListResponseSchema.parse(
    await (await buyer.request.get('/api/orders?page=1&limit=5')).json(),
  ).orders;
  expect(placed).toHaveLength(2);
  const revenueCents = placed.reduce((sum, order) => sum + parseDecimalToCents(order.orderTotal), 0);
  const lastOrderAt = placed[0]!.createdAt;

  // First in the sidebar, and what /admin opens when no other section was chosen.
  const sections = admin.getByRole('navigation', { name: 'Admin sections' }).getByRole('link');
  await expect(sections.first()).toHaveText('Insights');
  const data = await openInsights(admin);
  await expect(sections.first()).toHaveAttribute('aria-current', 'page');
  await expect(admin).toHaveTitle(/^Insights · Admin Dashboard/);

  // This customer's row of the top ten: both orders, their revenue and the last one's day.
  expect(data.topCustomers).toContainEqual(
    expect.objectContaining({
      businessName: customer.business,
      customerName: fullName(customer),
      orders: 2,
      revenue: centsToDecimal(revenueCents),
      lastOrderAt,
    }),
  );
  const row = region(admin, 'Top 10 customers').getByRole('row').filter({ hasText: customer.business });
  await expect(row.getByRole('cell')).toHaveText([
    fullName(customer),
    '2',
    formatCents(revenueCents),
    format(new Date(lastOrderAt), 'MMM d, yyyy'),
  ]);

  // The week: this week's bar holds both orders; its table row and the pointer's readout say what was sent.
  const thisWeek = data.weeks.at(-1)!;
  expect(thisWeek.orders).toBeGreaterThanOrEqual(2);
  expect(parseDecimalToCents(thisWeek.revenue)).toBeGreaterThanOrEqual(revenueCents);
  expect(data.pipeline.pending).toBeGreaterThanOrEqual(2);
  const weekly = region(admin, 'Orders and revenue per week');
  await expect(weekly.getByRole('img')).toHaveAttribute('aria-label', /^Orders and revenue per week/);
  const plot = weekly.locator('.u-over');
  await expect(plot).toBeVisible();
  // Pointing at the last week writes its figures above the chart (moved again should the page have been
  // resized for a scan meanwhile, which moves the chart under the pointer).
  const readout = weekly.locator('[data-chart-readout]');
  const expected =
    `${format(new Date(`${thisWeek.weekStart}T00:00:00`), 'MMM d')}: Revenue ${money(thisWeek.revenue)}, ` +
    `Orders ${thisWeek.orders.toLocaleString('en-US')}`;
  await expect(async () => {
    const box = (await plot.boundingBox())!;
    await plot.hover({ position: { x: box.width - 4, y: box.height / 2 } });
    await expect(readout).toHaveText(expected, { timeout: 1_000 });
  }).toPass();
  // The table is in the page for screen readers, out of sight until asked for.
  const table = weekly.getByRole('table', { name: /^Orders and revenue per week, last 12 weeks/ });
  await expect(weekly.locator('.sr-only').getByRole('table')).toHaveCount(1);
  await weekly.getByRole('button', { name: 'Show table of Orders and revenue per week' }).click();
  await expect(weekly.locator('.sr-only').getByRole('table')).toHaveCount(0);
  await expect(table).toBeVisible();
  const lastRow = table.getByRole('row').last();
  await expect(lastRow.getByRole('rowheader')).toHaveText(
    format(new Date(`${thisWeek.weekStart}T00:00:00`), 'MMM d, yyyy'),
  );
  await expect(lastRow.getByRole('cell')).toHaveText([
    thisWeek.orders.toLocaleString('en-US'),
    money(thisWeek.revenue),
  ]);

  // The pipeline's table, as sent: 'On hold' (docs/credit.md#on-hold) between Pending and Processing.
  const pipeline = region(admin, 'Order pipeline');
  await pipeline.getByRole('button', { name: 'Show table of Order pipeline' }).click();
  const stages = pipeline.getByRole('table');
  await expect(stages.getByRole('rowheader')).toHaveText([
    'Pending',
    'On hold',
    'Processing',
    'Shipped',
    /^Delivered \(/,
  ]);
  const { pending, onHold, processing, shipped, delivered } = data.pipeline;
  await expect(stages.getByRole('cell')).toHaveText(
    [pending, onHold, processing, shipped, delivered].map((count) => count.toLocaleString('en-US')),
  );

  // The CSV files: the week's last line and this customer's line.
  const weekCsv = (await downloadedText(admin, 'Download CSV of Orders and revenue per week')).split('\r\n');
  expect(weekCsv[0]).toBe('\uFEFFWeek starting,Orders,Revenue');
  expect(weekCsv.at(-2)).toBe(`${thisWeek.weekStart},${thisWeek.orders},${thisWeek.revenue}`);
  const topCsv = await downloadedText(admin, 'Download CSV of Top 10 customers');
  expect(topCsv.split('\r\n')[0]).toBe('\uFEFFBusiness,Customer,Orders,Revenue,Last order');
  expect(topCsv).toContain(
    `\r\n${customer.business},${fullName(customer)},2,${centsToDecimal(revenueCents)},${lastOrderAt}\r\n`,
  );
});

test('a reload comes back to Insights, which /admin opens by default', async () => {
  const admin = pages.admin();
  await admin.evaluate(() => localStorage.removeItem('wholesale-admin-section'));
  await admin.goto('/admin');
  await expect(admin.getByRole('heading', { level: 1, name: 'Insights' })).toBeVisible();
  await expect(
    admin.getByRole('navigation', { name: 'Admin sections' }).getByRole('link', { name: 'Insights' }),
  ).toHaveAttribute('aria-current', 'page');
  await expect(region(admin, 'Order pipeline').getByRole('img')).toBeVisible();
});
