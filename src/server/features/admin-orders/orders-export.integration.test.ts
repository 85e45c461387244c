import { request as httpRequest, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/test-app';
import { findOrdersAfter, orderFilterCondition, type OrderKey } from '../orders';
import { parseCsv } from './admin-orders-test-support';
import { auditRowsOf } from '../../test/factories/audit';
import { signInAdmin } from '../../test/factories/sign-in';
import { uniqueTag } from '../../test/factories/orders';
import { ORDERS_CSV_COLUMNS, ORDERS_CSV_PAGE_ROWS, ordersCsvChunks } from './orders-csv';

/*
 * The streamed orders export (issue 29 §9, docs/admin.md#orders): a large export arrives whole and in order,
 * is sent as it is read (chunked, a page of orders at a time), and other requests are answered meanwhile.
 */

const MANY = 2_000;
let t: TestApp;
let admin: string;
let base: string;
let tag: string;
/** The tagged orders' ids in the export's order: newest first, the id breaking ties. */
let expectedIds: number[];

beforeAll(async () => {
  t = await createTestApp();
  admin = await signInAdmin(t.app);
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  tag = uniqueTag();
  // Three orders share each time, and times lie 7 µs apart: pages end inside a millisecond and inside a tie.
  const values = Array.from({ length: MANY }, (_, i) => ({
    customerName: `Buyer ${i}`,
    customerEmail: `buyer${i}@example.com`,
    businessName: `${tag} Shop ${i}`,
    notes: i % 50 === 0 ? `=SUM(A1) "quoted", and\r\na new line ${i}` : null,
    orderTotal: 1000 + i,
    totalCases: 1 + (i % 7),
    createdAt: sql`timestamptz '2030-01-01 00:00:00+00' - ${Math.floor(i / 3)} * interval '7 microseconds'`,
  }));
  const inserted: Array<{ id: number; i: number }> = [];
  for (let start = 0; start < MANY; start += 500) {
    const rows = await t.db
      .insert(orders)
      .values(values.slice(start, start + 500))
      .returning({ id: orders.id });
    rows.forEach((row, offset) => inserted.push({ id: row.id, i: start + offset }));
  }
  expectedIds = inserted
    .sort((a, b) => Math.floor(a.i / 3) - Math.floor(b.i / 3) || b.id - a.id)
    .map((row) => row.id);
}, 120_000);
afterAll(() => t.close());

const exportPath = () => `/api/admin/orders/export.csv?search=${tag}`;

function expectWholeExport(body: string) {
  expect(body.startsWith('\uFEFF')).toBe(true);
  const [header, ...rows] = parseCsv(body.slice(1));
  expect(header).toEqual([...ORDERS_CSV_COLUMNS]);
  expect(rows.map((row) => row[0])).toEqual(expectedIds.map((id) => `WO-${1000 + id}`));
  const cell = (row: string[] | undefined, column: (typeof ORDERS_CSV_COLUMNS)[number]) =>
    row?.[ORDERS_CSV_COLUMNS.indexOf(column)];
  const first = rows[0];
  expect(cell(first, 'Business')).toBe(`${tag} Shop 2`);
  expect(cell(first, 'Total')).toBe('10.02');
  expect(cell(first, 'Date')).toBe('2030-01-01 00:00');
  // The payment state's words, as on screen (issue 31): pending and unpaid, no due date yet.
  expect(cell(first, 'Payment')).toBe('Unpaid');
  expect(cell(first, 'Payment due')).toBe('');
  // Formulas neutralised and RFC 4180 quoting kept, in every page.
  const noted = rows.filter((row) => cell(row, 'Notes') !== '');
  expect(noted).toHaveLength(MANY / 50);
  for (const row of noted)
    expect(cell(row, 'Notes')).toMatch(/^'=SUM\(A1\) "quoted", and\r\na new line \d+$/);
}

describe('the streamed orders export', () => {
  it('arrives whole and in order, streamed (chunked, no Content-Length), compressed or not', async () => {
    for (const encoding of ['gzip', 'br', 'identity']) {
      const response = await fetch(`${base}${exportPath()}`, {
        headers: { cookie: admin, 'accept-encoding': encoding },
      });
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
      expect(response.headers.get('content-disposition')).toMatch(
        /^attachment; filename="orders-\d{4}-\d{2}-\d{2}\.csv"$/,
      );
      expect(response.headers.get('content-length'), encoding).toBeNull();
      expect(response.headers.get('transfer-encoding')).toBe('chunked');
      expect(response.headers.get('content-encoding')).toBe(encoding === 'identity' ? null : encoding);
      expect(response.headers.get('x-total-count')).toBe(String(MANY));
      expect(response.headers.get('cache-control')).toBe('no-store');
      // As a file is saved: the byte-order mark kept (response.text() would drop it).
      expectWholeExport(new TextDecoder('utf-8', { ignoreBOM: true }).decode(await response.arrayBuffer()));
    }
    const audits = (
      await auditRowsOf(t.db, { entityType: 'order', entityId: null, action: 'order.export' })
    ).slice(-3);
    expect(audits.map((row) => row.after)).toEqual(
      Array.from({ length: 3 }, () => ({ filter: expect.objectContaining({ search: tag }), orders: MANY })),
    );
  });

  it('reads the orders a page at a time, each only when the previous one has been taken', async () => {
    const where = orderFilterCondition({ search: tag, status: 'all' });
    const reads: Array<OrderKey | null> = [];
    const chunks = ordersCsvChunks((after) => {
      reads.push(after);
      return findOrdersAfter(t.db, where, after, ORDERS_CSV_PAGE_ROWS);
    });
    const taken: string[] = [];
    const take = async () => {
      const next = await chunks.next();
      if (!next.done) taken.push(next.value);
      return next.done;
    };
    await take();
    expect(reads).toHaveLength(0); // the header row needs no read
    await take();
    expect(reads).toHaveLength(1);
    await take();
    expect(reads).toHaveLength(2);
    while (!(await take()));
    // Four full pages, then the empty read that finds the end.
    expect(reads).toHaveLength(MANY / ORDERS_CSV_PAGE_ROWS + 1);
    expect(taken).toHaveLength(1 + MANY / ORDERS_CSV_PAGE_ROWS);
    expectWholeExport(taken.join(''));
  });

  it('leaves the server answering other requests while a large export is under way', async () => {
    const events: string[] = [];
    const body = await new Promise<string>((resolve, reject) => {
      const exporting = httpRequest(`${base}${exportPath()}`, { headers: { cookie: admin } });
      exporting.on('error', reject);
      exporting.on('response', (response: IncomingMessage) => {
        events.push('export headers');
        const parts: Buffer[] = [];
        response.on('data', (part: Buffer) => parts.push(part));
        response.on('end', () => {
          events.push('export end');
          resolve(Buffer.concat(parts).toString('utf8'));
        });
        // Asked once the export has started: answered before it ends.
        void fetch(`${base}/api/health/live`).then((live) => events.push(`live ${live.status}`), reject);
      });
      exporting.end();
    });
    expect(events).toEqual(['export headers', 'live 200', 'export end']);
    expectWholeExport(body);
  });
});
