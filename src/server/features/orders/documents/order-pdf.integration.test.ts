import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatMoney } from '../../../../shared/money';
import { orderLineCells } from '../../../../shared/order-lines';
import { adminOrderPdfPath, orderPdfPath } from '../../../../shared/orders';
import { errorBodySchema } from '../../../../shared/schemas/errors';
import { createDraftOrderResponseSchema, orderDetailResponseSchema } from '../../../../shared/schemas/orders';
import { productListSchema } from '../../../../shared/schemas/products';
import { orders } from '../../../db/schema';
import { EVERY_PRODUCT_PDF_LINES, everyProductLines } from '../../../test/every-product';
import { pdfLines, pdfToText } from '../../../test/pdf-text';
import { createTestApp, sameOrigin, type TestApp } from '../../../test/test-app';
import { createUser } from '../../../test/factories/users';
import { signIn, signInAdmin } from '../../../test/factories/sign-in';

/*
 * The order PDF (issue 20 §3, docs/orders.md#order-pdf): the buyer downloads their own order's, staff any
 * order's; the text is read back out of the PDF with `pdftotext -layout` and the figures checked against the
 * order page's own answer (GET /api/orders/{id}) and against the catalogue's prices worked out by hand.
 */

let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await signInAdmin(t.app);
});
afterAll(() => t.close());

const contact = {
  customerName: 'Ada Buyer',
  customerEmail: 'ada.pdf@example.com',
  customerPhone: '555-0142',
  businessName: 'Mist & Co. Boutique',
  shippingAddressLine1: '5 Approval Way',
  shippingAddressLine2: 'Suite 200',
  city: 'Eugene',
  state: 'OR',
  zip: '97401',
  country: 'US',
};

const newCustomer = async () => {
  const user = await createUser(t.db);
  return { user, cookie: await signIn(t.app, t.db, user.email) };
};

const placeOrder = async (
  cookie: string,
  items: Array<{ productId: number; quantity: number }>,
  extra: Record<string, unknown> = {},
) => {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/create-draft-order',
    headers: { ...sameOrigin, cookie, 'idempotency-key': randomUUID() },
    payload: { customer: contact, orderItems: items, ...extra },
  });
  expect(response.statusCode, response.body).toBe(201);
  return createDraftOrderResponseSchema.parse(response.json());
};

const get = (url: string, cookie?: string) => t.app.inject({ url, headers: cookie ? { cookie } : {} });

/** The PDF at `url`, checked to be a PDF download, as its text lines (runs of spaces made one). */
async function readPdf(url: string, cookie: string) {
  const response = await get(url, cookie);
  expect(response.statusCode, response.body).toBe(200);
  expect(response.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  return { response, lines: pdfLines(await pdfToText(response.rawPayload)) };
}

const everyProduct = async () =>
  everyProductLines(productListSchema.parse((await get('/api/products')).json()));

describe('GET /api/orders/{id}/pdf', () => {
  it('gives the buyer their own order as a PDF download named after the order, cached nowhere', async () => {
    const { cookie } = await newCustomer();
    const placed = await placeOrder(cookie, [{ productId: 1, quantity: 24 }]);
    const { response } = await readPdf(orderPdfPath(placed.orderId), cookie);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe(`attachment; filename="${placed.orderName}.pdf"`);
    expect(response.headers['cache-control']).toBe('private, no-store');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });

  it('reads back an order of every product: each line in cases and bottles with its prices, tier, savings, shipping, total, status and terms', async () => {
    const { cookie } = await newCustomer();
    const items = await everyProduct();
    expect(items).toHaveLength(5);
    const placed = await placeOrder(cookie, items, { poNumber: 'PO-7781/B', notes: 'Ring the bell.' });
    const detail = orderDetailResponseSchema.parse(
      (await get(`/api/orders/${placed.orderId}`, cookie)).json(),
    );
    const { lines } = await readPdf(orderPdfPath(placed.orderId), cookie);

    expect(lines[0]).toBe(t.env.STORE_NAME);
    // The seller's contact under its name, as the e-mails give it.
    expect(lines[1]).toBe(`Questions? ${t.env.SUPPORT_EMAIL}`);
    expect(lines).toContain(`Order ${placed.orderName}`);
    expect(lines).toContain(`Order number ${placed.orderName}`);
    expect(lines).toContain('PO number PO-7781/B');
    expect(lines).toContain('Status Pending');
    expect(lines).toContain('Payment terms Pay on approval');
    expect(lines).toContain('Payment status Unpaid');
    expect(lines.some((line) => line.startsWith('Payment due'))).toBe(false);
    expect(lines.some((line) => line.startsWith('Pay now'))).toBe(false);
    expect(lines.some((line) => /^Submitted [A-Z][a-z]{2} \d{1,2}, \d{4} · Pending$/.test(line))).toBe(true);
    // The buyer's business beside the address, as pdftotext reads two columns.
    expect(lines).toContain('Buyer Ship to');
    expect(lines).toContain('Mist & Co. Boutique 5 Approval Way');
    expect(lines).toContain('Ada Buyer Suite 200');
    expect(lines).toContain('ada.pdf@example.com Eugene, OR 97401');
    expect(lines).toContain('555-0142 US');
    expect(lines).toContain('Product Cases Bottles Price Total');

    // Every line as the order page shows it (shared/order-lines.ts), and its SKU under it.
    expect(detail.items).toHaveLength(items.length);
    for (const item of detail.items) {
      const cells = orderLineCells(item);
      expect(lines).toContain(`${item.name} ${cells.cases} ${cells.bottles} ${cells.price} ${cells.total}`);
      expect(lines).toContain(`SKU: ${item.sku}`);
    }
    // The same figures worked out by hand from the seeded catalogue.
    for (const line of EVERY_PRODUCT_PDF_LINES) expect(lines).toContain(line);
    expect(lines).toContain(`Bottles ${detail.order.totalUnits}`);
    expect(formatMoney(detail.orderTotal)).toBe('$335.04');
    expect(lines).toContain('Notes');
    expect(lines).toContain('Ring the bell.');
  });

  it('shows net terms with the due date once approved, and Overdue once it has passed unpaid', async () => {
    const { cookie } = await newCustomer();
    const placed = await placeOrder(cookie, [{ productId: 1, quantity: 12 }]);
    const approvedAt = new Date('2024-03-05T10:00:00Z');
    const setTerms = (paymentDueAt: Date) =>
      t.db
        .update(orders)
        .set({ status: 'processing', approvedAt, paymentTerms: 'net30', paymentDueAt })
        .where(eq(orders.id, placed.orderId));

    await setTerms(new Date('2099-04-04T10:00:00Z'));
    let { lines } = await readPdf(orderPdfPath(placed.orderId), cookie);
    expect(lines).toContain('Status Processing');
    expect(lines).toContain('Approved Mar 5, 2024 · Processing');
    expect(lines).toContain('Payment terms Net 30');
    expect(lines).toContain('Payment status Payment due Apr 4, 2099');
    expect(lines).toContain('Tier Starter (5% off)');

    await setTerms(new Date('2024-04-04T10:00:00Z'));
    ({ lines } = await readPdf(orderPdfPath(placed.orderId), cookie));
    expect(lines).toContain('Payment status Overdue');
    expect(lines).toContain('Payment was due Apr 4, 2024');

    await t.db.update(orders).set({ paymentStatus: 'paid' }).where(eq(orders.id, placed.orderId));
    ({ lines } = await readPdf(orderPdfPath(placed.orderId), cookie));
    expect(lines).toContain('Payment status Paid');
    expect(lines.some((line) => line.startsWith('Payment was due'))).toBe(false);
  });

  it("carries Shopify's invoice as 'Pay now' while the order is owed, and only an https one", async () => {
    const { cookie } = await newCustomer();
    const placed = await placeOrder(cookie, [{ productId: 1, quantity: 12 }]);
    const invoice = 'https://shop.example/1/invoices/abc';
    const set = (values: Partial<typeof orders.$inferInsert>) =>
      t.db.update(orders).set(values).where(eq(orders.id, placed.orderId));
    const payNow = async () =>
      (await readPdf(orderPdfPath(placed.orderId), cookie)).lines.filter((line) =>
        line.startsWith('Pay now'),
      );

    await set({ status: 'processing', paymentStatus: 'invoice_sent', shopifyCheckoutUrl: invoice });
    expect(await payNow()).toEqual([`Pay now ${invoice}`]);

    await set({ shopifyCheckoutUrl: 'http://shop.example/1/invoices/abc' });
    expect(await payNow()).toEqual([]);

    await set({ shopifyCheckoutUrl: invoice, status: 'cancelled' });
    expect(await payNow()).toEqual([]);

    await set({ status: 'delivered', paymentStatus: 'paid' });
    expect(await payNow()).toEqual([]);
  });

  it('names a tier deleted since by its discount alone, and an order without one as None', async () => {
    const { cookie } = await newCustomer();
    const placed = await placeOrder(cookie, [{ productId: 1, quantity: 12 }]);
    await t.db.update(orders).set({ tierId: 999_999 }).where(eq(orders.id, placed.orderId));
    expect((await readPdf(orderPdfPath(placed.orderId), cookie)).lines).toContain('Tier 5% off');

    await t.db
      .update(orders)
      .set({ tierId: null, discountPercentage: 0, standardTotal: 12780, orderTotal: 12780 })
      .where(eq(orders.id, placed.orderId));
    const { lines } = await readPdf(orderPdfPath(placed.orderId), cookie);
    expect(lines).toContain('Tier None');
    expect(lines.some((line) => line.startsWith('Savings') || line.startsWith('Standard total'))).toBe(false);
  });

  it("draws the buyer's own words as text only, and what the fonts lack as '?'", async () => {
    const { cookie } = await newCustomer();
    const poNumber = ') Tj ET <</JS (x)>> «Q3»';
    const notes = 'Line one\nBT /F1 24 Tf (Injected) Tj ET\n東京 café ✓';
    const placed = await placeOrder(cookie, [{ productId: 1, quantity: 12 }], { poNumber, notes });
    const { response, lines } = await readPdf(orderPdfPath(placed.orderId), cookie);
    expect(lines).toContain(`PO number ${poNumber}`);
    expect(lines).toContain('Line one');
    expect(lines).toContain('BT /F1 24 Tf (Injected) Tj ET');
    expect(lines).toContain('?? café ?');
    // No script, link or launch action in the file.
    expect(response.rawPayload.toString('latin1')).not.toMatch(/\/(JavaScript|JS|URI|Launch|OpenAction)\b/);
  });

  it("answers another customer's order exactly like a missing one: 404", async () => {
    const owner = await newCustomer();
    const other = await newCustomer();
    const placed = await placeOrder(owner.cookie, [{ productId: 1, quantity: 12 }]);

    const theirs = await get(orderPdfPath(placed.orderId), other.cookie);
    const missing = await get(orderPdfPath(999_999), other.cookie);
    for (const response of [theirs, missing]) {
      expect(response.statusCode).toBe(404);
      expect(response.headers['content-type']).toMatch(/^application\/json/);
      expect(errorBodySchema.parse(response.json())).toMatchObject({
        code: 'NOT_FOUND',
        message: 'Order not found',
      });
    }
  });

  it('answers 401 signed out and 400 for an id that is not one', async () => {
    const { cookie } = await newCustomer();
    const placed = await placeOrder(cookie, [{ productId: 1, quantity: 12 }]);
    expect((await get(orderPdfPath(placed.orderId))).statusCode).toBe(401);
    expect((await get('/api/orders/abc/pdf', cookie)).statusCode).toBe(400);
  });
});

describe('GET /api/admin/orders/{id}/pdf', () => {
  it('refuses a customer (403), even for their own order, and a visitor (401)', async () => {
    const { cookie } = await newCustomer();
    const placed = await placeOrder(cookie, [{ productId: 1, quantity: 12 }]);
    expect((await get(adminOrderPdfPath(placed.orderId), cookie)).statusCode).toBe(403);
    expect((await get(adminOrderPdfPath(placed.orderId))).statusCode).toBe(401);
  });

  it("gives staff any customer's order as the same document", async () => {
    const { cookie } = await newCustomer();
    const placed = await placeOrder(cookie, await everyProduct(), { poNumber: 'PO-STAFF-1' });
    const staff = await readPdf(adminOrderPdfPath(placed.orderId), admin);
    const buyer = await readPdf(orderPdfPath(placed.orderId), cookie);
    expect(staff.response.headers['content-type']).toBe('application/pdf');
    expect(staff.response.headers['content-disposition']).toBe(
      `attachment; filename="${placed.orderName}.pdf"`,
    );
    expect(staff.lines).toEqual(buyer.lines);
    expect(staff.lines).toContain('PO number PO-STAFF-1');
    expect(staff.lines).toContain('Total $335.04');
  });

  it('answers 404 for a missing order', async () => {
    const response = await get(adminOrderPdfPath(999_999), admin);
    expect(response.statusCode).toBe(404);
    expect(errorBodySchema.parse(response.json()).message).toBe('Order not found');
  });
});
