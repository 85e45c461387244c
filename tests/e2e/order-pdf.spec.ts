import { readFile } from 'node:fs/promises';
import type { Download, Page } from '@playwright/test';
import { EVERY_PRODUCT_PDF_LINES } from '../../src/server/test/every-product';
import { pdfLines, pdfToText } from '../../src/server/test/pdf-text';
import {
  adminAndBuyerPages,
  fullName,
  newCustomer,
  openAdminSection,
  registerApprovedCustomer,
} from './support/accounts';
import { expect, test } from './support/a11y';

/**
 * The order PDF end to end (issue 20 §3, docs/orders.md#order-pdf): a new customer orders every product with a
 * PO number, downloads the order's PDF from the order page, and the text read back out of it (pdftotext)
 * carries the order, the buyer, the address and every figure; staff download the same order's PDF from
 * admin Orders. The customer is registered here, so no other file shares its history or its sign-in limit.
 */

test.describe.configure({ mode: 'serial' });

const customer = newCustomer('PdfOrder');
const PO_NUMBER = `PO-${Date.now()}-PDF`;
const pages = adminAndBuyerPages();

let orderNumber = '';
let buyerLines: string[] = [];

/** Clicks `link`, saves what it downloads, and reads the PDF's text: its file name and its lines. */
async function downloadPdf(page: Page, click: () => Promise<void>) {
  const [download] = await Promise.all([page.waitForEvent('download'), click()]);
  return { fileName: download.suggestedFilename(), lines: await readDownload(download) };
}

async function readDownload(download: Download): Promise<string[]> {
  const bytes = await readFile(await download.path());
  expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  return pdfLines(await pdfToText(bytes));
}

test('a customer downloads the PDF of an order of every product from the order page', async () => {
  test.slow();
  const admin = pages.admin();
  const buyer = pages.buyer();
  await registerApprovedCustomer(admin, buyer, customer);

  await buyer.goto('/');
  // One case (or bundle) of each, and the tester: src/server/test/every-product.ts.
  for (const product of ['4 oz Bottle', '1 oz Bottle', '50/50 Split Pack', 'Case of Mixed Bottles']) {
    await buyer.getByLabel(`Cases of ${product}`, { exact: true }).fill('1');
  }
  await buyer.getByRole('button', { name: 'Add tester', exact: true }).click();
  await buyer.getByRole('button', { name: 'Review Your Order' }).click();
  await expect(buyer).toHaveURL(/\/confirm$/);
  await buyer.getByRole('textbox', { name: 'PO number (optional)' }).fill(PO_NUMBER);
  await buyer.getByRole('button', { name: 'Submit Order for Approval' }).click();
  await expect(buyer.getByRole('heading', { name: 'Order Submitted Successfully!' })).toBeVisible();
  orderNumber = new URL(buyer.url()).searchParams.get('orderNumber')!;

  await buyer.getByRole('link', { name: "View this order's details" }).click();
  await expect(buyer.getByRole('heading', { level: 1, name: `Order ${orderNumber}` })).toBeVisible();
  const link = buyer.getByRole('link', { name: 'Download PDF' });
  await expect(link).toHaveAttribute('download', '');
  const { fileName, lines } = await downloadPdf(buyer, () => link.click());
  // The page is still the order page: a download, not a navigation.
  await expect(buyer.getByRole('heading', { level: 1, name: `Order ${orderNumber}` })).toBeVisible();

  expect(fileName).toBe(`${orderNumber}.pdf`);
  expect(lines).toContain(`Order ${orderNumber}`);
  expect(lines).toContain(`Order number ${orderNumber}`);
  expect(lines).toContain(`PO number ${PO_NUMBER}`);
  expect(lines).toContain('Status Pending');
  expect(lines).toContain('Payment terms Pay on approval');
  // Buyer and Ship to side by side: each line holds the buyer's line, then the address's.
  expect(lines).toContain('Buyer Ship to');
  expect(lines).toContain(`${customer.business} 5 Approval Way`);
  expect(lines).toContain(`${fullName(customer)} Eugene, OR 97401`);
  expect(lines.some((line) => line.startsWith(customer.email))).toBe(true);
  for (const line of EVERY_PRODUCT_PDF_LINES) expect(lines).toContain(line);
  buyerLines = lines;
});

test("staff download the same order's PDF from admin Orders", async () => {
  const admin = pages.admin();
  await openAdminSection(admin, 'Orders');
  await admin.getByLabel('Search orders').fill(PO_NUMBER);
  const row = admin.getByRole('table', { name: 'Orders' }).getByRole('row').filter({ hasText: orderNumber });
  const link = row.getByRole('link', { name: `Download PDF of ${orderNumber}` });
  await expect(link).toHaveText('Download PDF');

  const { fileName, lines } = await downloadPdf(admin, () => link.click());
  expect(fileName).toBe(`${orderNumber}.pdf`);
  expect(lines).toContain(`PO number ${PO_NUMBER}`);
  for (const line of EVERY_PRODUCT_PDF_LINES) expect(lines).toContain(line);
  // The very document the customer got (made the same day, so even its date line matches).
  expect(lines).toEqual(buyerLines);
});
