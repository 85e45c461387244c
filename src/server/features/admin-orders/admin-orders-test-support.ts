import { randomUUID } from 'node:crypto';
import { and, asc, eq, isNull } from 'drizzle-orm';
import type { App } from '../../app';
import type { Database } from '../../db/client';
import { auditLog, orders } from '../../db/schema';
import { sameOrigin, TEST_ADMIN_PASSWORD } from '../../test/test-app';
import { sessionCookie } from '../accounts/accounts-test-support';
import { insertOrder, insertOrderItems, type NewOrder } from '../orders/orders-test-support';
import type { NewOrderItem } from '../orders/reads/orders.repository';

/** Signs the seeded administrator in through POST /api/admin/login and returns the session cookie. */
export async function signInAdmin(app: App): Promise<string> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/admin/login',
    headers: sameOrigin,
    payload: { username: 'admin', password: TEST_ADMIN_PASSWORD },
  });
  const cookie = sessionCookie(response);
  if (response.statusCode !== 200 || !cookie) throw new Error(`admin sign-in failed: ${response.body}`);
  return cookie;
}

/** A word no other test's orders contain, to search for one test's orders only. */
export const uniqueTag = () => `t${randomUUID().replaceAll('-', '').slice(0, 12)}`;

/** Stores an order straight in the database (with its lines), as placed at `createdAt`. */
export async function storeOrder(
  db: Database,
  values: Partial<NewOrder> = {},
  items: Array<Omit<NewOrderItem, 'orderId'>> = [],
) {
  const order = await insertOrder(db, {
    customerName: 'Ada Buyer',
    customerEmail: 'ada@example.com',
    businessName: 'Mist Shop',
    orderTotal: 25560,
    standardTotal: 25560,
    totalCases: 2,
    ...values,
  });
  await insertOrderItems(
    db,
    items.map((item) => ({ ...item, orderId: order.id })),
  );
  return order;
}

/** The audit rows of one order, or (null) of a bulk action such as 'order.export', oldest first. */
export async function auditRowsOf(db: Database, orderId: number | null, action?: string) {
  return db
    .select()
    .from(auditLog)
    .where(
      and(
        eq(auditLog.entityType, 'order'),
        orderId === null ? isNull(auditLog.entityId) : eq(auditLog.entityId, String(orderId)),
        action ? eq(auditLog.action, action) : undefined,
      ),
    )
    .orderBy(asc(auditLog.id));
}

export async function readOrder(db: Database, id: number) {
  const [row] = await db.select().from(orders).where(eq(orders.id, id));
  if (!row) throw new Error(`no order ${id}`);
  return row;
}

/** A minimal RFC 4180 reader, so the tests check the export as a spreadsheet would read it. */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const char = text[i];
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (char === '"') quoted = false;
      else field += char;
    } else if (char === '"') quoted = true;
    else if (char === ',') {
      row.push(field);
      field = '';
    } else if (char === '\r' && text[i + 1] === '\n') {
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
      i++;
    } else field += char;
  }
  if (field !== '' || row.length > 0) rows.push([...row, field]);
  return rows;
}
